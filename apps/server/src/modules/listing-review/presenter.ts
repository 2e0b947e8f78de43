/**
 * A listing under review as the operator's queue shows it: the vendor as its owner sees it, its account
 * admin, and (issue 25, ADR 0032) the sample quote a typical customer would get and what still stops it.
 */
import type { ReviewQueueItem } from '@stg/domain/api/vendors';
import { listingReadiness, sampleQuote } from '@stg/domain/listing-readiness';
import { centsToDollars } from '@stg/domain/money';
import { listingFactsOfDetail } from '../vendors/queries';
import { presentVendor, type UrlFor } from '../vendors/presenter';
import type { listReviewQueue } from './service';

type QueueEntry = Awaited<ReturnType<typeof listReviewQueue>>[number];

export function presentReviewQueueItem({ row, detail }: QueueEntry, urlFor: UrlFor): ReviewQueueItem {
  const facts = listingFactsOfDetail(detail);
  const quote = sampleQuote(facts);
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
    missing: listingReadiness(facts),
  };
}
