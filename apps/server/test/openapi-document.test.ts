/**
 * Issue 16: the OpenAPI document (/api/docs/json, development only) shows every route's answer as its
 * contract declares it, not an empty placeholder: each JSON route has a 2xx answer with a JSON schema, and
 * an answer the contract names field by field (an object) lists those fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './test-app';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: unknown[];
  items?: JsonSchema;
  pattern?: string;
  format?: string;
}
interface MediaType {
  schema?: JsonSchema;
}
interface Operation {
  responses?: Record<string, { content?: Record<string, MediaType> }>;
  requestBody?: { content?: Record<string, MediaType> };
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** Routes that answer something other than JSON, with the reason (as in api-contract.test.ts). */
const NOT_JSON = new Set(['GET /api/cable']);
/** Routes whose answer is a file: the document names what it is instead of a JSON schema. */
const FILES: Record<string, string> = {
  'GET /api/orders/:id/work-order.pdf': 'application/pdf',
  'GET /api/vendors/:id/earnings.csv': 'text/csv',
};

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

/** Operations of the document, as `METHOD /path` → operation. */
function operations() {
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${p}`, op] as const),
  );
}

/** Every `allOf` in the document whose members are patterns alone (validators merge them into one). */
function patternAllOfs(value: unknown, at = '#'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => patternAllOfs(v, `${at}/${i}`));
  if (!value || typeof value !== 'object') return [];
  const o = value as Record<string, unknown>;
  const own =
    Array.isArray(o.allOf) && o.allOf.filter((m) => (m as JsonSchema)?.pattern !== undefined).length > 1
      ? [at]
      : [];
  return [...own, ...Object.entries(o).flatMap(([k, v]) => patternAllOfs(v, `${at}/${k}`))];
}

/** Error statuses whose body is not the error shape, with the reason. */
const NOT_ERROR_SHAPE: Record<string, string> = {
  'GET /api/health 503': 'readiness: the health answer itself, naming the check that failed',
  'GET /api/ready 503': 'readiness: the readiness answer itself, naming each check that failed',
};

describe('the error answers in the OpenAPI document (ADR 0028)', () => {
  it('every operation lists its 4xx and 500 answers in the error shape { errors: string[] }', () => {
    const problems: string[] = [];
    const ops = operations();
    for (const [key, op] of ops) {
      const errors = Object.entries(op.responses ?? {}).filter(([code]) => /^[45]\d\d$/.test(code));
      if (!errors.some(([code]) => code.startsWith('4'))) problems.push(`${key}: no 4xx answer`);
      if (!errors.some(([code]) => code === '500')) problems.push(`${key}: no 500 answer`);
      for (const [code, answer] of errors) {
        if (NOT_ERROR_SHAPE[`${key} ${code}`]) continue;
        const schema = answer.content?.['application/json']?.schema;
        const errorsField = schema?.properties?.errors;
        if (errorsField?.type !== 'array' || errorsField.items?.type !== 'string')
          problems.push(`${key} ${code}: not { errors: string[] }`);
        else if (!schema?.required?.includes('errors')) problems.push(`${key} ${code}: errors not required`);
        // Every error answer names its request (ADR 0039): the server adds `requestId` to each.
        else if (schema?.properties?.requestId?.type !== 'string')
          problems.push(`${key} ${code}: no requestId`);
      }
    }
    expect(problems).toEqual([]);
    const with4xx = ops.filter(([, op]) => Object.keys(op.responses ?? {}).some((c) => c.startsWith('4')));
    console.info(`OpenAPI: ${with4xx.length} of ${ops.length} operations document 4xx answers`);
  });

  it('lists what each kind of route answers: 401 signed out, 403 CSRF, 404 unknown id, 409, 422, 429', () => {
    const codes = (key: string) => {
      const [method, p] = key.split(' ') as [string, string];
      return Object.keys(doc.paths[p]?.[method.toLowerCase()]?.responses ?? {});
    };
    expect(codes('GET /api/vendors/{id}')).toEqual(expect.arrayContaining(['200', '404', '422', '500']));
    expect(codes('GET /api/orders')).toEqual(expect.arrayContaining(['401']));
    expect(codes('POST /api/vendors/{id}/reviews')).toEqual(
      expect.arrayContaining(['401', '403', '404', '409', '422', '429']),
    );
    expect(codes('POST /api/vendor_calendars/{id}/sync')).toEqual(
      expect.arrayContaining(['401', '403', '404', '422']),
    );
    expect(codes('POST /api/operator/listings/{id}/approve')).toEqual(expect.arrayContaining(['409']));
    expect(codes('POST /api/payments/webhook')).not.toContain('403');
    expect(codes('GET /api/vendors')).not.toContain('403');
  });

  it("create-payment-intent's errors also carry error_type and message, and the server keeps them", async () => {
    const op = doc.paths['/api/payments/create-payment-intent']?.post;
    for (const code of ['401', '409', '422']) {
      const schema = op?.responses?.[code]?.content?.['application/json']?.schema;
      expect(Object.keys(schema?.properties ?? {}), code).toEqual(
        expect.arrayContaining(['errors', 'error_type', 'message']),
      );
    }
    // Serialized through that schema, a refusal keeps its extra fields (a guest: not_logged_in).
    const session = await app.inject({ method: 'GET', url: '/api/session' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: {
        cookie: String(session.headers['set-cookie']).split(';')[0]!,
        'x-csrf-token': String(session.headers['x-csrf-token']),
      },
      payload: { booking: { id: 1 } },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error_type: 'not_logged_in', message: expect.any(String) });
    expect(res.json().errors).toEqual([expect.any(String)]);
  });

  it('PATCH /api/vendors/{id} documents its JSON and its multipart/form-data bodies', () => {
    const content = doc.paths['/api/vendors/{id}']?.patch?.requestBody?.content ?? {};
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(JSON.stringify(content)).not.toContain('$schema');
    const json = content['application/json']?.schema;
    expect(Object.keys(json?.properties ?? {})).toEqual(expect.arrayContaining(['vendor', 'password']));
    expect(Object.keys(json?.properties?.vendor?.properties ?? {})).toEqual(
      expect.arrayContaining(['name', 'email', 'listingStatus', 'pricingFormula']),
    );
    const form = content['multipart/form-data']?.schema?.properties ?? {};
    expect(form['vendor[logoImageUrl]']?.format).toBe('binary');
    expect(form['vendor[thumbnailImageUrl]']?.format).toBe('binary');
    expect(form['vendor[galleryImages][]']?.items?.format).toBe('binary');
  });

  it('the password rule is one pattern a good password matches', () => {
    expect(patternAllOfs(doc)).toEqual([]);
    const user = doc.paths['/api/users']?.post?.requestBody?.content?.['application/json']?.schema;
    const password = user?.properties?.user?.properties?.password;
    expect(password?.pattern).toBeDefined();
    const rule = new RegExp(password!.pattern!);
    expect(rule.test('Password123!')).toBe(true);
    expect(rule.test('correct horse 1')).toBe(true);
    for (const bad of ['passwordxx', '1234567890!', 'Pass123']) expect(rule.test(bad), bad).toBe(false);
  });
});
