import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireOperator, requireOwnVendor, requireUser } from './auth';
import { auditAnswers, registerErrorAnswers, type UndocumentedAnswer } from './error-answers';
import { HttpError, registerErrorHandling } from './errors';

let app: FastifyInstance;
/** Each route's documented statuses, as the routes were registered (after the error answers joined). */
const documented = new Map<string, number[]>();
afterEach(() => app?.close());

async function build(found: UndocumentedAnswer[] = []) {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  registerErrorHandling(app);
  registerErrorAnswers(app);
  auditAnswers(app, found);
  app.addHook('onRoute', (route) => {
    const codes = Object.keys((route.schema?.response as object | undefined) ?? {}).map(Number);
    documented.set(`${String(route.method)} ${route.url}`, codes);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ok = z.object({ ok: z.boolean() });
  r.get('/api/things', { schema: { response: { 200: ok } } }, async () => ({ ok: true }));
  r.patch(
    '/api/vendors/:id',
    { preValidation: [requireUser, requireOwnVendor('id')], schema: { response: { 200: ok } } },
    async () => ({ ok: true }),
  );
  r.get(
    '/api/operator/things',
    { preValidation: [requireUser, requireOperator], schema: { response: { 200: ok } } },
    async () => ({ ok: true }),
  );
  r.get('/api/teapot', { schema: { response: { 200: ok } } }, async () => {
    throw new HttpError(418, ["I'm a teapot"]);
  });
  r.post(
    '/api/payments/create-payment-intent',
    { schema: { body: z.object({ n: z.number() }), response: { 200: ok } } },
    async () => {
      throw new HttpError(409, ['Taken'], { error_type: 'appointment_unavailable', message: 'Taken' });
    },
  );
  await app.ready();
  return app;
}

const statuses = (method: string, url: string) => documented.get(`${method} ${url}`);

describe('error answers decided in one place', () => {
  it("adds each route's error statuses from what it is and its guards", async () => {
    await build();
    expect(statuses('GET', '/api/things')).toEqual([200, 422, 500]);
    expect(statuses('PATCH', '/api/vendors/:id')).toEqual([
      200, 400, 401, 403, 404, 413, 414, 415, 422, 429, 500,
    ]);
    expect(statuses('GET', '/api/operator/things')).toEqual([200, 401, 403, 422, 500]);
    expect(statuses('POST', '/api/payments/create-payment-intent')).toEqual([
      200, 400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503,
    ]);
  });

  it("keeps create-payment-intent's error_type and message through the serializer", async () => {
    await build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      payload: { n: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      errors: ['Taken'],
      error_type: 'appointment_unavailable',
      message: 'Taken',
    });
  });

  it('records an answer whose status the route does not document, and only that', async () => {
    const found: UndocumentedAnswer[] = [];
    await build(found);
    expect((await app.inject({ method: 'PATCH', url: '/api/vendors/1', payload: {} })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/teapot' })).statusCode).toBe(418);
    expect((await app.inject({ method: 'GET', url: '/api/nowhere' })).statusCode).toBe(404);
    expect(found).toEqual([{ method: 'GET', url: '/api/teapot', status: 418 }]);
  });
});
