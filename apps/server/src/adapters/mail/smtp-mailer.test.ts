/** SmtpMailer against a local smtp-server on 127.0.0.1: nothing leaves this machine. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestDatabase } from '../../../test/test-db';
import type { Database } from '../../db/client';
import { listOutboxMessages } from './outbox-repo';
import { SmtpMailer } from './smtp-mailer';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let server: SMTPServer;
let port: number;
let database: Database;
const received: Received[] = [];
const now = new Date('2025-06-02T16:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
});

it('delivers through SMTP and records the message with sent_at', async () => {
  const mailer = mailerFor(port);
  try {
    await mailer.send({
      to: 'customer@example.com',
      subject: 'Reset your Servo password',
      text: 'Open this link: http://localhost:3000/password/reset?token=abc123',
      html: '<p>Open <a href="http://localhost:3000/password/reset?token=abc123">this link</a></p>',
      replyTo: 'help@example.com',
    });
  } finally {
    mailer.close();
  }
  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(mail!.from).toBe('no-reply@localhost');
  expect(mail!.to).toEqual(['customer@example.com']);
  expect(mail!.raw).toMatch(/^Subject: Reset your Servo password\r?$/m);
  expect(mail!.raw).toMatch(/^To: customer@example\.com\r?$/m);
  expect(mail!.raw).toMatch(/^Reply-To: help@example\.com\r?$/m);
  expect(mail!.raw).toContain('Open this link: http://localhost:3000/password/reset?token=abc123');

  const [row] = await listOutboxMessages(database.db, 10);
  expect(row).toMatchObject({
    to: 'customer@example.com',
    subject: 'Reset your Servo password',
    sentAt: now,
  });
});

const mailerFor = (smtpPort: number) =>
  new SmtpMailer({
    url: `smtp://127.0.0.1:${smtpPort}`,
    from: 'Servo <no-reply@localhost>',
    db: database.db,
    now: () => now,
  });

it('flattens line breaks in headers, so a subject cannot add a header', async () => {
  const mailer = mailerFor(port);
  try {
    await mailer.send({ to: 'x@example.com', subject: 'Line\r\nBcc: evil@example.com', text: 'Hi' });
  } finally {
    mailer.close();
  }
  const mail = received.at(-1)!;
  expect(mail.to).toEqual(['x@example.com']);
  expect(mail.raw).toMatch(/^Subject: Line Bcc: evil@example\.com\r?$/m);
  expect(mail.raw).not.toMatch(/^Bcc:/im);
});

it('leaves sent_at empty when the server refuses the message, and reports the failure', async () => {
  const refusing = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(new Error('mailbox unavailable'));
    },
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  const mailer = mailerFor((refusing.server.address() as AddressInfo).port);
  try {
    await expect(mailer.send({ to: 'nobody@example.com', subject: 'Hello', text: 'Hi' })).rejects.toThrow();
  } finally {
    mailer.close();
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  }
  const rows = await listOutboxMessages(database.db, 10);
  expect(rows.find((r) => r.to === 'nobody@example.com')?.sentAt).toBeNull();
});
