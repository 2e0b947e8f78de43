/** The vendor's log (vendor_events): listing, images, payouts, and every operator decision. */
import type { Db, Tx } from '../../db/client';
import { vendorEvents } from '../../db/schema';

export type VendorEventAction =
  | 'signed_up'
  | 'images_changed'
  | 'profile_changed'
  | 'calendar_skipped'
  | 'payouts_onboarding_started'
  | 'payouts_onboarding_failed'
  | 'submitted'
  | 'approved'
  | 'rejected'
  | 'deactivated'
  | 'reactivated';

export async function addVendorEvent(
  db: Db | Tx,
  e: {
    vendorId: number;
    actorUserId: number | null;
    actorRole: 'vendor' | 'operator' | 'system';
    action: VendorEventAction;
    details?: Record<string, unknown>;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(vendorEvents).values({ ...e, details: e.details ?? {} });
}
