/**
 * Listing review (the spec leaves out who approves; a real marketplace needs it): operators approve a
 * listing under review (it goes live in the catalog) or send it back with a reason. Either way the
 * vendor is mailed, and the decision is logged in vendor_events with the operator's id.
 */
import { VENDOR_MESSAGES, type SendBackItem } from '@stg/domain/api/vendors';
import { listingReadiness, sampleQuote } from '@stg/domain/listing-readiness';
import { durationMinutes } from '@stg/domain/pricing';
import { MESSAGES } from '@stg/domain/validation';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import type { BusyTimesCheck } from '../../deps';
import { HttpError, notFound, unprocessable } from '../../http/errors';
import { addVendorEvent } from '../vendors/events';
import {
  findVendorAdmin,
  listingFactsFrom,
  listingFactsOfDetail,
  listingRowsOf,
  lockVendorRow,
  updateVendorRow,
} from '../vendors/queries';
import { listListingsUnderReview, loadVendorDetail } from '../vendors/service';
import { presentAvailability } from '../scheduling/presenter';
import { firstOpenWeek } from '../scheduling/service';
import { listingApprovedMail, listingRejectedMail } from './mails';

export interface ReviewDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  busyTimesCheck: BusyTimesCheck;
  log: { error: (obj: object, msg: string) => void };
}

/** A send-back names what to fix (Setup's items) and/or a reason in words (rejectListingRequestSchema). */
type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string; fixes: SendBackItem[] };

export async function decideListing(
  deps: ReviewDeps,
  opts: { vendorId: number; operatorId: number; decision: Decision },
): Promise<{ id: number; listingStatus: 'active' | 'awaiting_submission' }> {
  const now = deps.now();
  const { decision } = opts;
  const result = await deps.db.transaction(async (tx) => {
    const vendor = await lockVendorRow(tx, opts.vendorId);
    if (!vendor) throw notFound(MESSAGES.vendorNotFound);
    const target = decision.kind === 'approve' ? 'active' : 'awaiting_submission';
    if (vendor.listingStatus !== 'under_review') {
      // The same decision twice (a double click, two operators agreeing) is not an error.
      if (vendor.listingStatus === target && vendor.reviewedAt) return { vendor, changed: false };
      throw new HttpError(409, [VENDOR_MESSAGES.notUnderReview]);
    }
    // Approve only a listing that can sell, by the rule Submit for Review applied (ADR 0032): it may
    // have been submitted before the rule, or changed since.
    if (decision.kind === 'approve') {
      const problems = listingReadiness(listingFactsFrom(await listingRowsOf(tx, vendor)));
      if (problems.length > 0) throw unprocessable(...problems);
    }
    await updateVendorRow(tx, vendor.id, {
      listingStatus: target,
      reviewedAt: now,
      // Kept on the row until the vendor submits again (Setup shows it; submitForReview clears it).
      reviewNote: decision.kind === 'reject' && decision.reason ? decision.reason : null,
      reviewFixes: decision.kind === 'reject' ? decision.fixes : [],
      updatedAt: now,
    });
    await addVendorEvent(tx, {
      vendorId: vendor.id,
      actorUserId: opts.operatorId,
      actorRole: 'operator',
      action: decision.kind === 'approve' ? 'approved' : 'rejected',
      details: decision.kind === 'reject' ? { reason: decision.reason, fixes: decision.fixes } : {},
      createdAt: now,
    });
    return { vendor, changed: true };
  });

  if (result.changed) {
    const admin = await findVendorAdmin(deps.db, result.vendor.id);
    const to = admin?.email ?? result.vendor.email;
    const mail =
      decision.kind === 'approve'
        ? listingApprovedMail({ to, vendor: result.vendor, admin, publicUrl: deps.publicUrl })
        : listingRejectedMail({
            to,
            vendor: result.vendor,
            admin,
            reason: decision.reason,
            fixes: decision.fixes,
            publicUrl: deps.publicUrl,
          });
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log.error({ err, vendorId: result.vendor.id }, 'listing decision mail failed');
    }
  }
  return {
    id: result.vendor.id,
    listingStatus: decision.kind === 'approve' ? 'active' : 'awaiting_submission',
  };
}

/**
 * GET /api/operator/listings: the listings under review, oldest submission first, each with its vendor
 * as its owner sees it (one read after another, as before; a vendor gone meanwhile is left out), its
 * sample quote, and the first week of open times a customer would see for that quote's job (else the
 * minimum price's, as the provider page before pricing): computed for these listings only, together.
 */
export async function listReviewQueue(deps: Pick<ReviewDeps, 'db' | 'busyTimesCheck' | 'now'>) {
  const { db } = deps;
  const rows = await listListingsUnderReview(db);
  const entries = [];
  for (const row of rows) {
    const detail = await loadVendorDetail(db, row.vendorId);
    if (detail) entries.push({ row, detail, facts: listingFactsOfDetail(detail) });
  }
  const now = deps.now();
  return Promise.all(
    entries.map(async (entry) => {
      const quote = sampleQuote(entry.facts);
      const jobMinutes =
        quote?.durationMinutes ??
        durationMinutes(entry.facts.minPriceCents, entry.facts.priceToDurationRateCents);
      const week = await firstOpenWeek(
        db,
        deps.busyTimesCheck,
        { vendorId: entry.row.vendorId, durationMinutes: Math.max(1, jobMinutes) },
        now,
      );
      return {
        ...entry,
        quote,
        missing: listingReadiness(entry.facts),
        firstWeek: presentAvailability(week.request, week.answer),
      };
    }),
  );
}
