/** Hourly housekeeping: expired sessions, rate-limit counters past their window, trusted devices past their trust, expired reset tokens, old jobs, statistics. */
import { lt, sql } from 'drizzle-orm';
import { passwordResetTokens } from '../../db/schema';
import { deleteGuestBookingsOfExpiredSessions } from '../bookings/queries';
import { deleteExpiredSessions } from '../auth/queries';
import { pruneRateLimits } from '../rate-limits/queries';
import { pruneTrustedDevices } from '../auth/trusted-devices';
import { pruneFinishedJobs } from './repo';
import type { JobHandler, Recurring } from './worker';

export const MAINTENANCE: Recurring = { kind: 'maintenance', everyMs: 3_600_000 };

export const runMaintenance: JobHandler = async (_job, { db, now }) => {
  await deleteGuestBookingsOfExpiredSessions(db, now);
  await deleteExpiredSessions(db, now);
  await pruneRateLimits(db, now);
  await pruneTrustedDevices(db, now);
  // Only expired tokens: used ones younger than their hour still count towards the hourly mail limit.
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now));
  await pruneFinishedJobs(db, new Date(now.getTime() - 7 * 86_400_000));
  // Fresh planner statistics: PGlite never analyzes by itself, and without them the order lists' partial
  // indexes go unused (a vendor's active orders sorted from every row). Cheap on tables of this size.
  await db.execute(sql`analyze`);
};
