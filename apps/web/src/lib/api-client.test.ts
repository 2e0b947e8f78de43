import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { endpoint, pathOf, type EndpointSchemas, type HttpMethod } from '@stg/domain/api/endpoint';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { pricingApi } from '@stg/domain/api/pricing.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { MESSAGES } from '@stg/domain/validation';
import { at, mockApi, queryOf } from '../test/mock-api';
import {
  api,
  ApiError,
  call,
  ensureCsrfToken,
  getCsrfToken,
  INVALID_AUTHENTICITY_TOKEN,
  normalizeErrors,
  setCsrfToken,
  UNEXPECTED_ERROR,
  urlOf,
} from './api-client';
import { keepBootAnswers } from './boot-answers';

/**
 * A made-up endpoint for the client's own behaviour (tokens, retries, failures, addresses, parsing), apart
 * from any area's contract: `thing('POST', schemas)` is POST /api/things/:id with those schemas.
 */
function thing<const M extends HttpMethod, S extends EndpointSchemas>(method: M, schemas: S) {
  return endpoint({
    method,
    // eslint-disable-next-line boundaries/no-api-path-literal -- a test endpoint of the client itself, not an address of the API
    path: '/api/things/:id',
    summary: "A test endpoint of the web's API client",
    tags: ['test'],
    schemas: () => Promise.resolve(schemas),
  });
}

/** Answers whatever it is sent (no success schema): the client's plumbing, not parsing. */
const postThing = thing('POST', { responses: {} });

const invalidToken = { status: 403, body: { errors: ['Invalid Authenticity Token'] } };

