/** Outgoing mail. One interface; the outbox is the embedded default, SMTP the real provider. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Text attachments (an .ics calendar invite). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  /** Several messages at once (the outbox stores them in one statement); else sent one after another. */
  sendAll?(msgs: MailMessage[]): Promise<void>;
}

/** Sends `msgs` with the mailer's `sendAll` when it has one, else one after another. */
export async function sendMails(
  mailer: Pick<Mailer, 'send'> & Partial<Pick<Mailer, 'sendAll'>>,
  msgs: MailMessage[],
) {
  if (mailer.sendAll) return mailer.sendAll(msgs);
  for (const msg of msgs) await mailer.send(msg);
}

/** Header values never carry line breaks (no header injection through a subject or an address). */
export const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** Escapes text for the simple HTML bodies of our mails. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
