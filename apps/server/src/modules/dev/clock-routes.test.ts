/** PUT /api/dev/clock: only with a settable clock (the e2e server), and from this machine. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SettableClock } from '../../clock';
import { createTestApp, TestClient } from '../../../test/test-app';

describe('with a settable clock', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ settableClock: new SettableClock() });
  });
  afterAll(() => app.close());

  it('moves the time every route goes by, and back to the wall clock', async () => {
    const client = new TestClient(app);
    await client.session();
    const set = await client.request({
      method: 'PUT',
      url: '/api/dev/clock',
      payload: { at: '2026-11-25T17:00:00Z' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.headers['cache-control']).toBe('no-store');
    const { now, offsetMs } = set.json<{ now: string; offsetMs: number }>();
    expect(Date.parse(now) - Date.parse('2026-11-25T17:00:00Z')).toBeLessThan(5_000);
    expect(offsetMs).not.toBe(0);
    expect(app.deps.now().getTime() - Date.parse('2026-11-25T17:00:00Z')).toBeLessThan(5_000);
    expect((await client.request({ method: 'GET', url: '/api/dev/clock' })).json()).toMatchObject({
      offsetMs,
    });

    const back = await client.request({ method: 'PUT', url: '/api/dev/clock', payload: { at: null } });
    expect(back.json()).toMatchObject({ offsetMs: 0 });
    expect(Math.abs(app.deps.now().getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('answers nobody but this machine, nor a relayed request', async () => {
    const client = new TestClient(app);
    await client.session();
    const relayed = await client.request({
      method: 'PUT',
      url: '/api/dev/clock',
      payload: { at: '2026-11-25T17:00:00Z' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(404);
    const remote = await app.inject({ method: 'GET', url: '/api/dev/clock', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    expect(app.deps.now().getTime() - Date.now()).toBeLessThan(5_000);
  });
});

it('does not exist without one (every server but the e2e one)', async () => {
  const app = await createTestApp();
  try {
    const client = new TestClient(app);
    await client.session();
    const res = await client.request({ method: 'PUT', url: '/api/dev/clock', payload: { at: null } });
    expect(res.statusCode).toBe(404);
  } finally {
    await app.close();
  }
});
