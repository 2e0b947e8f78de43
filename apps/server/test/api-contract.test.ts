/**
 * Issue 16: every JSON route declares the schema of its answers (from @stg/domain/api), so the OpenAPI
 * document shows every answer and the serializer refuses an answer that drifted from the contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './test-app';

/** Routes that answer something other than JSON, with the reason. */
const NOT_JSON: Record<string, string> = {
  'GET /api/cable': 'the order confirmation websocket',
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the API contract', () => {
  it('every route declares its success answer', () => {
    const missing = app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => ({
        key: `${r.method} ${r.url}`,
        response: (r.schema as { response?: object } | undefined)?.response,
      }))
      .filter((r) => !(r.key in NOT_JSON))
      .filter((r) => !r.response || !Object.keys(r.response).some((code) => /^2\d\d$/.test(code)))
      .map((r) => r.key);
    expect(missing).toEqual([]);
  });

  it('the exceptions still exist', () => {
    const keys = new Set(app.routeTable.map((r) => `${r.method} ${r.url}`));
    for (const key of Object.keys(NOT_JSON)) expect(keys).toContain(key);
  });
});
