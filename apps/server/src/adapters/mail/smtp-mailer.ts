/**
 * The real provider: SMTP through nodemailer, configured by SMTP_URL (smtp://user:pass@host:587,
 * or smtps:// for implicit TLS). Each message is also recorded in mail_outbox for audit; sent_at is
 * set once the server has accepted it, so a row without it is a message that failed.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { oneLine, type Mailer, type MailMessage } from './mailer';
import { markOutboxMessageSent, recordOutboxMessage } from './outbox-repo';

export interface SmtpMailerOptions {
  url: string;
  from: string;
  db: Db;
  now: () => Date;
}

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly opts: SmtpMailerOptions) {
    this.transport = nodemailer.createTransport(opts.url);
  }

  async send(msg: MailMessage): Promise<void> {
    const row = await recordOutboxMessage(this.opts.db, msg, { createdAt: this.opts.now(), sentAt: null });
    await this.transport.sendMail({
      from: this.opts.from,
      to: oneLine(msg.to),
      subject: oneLine(msg.subject),
      text: msg.text,
      ...(msg.html !== undefined ? { html: msg.html } : {}),
      ...(msg.replyTo !== undefined ? { replyTo: oneLine(msg.replyTo) } : {}),
      ...(msg.attachments?.length
        ? {
            attachments: msg.attachments.map((a) => ({
              filename: oneLine(a.filename),
              contentType: a.contentType,
              content: a.content,
            })),
          }
        : {}),
    });
    await markOutboxMessageSent(this.opts.db, row.id, this.opts.now());
  }

  close() {
    this.transport.close();
  }
}
