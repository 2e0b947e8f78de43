/**
 * Issue 16: the OpenAPI document (/api/docs/json, development only) shows every route's answer as its
 * contract declares it, not an empty placeholder: each JSON route has a 2xx answer with a JSON schema, and
 * an answer the contract names field by field (an object) lists those fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './test-app';

interface MediaType {
  schema?: { type?: string; properties?: Record<string, unknown>; anyOf?: unknown[]; items?: unknown };
}
interface Operation {
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** Routes that answer something other than JSON, with the reason (as in api-contract.test.ts). */
const NOT_JSON = new Set(['GET /api/cable']);
/** Routes whose answer is a file: the document names what it is instead of a JSON schema. */
const FILES: Record<string, string> = { 'GET /api/orders/:id/work-order.pdf': 'application/pdf' };

let app: FastifyInstance;
let doc: OpenApiDocument;
beforeAll(async () => {
  app = await createTestApp();
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<OpenApiDocument>();
});
afterAll(() => app.close());

/** Fastify's /api/vendors/:id as OpenAPI writes it: /api/vendors/{id}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

function jsonRoutes() {
  return app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
    .filter((r) => !NOT_JSON.has(`${r.method} ${r.url}`));
}

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3 document listing every JSON route', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const routes = jsonRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it("shows each route's success answer with its schema", () => {
    const problems: string[] = [];
    for (const r of jsonRoutes()) {
      const op = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
      const success = Object.entries(op?.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
      if (success.length === 0) {
        problems.push(`${r.method} ${r.url}: no 2xx answer`);
        continue;
      }
      for (const [code, answer] of success) {
        if (code === '204') continue;
        const schema = answer.content?.['application/json']?.schema;
        const file = FILES[`${r.method} ${r.url}`];
        if (file) {
          if (!JSON.stringify(answer).includes(file))
            problems.push(`${r.method} ${r.url} ${code}: not named ${file}`);
        } else if (!schema) problems.push(`${r.method} ${r.url} ${code}: no JSON schema`);
        else if (schema.type === 'object' && Object.keys(schema.properties ?? {}).length === 0)
          problems.push(`${r.method} ${r.url} ${code}: an object without its fields`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("names the fields of answers the web reads, e.g. the session's and a vendor's", () => {
    const session = doc.paths['/api/session']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    expect(Object.keys(session?.properties ?? {})).toEqual(
      expect.arrayContaining(['user', 'addresses', 'orders', 'vendor', 'bookings', 'guestInputs']),
    );
    const vendor =
      doc.paths['/api/vendors/{id}']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    expect(Object.keys(vendor?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'name', 'category', 'pricingInputs', 'calendar', 'reviews']),
    );
  });
});
