/** The contact form (spec §2, §5): POST /api/contact. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { contactMessages } from '../../db/schema';
import { createTestApp, outbox, signUpPayload, TestClient } from '../../../test/test-app';

let app: FastifyInstance;
let clock = new Date('2025-06-02T16:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const payload = (overrides: Record<string, unknown> = {}) => ({
  message: {
    name: 'Jamie Fox',
    email: 'Jamie@Example.com',
    subject: 'Question about pricing',
    message: 'Do you clean garages?\nThanks!',
    ...overrides,
  },
});

const send = (client: TestClient, body: unknown, remoteAddress = '127.0.0.1') =>
  client.request({
    method: 'POST',
    url: '/api/contact',
    payload: body as Record<string, unknown>,
    remoteAddress,
  });

const rows = () => app.deps.db.select().from(contactMessages).orderBy(asc(contactMessages.id));

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
});
afterAll(() => app.close());

describe('POST /api/contact', () => {
  it('stores the message and mails it to support with the sender as Reply-To', async () => {
    const client = new TestClient(app);
    await client.session();
    const res = await send(client, payload(), '198.51.100.1');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Message Sent' });

    const [row] = await rows();
    expect(row).toMatchObject({
      name: 'Jamie Fox',
      email: 'jamie@example.com',
      subject: 'Question about pricing',
      message: 'Do you clean garages?\nThanks!',
      userId: null,
      ip: '198.51.100.1',
      createdAt: clock,
    });
    const [mail] = await outbox(app);
    expect(mail).toMatchObject({ to: 'support@example.com', subject: 'Contact: Question about pricing' });
    expect(mail!.text).toContain('From: Jamie Fox <jamie@example.com>');
    expect(mail!.text).toContain('Do you clean garages?\nThanks!');
  });

  it('sends the Reply-To to the mailer', async () => {
    const sent: { to: string; subject: string; replyTo?: string }[] = [];
    const local = await createTestApp({ mailer: { send: async (m) => void sent.push(m) } });
    try {
      const client = new TestClient(local);
      await client.session();
      expect((await send(client, payload())).statusCode).toBe(201);
      await local.deps.background.drain();
      expect(sent).toEqual([
        expect.objectContaining({
          to: 'support@example.com',
          replyTo: 'jamie@example.com',
          subject: 'Contact: Question about pricing',
        }),
      ]);
    } finally {
      await local.close();
    }
  });

  it("records the signed-in user's id", async () => {
    const client = new TestClient(app);
    await client.session();
    const signUp = await client.request({ method: 'POST', url: '/api/users', payload: signUpPayload() });
    const res = await send(client, payload({ subject: 'From a customer' }), '198.51.100.2');
    expect(res.statusCode).toBe(201);
    const stored = (await rows()).find((r) => r.subject === 'From a customer');
    expect(stored?.userId).toBe(signUp.json().user.id);
  });

  it('requires every field, with the messages', async () => {
    const client = new TestClient(app);
    await client.session();
    const before = (await rows()).length;
    const res = await send(
      client,
      payload({ name: ' ', email: '', subject: '', message: '  ' }),
      '198.51.100.3',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: [
        'Name is required.',
        'Email address is required.',
        'Subject is required.',
        'Message is required.',
      ],
    });
    const invalid = await send(client, payload({ email: 'jamie' }), '198.51.100.3');
    expect(invalid.json()).toMatchObject({ errors: ['Please enter a valid email address.'] });
    const missing = await send(client, { message: {} }, '198.51.100.3');
    expect(missing.json()).toMatchObject({
      errors: [
        'Name is required.',
        'Email address is required.',
        'Subject is required.',
        'Message is required.',
      ],
    });
    // Issue 23: limits in plain words, not zod's "Too big: expected string to have <=200 characters".
    const tooLong = await send(
      client,
      payload({ subject: 's'.repeat(201), message: 'm'.repeat(5001) }),
      '198.51.100.3',
    );
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({
      errors: ['Subject must be at most 200 characters.', 'Message must be at most 5000 characters.'],
    });
    expect((await rows()).length).toBe(before);
  });

  it('accepts 5 messages per address per hour, then answers 429 with when to retry (issue 23 #19)', async () => {
    const client = new TestClient(app);
    await client.session();
    for (let i = 0; i < 5; i++) {
      expect((await send(client, payload({ subject: `Limit ${i}` }), '203.0.113.9')).statusCode).toBe(201);
      advance(10 * 60_000);
    }
    // 50 minutes after the first message: a place frees up when it is an hour old, in 10 minutes.
    const blocked = await send(client, payload({ subject: 'Limit 5' }), '203.0.113.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('600');
    expect(blocked.json()).toMatchObject({
      errors: ['Too many messages. Please wait 10 minutes and try again.'],
    });
    expect((await rows()).filter((r) => r.ip === '203.0.113.9')).toHaveLength(5);
    // Another address is not affected.
    expect((await send(client, payload(), '203.0.113.10')).statusCode).toBe(201);

    advance(9 * 60_000 + 59_000);
    const almost = await send(client, payload({ subject: 'Too soon' }), '203.0.113.9');
    expect(almost.statusCode).toBe(429);
    expect(almost.headers['retry-after']).toBe('1');
    expect(almost.json()).toMatchObject({
      errors: ['Too many messages. Please wait 1 second and try again.'],
    });
    advance(1_000);
    expect((await send(client, payload({ subject: 'Next hour' }), '203.0.113.9')).statusCode).toBe(201);
  });

  it('counts concurrent messages exactly', async () => {
    const client = new TestClient(app);
    await client.session();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(client, payload({ subject: `Burst ${i}` }), '203.0.113.77')),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.headers['retry-after']).toBe('3600');
  });

  it('refuses a call without the CSRF header', async () => {
    const client = new TestClient(app);
    await client.session();
    const res = await client.request({
      method: 'POST',
      url: '/api/contact',
      payload: payload(),
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
  });
});
