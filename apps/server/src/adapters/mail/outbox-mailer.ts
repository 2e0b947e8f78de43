/**
 * The embedded default (ARCHITECTURE §4): a message is stored in mail_outbox and logged, and that
 * is its delivery. In development it can be read at GET /api/dev/outbox.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer, MailMessage } from './mailer';
import { recordOutboxMessage, recordOutboxMessages } from './outbox-repo';

export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly opts: { now: () => Date; log?: Pick<FastifyBaseLogger, 'info'> },
  ) {}

  async send(msg: MailMessage): Promise<void> {
    const now = this.opts.now();
    const row = await recordOutboxMessage(this.db, msg, { createdAt: now, sentAt: now });
    this.opts.log?.info({ mailId: row.id, to: msg.to, subject: msg.subject }, 'mail stored in the outbox');
  }

  async sendAll(msgs: MailMessage[]): Promise<void> {
    const now = this.opts.now();
    const rows = await recordOutboxMessages(this.db, msgs, { createdAt: now, sentAt: now });
    for (const row of rows)
      this.opts.log?.info({ mailId: row.id, to: row.to, subject: row.subject }, 'mail stored in the outbox');
  }
}
