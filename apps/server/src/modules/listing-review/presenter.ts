/**
 * A listing under review as the operator's queue shows it: the vendor as its owner sees it, its account
 * admin, and (issue 25, ADR 0032) the sample quote a typical customer would get, what still stops it, and
 * the first week of open times a customer would see.
 */
import type { ReviewQueueItem } from '@stg/domain/api/vendors';
import { centsToDollars } from '@stg/domain/money';
import { presentVendor, type UrlFor } from '../vendors/presenter';
import type { listReviewQueue } from './service';

type QueueEntry = Awaited<ReturnType<typeof listReviewQueue>>[number];

export function presentReviewQueueItem(
  { row, detail, quote, missing, firstWeek }: QueueEntry,
  urlFor: UrlFor,
): ReviewQueueItem {
  return {
    vendor: presentVendor(detail, urlFor, { owner: true }),
    admin: {
      firstName: row.admin?.firstName ?? '',
      lastName: row.admin?.lastName ?? '',
      email: row.admin?.email ?? '',
      phoneNumber: row.admin?.phoneNumber ?? '',
    },
    submittedAt: row.submittedAt?.toISOString() ?? null,
    sampleQuote: quote
      ? {
          price: centsToDollars(quote.priceCents),
          durationMinutes: quote.durationMinutes,
          answers: quote.answers,
        }
      : null,
    missing,
    firstWeek,
  };
}
