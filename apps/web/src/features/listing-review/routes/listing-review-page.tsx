import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorList } from '../../../components/error-list';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorsOf } from '../../../lib/api-client';
import { reviewQueueQueryOptions } from '../api/review-queue';
import { ListingReviewCard } from '../components/listing-review-card';
import '../listing-review.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const EMPTY_QUEUE = 'No listings are waiting for review.';

/**
 * /operator/listings: the operators' queue of listings under review, oldest first (issue 11; the route
 * guard lets only signed-in operators in). Approve puts a listing in the catalog; Reject sends it back
 * to the vendor with a reason. The list updates after each decision.
 */
export function ListingReviewPage() {
  useDocumentTitle('Listing Review');
  const queue = useQuery(reviewQueueQueryOptions());
  const [status, setStatus] = useState('');

  return (
    <div className="container page listing-review">
      <PageHeader
        title="Listing Review"
        lead="Listings submitted for review, oldest first. Approve one to put it in the catalog, or send it back to the vendor naming what to fix."
      />
      <p className="listing-review__status" role="status">
        {status}
      </p>
      {queue.isPending ? (
        <PageLoader label="Loading listings…" />
      ) : queue.isError ? (
        <ErrorList errors={errorsOf(queue.error)} />
      ) : queue.data.length === 0 ? (
        <p className="empty-state">{EMPTY_QUEUE}</p>
      ) : (
        <>
          <p className="listing-review__count">
            {queue.data.length === 1 ? '1 listing' : `${queue.data.length} listings`} waiting for review
          </p>
          <ul className="listing-review__list">
            {queue.data.map((item) => (
              <li key={item.vendor.id}>
                <ListingReviewCard item={item} onDecided={setStatus} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