describe('api client', () => {
  it('uses the shared messages', () => {
    expect(UNEXPECTED_ERROR).toBe(MESSAGES.unexpected);
    expect(INVALID_AUTHENTICITY_TOKEN).toBe(MESSAGES.invalidAuthenticityToken);
  });

  it('remembers the latest CSRF token and sends it with JSON on non-GET calls', async () => {
    const { calls } = mockApi({
      [at(sessionApi.current)]: { body: { user: null }, headers: { 'X-CSRF-Token': 'first' } },
      [at(postThing, { id: 1 })]: { status: 201, body: { ok: true }, headers: { 'X-CSRF-Token': 'rotated' } },
    });
    await api.get(pathOf(sessionApi.current));
    expect(getCsrfToken()).toBe('first');
    await expect(api.post(pathOf(postThing, { id: 1 }), { a: 1 })).resolves.toEqual({ ok: true });
    expect(calls[1]).toMatchObject({
      method: 'POST',
      body: { a: 1 },
      headers: { 'x-csrf-token': 'first', 'content-type': 'application/json' },
    });
    expect(getCsrfToken()).toBe('rotated');
  });

  it('fetches a token first when none was seen yet', async () => {
    const { calls } = mockApi({
      [at(sessionApi.current)]: { body: { user: null }, headers: { 'X-CSRF-Token': 't1' } },
      [at(sessionApi.signOut)]: { body: { user: null } },
    });
    await api.delete(pathOf(sessionApi.signOut));
    expect(calls.map((c) => c.method)).toEqual(['GET', 'DELETE']);
    expect(calls[1]!.headers['x-csrf-token']).toBe('t1');
  });

  it('asks for a token once for writes sent together before any token was seen (issue 23 #18)', async () => {
    setCsrfToken(null);
    const { calls } = mockApi({
      [at(sessionApi.current)]: { body: { user: null }, headers: { 'X-CSRF-Token': 't1' } },
      [at(bookingsApi.update, { id: 1 })]: { body: { ok: true } },
      [at(pricingApi.saveUserInputs, { id: 2 })]: { body: { ok: true } },
    });
    await Promise.all([
      api.put(pathOf(bookingsApi.update, { id: 1 }), {}),
      api.post(pathOf(pricingApi.saveUserInputs, { id: 2 }), {}),
    ]);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.headers['x-csrf-token'])).toEqual([
      't1',
      't1',
    ]);
  });

  it('gets a token ahead of a write, once, and not when one is known', async () => {
    setCsrfToken(null);
    const { calls } = mockApi({
      [at(sessionApi.current)]: { body: { user: null }, headers: { 'X-CSRF-Token': 't2' } },
      [at(postThing, { id: 1 })]: { body: { ok: true } },
    });
    ensureCsrfToken();
    ensureCsrfToken();
    await api.post(pathOf(postThing, { id: 1 }), {});
    ensureCsrfToken();
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST']);
    expect(calls[1]!.headers['x-csrf-token']).toBe('t2');
  });

  it('refreshes the token and retries once on "Invalid Authenticity Token"', async () => {
    setCsrfToken('stale');
    const { calls } = mockApi({
      [at(sessionApi.current)]: { body: { user: null }, headers: { 'X-CSRF-Token': 'fresh' } },
      [at(sessionApi.signIn)]: [invalidToken, { body: { user: { id: 1 } } }],
    });
    await expect(api.post(pathOf(sessionApi.signIn), {})).resolves.toEqual({ user: { id: 1 } });
    expect(calls.map((c) => `${c.method} ${c.headers['x-csrf-token'] ?? ''}`)).toEqual([
      'POST stale',
      'GET ',
      'POST fresh',
    ]);
  });

  it('retries only once', async () => {
    setCsrfToken('stale');
    const { calls } = mockApi({
      [at(sessionApi.current)]: { body: {}, headers: { 'X-CSRF-Token': 'fresh' } },
      [at(sessionApi.signIn)]: invalidToken,
    });
    await expect(api.post(pathOf(sessionApi.signIn), {})).rejects.toMatchObject({
      errors: ['Invalid Authenticity Token'],
    });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('normalises failures into a list of messages', async () => {
    setCsrfToken('t');
    mockApi({
      [at(postThing, { id: 'a' })]: { status: 422, body: { errors: ['Email has already been taken'] } },
      [at(postThing, { id: 'b' })]: { status: 500, body: { errors: ['stack trace'] } },
      [at(postThing, { id: 'c' })]: { status: 429, body: { message: 'Too many sign-in attempts.' } },
    });
    await expect(api.post(pathOf(postThing, { id: 'a' }))).rejects.toEqual(
      new ApiError(422, ['Email has already been taken']),
    );
    await expect(api.post(pathOf(postThing, { id: 'b' }))).rejects.toMatchObject({
      status: 500,
      errors: [UNEXPECTED_ERROR],
    });
    await expect(api.post(pathOf(postThing, { id: 'c' }))).rejects.toMatchObject({
      errors: ['Too many sign-in attempts.'],
    });
  });

  it('keeps the parsed error body for callers that read more than the messages', async () => {
    setCsrfToken('t');
    const body = { error_type: 'not_logged_in', message: 'Please sign in.', errors: ['Please sign in.'] };
    mockApi({
      [at(postThing, { id: 'a' })]: { status: 401, body },
      [at(postThing, { id: 'b' })]: { status: 500, body: { errors: ['stack trace'] } },
      [at(postThing, { id: 'c' })]: { status: 400 },
    });
    const refused = await api.post(pathOf(postThing, { id: 'a' })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, errors: ['Please sign in.'], body });
    // A server failure keeps its body too, yet still shows only the generic message.
    await expect(api.post(pathOf(postThing, { id: 'b' }))).rejects.toMatchObject({
      errors: [UNEXPECTED_ERROR],
      body: { errors: ['stack trace'] },
    });
    await expect(api.post(pathOf(postThing, { id: 'c' }))).rejects.toMatchObject({
      errors: [UNEXPECTED_ERROR],
      body: null,
    });
    // Existing callers that build one by hand need not pass a body.
    expect(new ApiError(404, ['Not found']).body).toBeNull();
  });

  it.each([
    [400, null, [UNEXPECTED_ERROR]],
    [400, { errors: [] }, [UNEXPECTED_ERROR]],
    [404, { errors: 'Not found' }, ['Not found']],
    [401, { error: 'Nope' }, ['Nope']],
    [503, { errors: ['x'] }, [UNEXPECTED_ERROR]],
  ])('normalizeErrors(%i, %o)', (status, body, expected) => {
    expect(normalizeErrors(status, body)).toEqual(expected);
  });
});

