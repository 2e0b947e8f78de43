/**
 * ARCHITECTURE §5: the API processes are stateless; a second instance on the same database just works.
 * On PostgreSQL the two apps have separate connection pools, as two processes would.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { wrapPostgres } from '../src/db/client';
import { signUpPayload, TestClient } from './test-app';
import { createTestDatabase } from './test-db';

let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  const database = await createTestDatabase();
  const second = database.url ? wrapPostgres(database.url, 2) : { ...database, close: async () => {} };
  const storage = new MemoryStorage();
  a = await buildApp({ database, storage });
  b = await buildApp({ database: second, storage });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

it('a session started on one instance works on the other, and sign-out on one ends it on both', async () => {
  const client = new TestClient(a);
  await client.session();
  expect(
    (await client.request({ method: 'POST', url: '/api/users', payload: signUpPayload() })).statusCode,
  ).toBe(201);

  const onB = new TestClient(b);
  onB.cookie = client.cookie;
  onB.csrf = client.csrf;
  expect((await onB.session()).json().user.email).toBe('casey@example.com');
  // The CSRF token issued by instance A is accepted by instance B.
  expect((await onB.request({ method: 'DELETE', url: '/api/session' })).statusCode).toBe(200);

  const back = await a.inject({ method: 'GET', url: '/api/session', headers: { cookie: client.cookie! } });
  expect(back.json().user).toBeNull();
});
