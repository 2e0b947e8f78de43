/** Contact-form messages, kept in the database and counted per address for the hourly limit. */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { ContactMessage } from '@stg/domain/validation';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

/** First key of the advisory locks that serialise contact messages per address. */
const CONTACT_LOCK_CLASS = 7302;

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/**
 * Stores the message unless `ip` already sent `maxPerWindow` within the window. Serialised per
 * address with an advisory lock, so concurrent requests on any instance cannot pass the limit.
 * Null when the limit is reached.
 */
export async function insertContactMessageWithinLimit(
  db: Db,
  input: ContactMessage,
  opts: { userId: number | null; ip: string; now: Date; maxPerWindow: number; windowMs: number },
): Promise<ContactMessageRow | null> {
  const { ip, now } = opts;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK_CLASS}, hashtext(${ip}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(contactMessages)
      .where(
        and(
          eq(contactMessages.ip, ip),
          gt(contactMessages.createdAt, new Date(now.getTime() - opts.windowMs)),
        ),
      );
    if ((recent?.n ?? 0) >= opts.maxPerWindow) return null;
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, userId: opts.userId, ip, createdAt: now })
      .returning();
    return row!;
  });
}