describe('urlOf and call (ADR 0031)', () => {
  /** A made-up answer: a date sent as text, read as a Date; unknown keys dropped. */
  const thingSchema = z.object({
    id: z.number(),
    name: z.string(),
    at: z.string().transform((text) => new Date(text)),
  });
  const getThing = thing('GET', {
    query: z.object({
      q: z.string().optional(),
      page: z.number().optional(),
      tags: z.array(z.string()).optional(),
    }),
    responses: { 200: thingSchema },
  });
  const renameThing = thing('PATCH', {
    body: z.object({ name: z.string() }),
    responses: { 200: thingSchema },
  });
  const dropThing = thing('DELETE', { responses: { 204: z.null() } });
  const sent = { id: 7, name: 'Seven', at: '2026-11-27T06:00:00.000Z' };
  const parsed = { id: 7, name: 'Seven', at: new Date('2026-11-27T06:00:00.000Z') };

  it('fills in the params, each encoded', () => {
    expect(urlOf(getThing, { params: { id: 'a b/ç?' } })).toBe(
      getThing.path.replace(':id', 'a%20b%2F%C3%A7%3F'),
    );
    expect(urlOf(ordersApi.vendorOrder, { params: { id: 7, orderId: 100 } })).toBe(
      ordersApi.vendorOrder.path.replace(':id', '7').replace(':orderId', '100'),
    );
    expect(() => urlOf(getThing, { params: {} as { id: number } })).toThrow(/no value for :id/);
  });

  it('builds the query, encoded, leaving out what is undefined', () => {
    const path = pathOf(getThing, { id: 7 });
    expect(
      urlOf(getThing, { params: { id: 7 }, query: { q: 'x & y', page: undefined, tags: ['a', 'b'] } }),
    ).toBe(`${path}?q=x%20%26%20y&tags=a&tags=b`);
    expect(urlOf(getThing, { params: { id: 7 }, query: { page: 2 } })).toBe(`${path}?page=2`);
    expect(urlOf(getThing, { params: { id: 7 }, query: { q: undefined } })).toBe(path);
    expect(urlOf(getThing, { params: { id: 7 } })).toBe(path);
  });

  it('GETs the address with its query, no body, and answers the answer parsed with the success schema', async () => {
    const { calls } = mockApi({ [at(getThing, { id: 7 })]: { body: { ...sent, extra: 'dropped' } } });
    await expect(
      call(getThing, { params: { id: 7 }, query: { q: 'x y', page: undefined } }),
    ).resolves.toEqual(parsed);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'GET', body: undefined });
    expect(calls[0]!.path).toBe(urlOf(getThing, { params: { id: 7 }, query: { q: 'x y' } }));
    expect(queryOf(calls[0]!)).toEqual({ q: 'x y' });
  });

  it('sends the body as JSON with the CSRF token, by the endpoint’s method', async () => {
    setCsrfToken('t');
    const { calls } = mockApi({ [at(renameThing, { id: 7 })]: { body: sent } });
    await expect(call(renameThing, { params: { id: 7 }, body: { name: 'Seven' } })).resolves.toEqual(parsed);
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: pathOf(renameThing, { id: 7 }),
        body: { name: 'Seven' },
        headers: expect.objectContaining({ 'x-csrf-token': 't', 'content-type': 'application/json' }),
      }),
    ]);
  });

  it('takes a GET’s answer from the boot data once, parsed like a fetched one, while it is fresh', async () => {
    const address = urlOf(getThing, { params: { id: 7 }, query: { page: 1 } });
    const { calls } = mockApi({ [at(getThing, { id: 7 })]: { body: { ...sent, name: 'Fetched' } } });
    keepBootAnswers([[address, sent]], Date.now() + 60_000);
    await expect(call(getThing, { params: { id: 7 }, query: { page: 1 } })).resolves.toEqual(parsed);
    expect(calls).toHaveLength(0);
    // Once: the next read of the address asks the server.
    await expect(call(getThing, { params: { id: 7 }, query: { page: 1 } })).resolves.toMatchObject({
      name: 'Fetched',
    });
    expect(calls).toHaveLength(1);
    // Not when it is old, nor for another address.
    keepBootAnswers([[address, sent]], Date.now() - 1);
    await call(getThing, { params: { id: 7 }, query: { page: 1 } });
    keepBootAnswers([[address, sent]], Date.now() + 60_000);
    await call(getThing, { params: { id: 7 }, query: { page: 2 } });
    expect(calls).toHaveLength(3);
  });

  it('rejects a drifted answer with the schema’s error, never a silent cast', async () => {
    mockApi({ [at(getThing, { id: 7 })]: { body: { ...sent, id: '7' } } });
    const refused = await call(getThing, { params: { id: 7 } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(z.ZodError);
    expect((refused as z.ZodError).issues[0]?.path).toEqual(['id']);
  });

  it('answers null for a 204', async () => {
    setCsrfToken('t');
    const { calls } = mockApi({ [at(dropThing, { id: 7 })]: { status: 204 } });
    await expect(call(dropThing, { params: { id: 7 } })).resolves.toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([at(dropThing, { id: 7 })]);
  });

  it('still refuses as an ApiError, the schema unused', async () => {
    setCsrfToken('t');
    mockApi({ [at(renameThing, { id: 7 })]: { status: 422, body: { errors: ['Name is taken'] } } });
    await expect(call(renameThing, { params: { id: 7 }, body: { name: 'Seven' } })).rejects.toEqual(
      new ApiError(422, ['Name is taken']),
    );
  });
});
