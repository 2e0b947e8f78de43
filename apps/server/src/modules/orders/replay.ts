/**
 * Double clicks (issue 23): a repeat of the same change by the same person within the replay window
 * answers the first request's outcome; any other request against a changed order gets the spec's refusal.
 */
import { REPLAY_WINDOW_SECONDS } from '@stg/domain/api/orders';
import type { Db, Tx } from '../../db/client';
import { recentOrderEvents } from './repo';

/** The same person's same change of this order within the replay window (the first of a double click). */
export async function recentSameAction(
  db: Db | Tx,
  actorUserId: number,
  orderId: number,
  action: string,
  now: Date,
  same: (event: { amountCents: number | null; details: Record<string, unknown> }) => boolean = () => true,
) {
  const since = new Date(now.getTime() - REPLAY_WINDOW_SECONDS * 1000);
  const events = await recentOrderEvents(db, { orderId, action, actorUserId, since });
  return events.find(same) ?? null;
}
