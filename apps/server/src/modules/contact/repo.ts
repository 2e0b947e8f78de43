/** Contact-form messages, kept in the database and counted per address for the hourly limit. */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { ContactMessage } from '@stg/domain/validation';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { oneRow } from '../../db/one-row';

/** First key of the advisory locks that serialise contact messages per address. */
const CONTACT_LOCK_CLASS = 7302;

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/**
 * Stores the message unless `ip` already sent `maxPerWindow` within the window. Serialised per
 * address with an advisory lock, so concurrent requests on any instance cannot pass the limit.
 * When the limit is reached: when the address may send again (the message whose leaving the window
 * frees a place).
 */
export async function insertContactMessageWithinLimit(
  db: Db,
  input: ContactMessage,
  opts: { userId: number | null; ip: string; now: Date; maxPerWindow: number; windowMs: number },
): Promise<{ row: ContactMessageRow } | { retryAt: Date }> {
  const { ip, now } = opts;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK_CLASS}, hashtext(${ip}))`);
    const recent = await tx
      .select({ createdAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(
        and(
          eq(contactMessages.ip, ip),
          gt(contactMessages.createdAt, new Date(now.getTime() - opts.windowMs)),
        ),
      )
      .orderBy(asc(contactMessages.createdAt));
    if (recent.length >= opts.maxPerWindow) {
      // A place frees up once all but maxPerWindow - 1 of these have left the window.
      const freeing = recent[recent.length - opts.maxPerWindow]!.createdAt;
      return { retryAt: new Date(freeing.getTime() + opts.windowMs) };
    }
    const rows = await tx
      .insert(contactMessages)
      .values({ ...input, userId: opts.userId, ip, createdAt: now })
      .returning();
    return { row: oneRow(rows, 'contact message') };
  });
}
