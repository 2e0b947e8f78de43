/** The mail_outbox table: every message either mailer handles is recorded here. */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailMessage } from './mailer';
import { oneRow } from '../../db/one-row';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function recordOutboxMessage(
  db: Db,
  msg: MailMessage,
  times: { createdAt: Date; sentAt: Date | null },
): Promise<OutboxRow> {
  return oneRow(await recordOutboxMessages(db, [msg], times), 'mail outbox');
}

/** Several messages in one statement, in order. */
export async function recordOutboxMessages(
  db: Db,
  msgs: MailMessage[],
  times: { createdAt: Date; sentAt: Date | null },
): Promise<OutboxRow[]> {
  if (msgs.length === 0) return [];
  return db
    .insert(mailOutbox)
    .values(
      msgs.map((msg) => ({
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html ?? null,
        attachments: msg.attachments?.length ? msg.attachments : null,
        ...times,
      })),
    )
    .returning();
}

export async function markOutboxMessageSent(db: Db, id: number, sentAt: Date) {
  await db.update(mailOutbox).set({ sentAt }).where(eq(mailOutbox.id, id));
}

/** The latest messages, newest first. */
export async function listOutboxMessages(db: Db, limit: number): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}
