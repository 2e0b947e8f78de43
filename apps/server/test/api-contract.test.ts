/**
 * The routes and the contract are one (issue 16, issue 24; ADR 0027, ADR 0031): every `/api/` route is
 * registered from its endpoint object in @stg/domain/api/*.endpoints, with the endpoint's method and path;
 * every endpoint is served by exactly one route; and every JSON route declares its success answer, so the
 * OpenAPI document shows it and the serializer refuses an answer that drifted from the contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_PATH, API_PREFIX } from '@stg/domain/api/endpoint';
import { allEndpoints } from '@stg/domain/api/endpoints';
import { createTestApp } from './test-app';
import { SettableClock } from '../src/clock';

/** Endpoints that answer something other than JSON, with the reason. */
const NOT_JSON: Record<string, string> = {
  'orders.confirmations': 'the order confirmation websocket',
  'payouts.workOrderPdf': 'the work order, application/pdf (the route documents it)',
  'earnings.csv': "the vendor's earnings, text/csv (the route documents it)",
};

let app: FastifyInstance;
beforeAll(async () => {
  // With a settable clock and a job worker, so the development endpoints (clock, run-due) are served too.
  app = await createTestApp({ settableClock: new SettableClock(), jobWorker: true });
});
afterAll(() => app.close());

const apiRoutes = () =>
  app.routeTable.filter((r) => r.url.startsWith(API_PREFIX) && !r.url.startsWith(API_DOCS_PATH));

describe('the API contract', () => {
  it('every /api/ route is registered from its endpoint object, with its method and path', () => {
    const stray = apiRoutes()
      .filter((r) => !r.endpoint || r.endpoint.method !== r.method || r.endpoint.path !== r.url)
      .map((r) => `${r.method} ${r.url}`);
    expect(stray).toEqual([]);
  });

  it('every endpoint is served by exactly one route', () => {
    const served = new Map<unknown, number>();
    for (const r of apiRoutes()) served.set(r.endpoint, (served.get(r.endpoint) ?? 0) + 1);
    const wrong = allEndpoints()
      .filter(({ endpoint }) => served.get(endpoint) !== 1)
      .map(
        ({ name, endpoint }) =>
          `${name} (${endpoint.method} ${endpoint.path}): ${served.get(endpoint) ?? 0} routes`,
      );
    expect(wrong).toEqual([]);
  });

  it('every endpoint has a summary and a tag for the document', () => {
    const bare = allEndpoints()
      .filter(({ endpoint }) => !endpoint.summary.trim() || endpoint.tags.length === 0)
      .map(({ name }) => name);
    expect(bare).toEqual([]);
  });

  it('every JSON endpoint declares its success answer', async () => {
    const missing: string[] = [];
    for (const { name, endpoint } of allEndpoints()) {
      if (name in NOT_JSON) continue;
      const { responses } = await endpoint.schemas();
      if (!Object.keys(responses).some((code) => /^2\d\d$/.test(code))) missing.push(name);
    }
    expect(missing).toEqual([]);
  });

  it('the exceptions still exist', () => {
    const names = new Set(allEndpoints().map(({ name }) => name));
    for (const name of Object.keys(NOT_JSON)) expect(names).toContain(name);
  });
});
