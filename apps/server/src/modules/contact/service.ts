/** The contact form: stored, then mailed to support with the sender as Reply-To. */
import type { ContactMessage } from '@stg/domain/validation';
import type { AppDeps } from '../../deps';
import { escapeHtml, oneLine, type MailMessage } from '../../adapters/mail/mailer';
import { tooManyRequests } from '../../http/errors';
import { insertContactMessageWithinLimit, type ContactMessageRow } from './repo';

export const MAX_CONTACT_MESSAGES_PER_HOUR = 5;

export function supportMail(row: ContactMessageRow, supportEmail: string): MailMessage {
  const from = `${row.name} <${row.email}>`;
  const account = row.userId === null ? 'not signed in' : `user #${row.userId}`;
  return {
    to: supportEmail,
    replyTo: row.email,
    subject: oneLine(`Contact: ${row.subject}`),
    text: `From: ${from} (${account})\nSubject: ${row.subject}\n\n${row.message}\n`,
    html:
      `<p>From: ${escapeHtml(from)} (${escapeHtml(account)})<br>Subject: ${escapeHtml(row.subject)}</p>` +
      `<p style="white-space: pre-wrap">${escapeHtml(row.message)}</p>`,
  };
}

/** Stores the message and mails it to support in the background; 429 past the hourly limit. */
export async function submitContactMessage(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'background' | 'supportEmail'>,
  input: ContactMessage,
  opts: { userId: number | null; ip: string; now: Date },
): Promise<ContactMessageRow> {
  const stored = await insertContactMessageWithinLimit(deps.db, input, {
    ...opts,
    maxPerWindow: MAX_CONTACT_MESSAGES_PER_HOUR,
    windowMs: 60 * 60_000,
  });
  // Issue 23 #19: this limit's refusals say when to retry too, like the route's.
  if ('retryAt' in stored) throw tooManyRequests('contact', stored.retryAt, opts.now);
  const { row } = stored;
  deps.background.run('contact-mail', () => deps.mailer.send(supportMail(row, deps.supportEmail)));
  return row;
}
