/** The input guard (issue 14, finding 4): NUL characters are refused with 422 before any route runs. */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, signUpPayload, TestClient } from '../../test/test-app';
import {
  BAD_URL_MESSAGE,
  containsNul,
  frameworkErrors,
  LONG_PARAM_MESSAGE,
  NUL_MESSAGE,
  SURROGATE_MESSAGE,
  unstorableText,
} from './input-guard';
import { signedUpCustomer } from '../../test/checkout-fixtures';

let app: FastifyInstance;
let client: TestClient;
beforeAll(async () => {
  app = await createTestApp();
  client = new TestClient(app);
  await client.session();
});
afterAll(() => app.close());

const refusedForNul = (res: { statusCode: number; json(): unknown }) =>
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({
    status: 422,
    body: { errors: [NUL_MESSAGE] },
  });

describe('lone UTF-16 surrogates (jsonb refuses them: a refund or cancel reason answered 500; issue 23)', () => {
  it('are refused with a clear 422 in free text of every route, before the route runs', async () => {
    const customer = await signedUpCustomer(app, 'surrogate');
    const answers = await Promise.all([
      customer.client.request({
        method: 'POST',
        url: '/api/orders/1/create-partial-refund',
        payload: { refundAmount: 1, refundReason: '\ud800' },
      }),
      customer.client.request({
        method: 'PATCH',
        url: '/api/orders/1/cancel-order',
        payload: { cancelReason: 'Plans \udc00 changed' },
      }),
      client.request({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Casey', email: 'c@example.com', subject: 'Hi \ud83d', message: 'Hello there' },
      }),
    ]);
    for (const res of answers)
      expect({ status: res.statusCode, body: res.json() }).toMatchObject({
        status: 422,
        body: { errors: [SURROGATE_MESSAGE] },
      });
  });

  it('are told apart from whole characters: a pair (an emoji) is text like any other', () => {
    expect(unstorableText({ reason: 'Thanks 😀 and 👍🏽' })).toBeNull();
    expect(unstorableText({ reason: '\ud83d' })).toBe(SURROGATE_MESSAGE);
    expect(unstorableText({ reason: '\ude00\ud83d' })).toBe(SURROGATE_MESSAGE);
    expect(unstorableText(['ok', { ['k\udfff']: 'v' }])).toBe(SURROGATE_MESSAGE);
    expect(unstorableText({ a: 'x\u0000' })).toBe(NUL_MESSAGE);
  });
});

describe('NUL characters (PostgreSQL text cannot store them; they answered 500)', () => {
  it('are refused in a JSON body, a nested value or a key', async () => {
    refusedForNul(
      await client.request({
        method: 'POST',
        url: '/api/users',
        payload: signUpPayload({ firstName: 'Ca\u0000sey', email: 'nul@example.com' }),
      }),
    );
    refusedForNul(
      await client.request({
        method: 'POST',
        url: '/api/contact',
        payload: {
          name: 'Casey',
          email: 'c@example.com',
          subject: 'Hi',
          message: ['ok', { deep: 'a\u0000' }],
        },
      }),
    );
    refusedForNul(
      await client.request({
        method: 'PUT',
        url: '/api/session/guest_inputs',
        payload: { userInputs: { '1\u0000': '2' } },
      }),
    );
  });

  it('are refused in the query string and in path params', async () => {
    refusedForNul(
      await client.request({ method: 'GET', url: '/api/vendors/1/vendor_calendars?booking_id=%00' }),
    );
    refusedForNul(await client.request({ method: 'GET', url: '/api/vendors?q=a%00b' }));
    refusedForNul(await client.request({ method: 'GET', url: '/sandbox/authenticate/%00' }));
    refusedForNul(await client.request({ method: 'PATCH', url: '/api/orders/1%00/reschedule', payload: {} }));
  });

  it('leave everything else to the routes', async () => {
    const res = await client.request({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ca\u0001sey 😀' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).not.toContain(NUL_MESSAGE);
  });

  it('are found at any depth without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { k: deep };
    expect(containsNul(deep)).toBe(true);
    expect(containsNul({ a: ['b', 1, null, true, { c: 'd' }] })).toBe(false);
    expect(containsNul(Buffer.from('a\u0000b'))).toBe(false);
  });
});

describe('frameworkErrors (for Fastify({ frameworkErrors }) in app.ts)', () => {
  it("answers the router's own refusals in the API's error shape", async () => {
    const bare = Fastify({ frameworkErrors });
    bare.get('/things/:id', async () => ({ ok: true }));
    const bad = await bare.inject({ method: 'GET', url: '/things/%zz' });
    expect({ status: bad.statusCode, body: bad.json() }).toMatchObject({
      status: 400,
      body: { errors: [BAD_URL_MESSAGE] },
    });
    const long = await bare.inject({ method: 'GET', url: `/things/${'x'.repeat(500)}` });
    expect({ status: long.statusCode, body: long.json() }).toMatchObject({
      status: 414,
      body: { errors: [LONG_PARAM_MESSAGE] },
    });
    await bare.close();
  });
});
