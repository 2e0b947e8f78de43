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
