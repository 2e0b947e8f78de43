/** GET /api/dev/outbox: only with the outbox mailer, without TRUST_PROXY, and from this machine. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SmtpMailer } from '../../adapters/mail/smtp-mailer';
import { createTestApp, outbox, signUpPayload, TestClient } from '../../../test/test-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ now: () => new Date('2025-06-02T16:00:00Z') });
});
afterAll(() => app.close());

describe('with the outbox mailer', () => {
  it('lets a local user read the reset link', async () => {
    const client = new TestClient(app);
    await client.session();
    await client.request({ method: 'POST', url: '/api/users', payload: signUpPayload() });
    await client.request({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: 'casey@example.com' },
    });
    await outbox(app);

    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { messages } = res.json();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toEqual({
      id: expect.any(Number),
      to: 'casey@example.com',
      subject: 'Reset your Servo password',
      text: expect.stringMatching(/http:\/\/localhost:3000\/password\/reset\?token=[\w-]{40,}/),
      attachments: [],
      createdAt: '2025-06-02T16:00:00.000Z',
    });
  });

  it('answers the latest 50, newest first, to every loopback address', async () => {
    for (let i = 0; i < 55; i++)
      await app.deps.mailer.send({ to: `n${i}@example.com`, subject: `#${i}`, text: 'x' });
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      expect(res.statusCode).toBe(200);
      const { messages } = res.json();
      expect(messages).toHaveLength(50);
      expect(messages[0].subject).toBe('#54');
      expect(messages[49].subject).toBe('#5');
    }
  });

  it('is not found from another address, or when relayed by a proxy', async () => {
    const remote = await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '203.0.113.5' });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toMatchObject({ errors: ['Not found'] });
    expect(remote.body).not.toContain('@example.com');
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const relayed = await app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        headers: { [header]: header === 'forwarded' ? 'for=203.0.113.5' : '203.0.113.5' },
      });
      expect(relayed.statusCode).toBe(404);
    }
  });
});

describe('elsewhere', () => {
  it('is not found when SMTP is configured', async () => {
    const smtpApp = await createTestApp({
      mailer: new SmtpMailer({
        url: 'smtp://127.0.0.1:9',
        from: 'Servo <no-reply@localhost>',
        db: app.deps.db,
        now: () => new Date(),
      }),
    });
    try {
      const res = await smtpApp.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errors: ['Not found'] });
    } finally {
      await smtpApp.close();
    }
  });

  it('is not found when the app trusts a proxy', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const res = await proxied.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});
