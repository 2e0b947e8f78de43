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
} from './input-guard';

let app: FastifyInstance;
let client: TestClient;
beforeAll(async () => {
  app = await createTestApp();
  client = new TestClient(app);
  await client.session();
});
afterAll(() => app.close());

const refusedForNul = (res: { statusCode: number; json(): unknown }) =>
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: 422,
    body: { errors: [NUL_MESSAGE] },
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
    expect({ status: bad.statusCode, body: bad.json() }).toEqual({
      status: 400,
      body: { errors: [BAD_URL_MESSAGE] },
    });
    const long = await bare.inject({ method: 'GET', url: `/things/${'x'.repeat(500)}` });
    expect({ status: long.statusCode, body: long.json() }).toEqual({
      status: 414,
      body: { errors: [LONG_PARAM_MESSAGE] },
    });
    await bare.close();
  });
});
