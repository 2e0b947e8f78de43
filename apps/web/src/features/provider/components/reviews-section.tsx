import { formatCalendarDate } from '@stg/domain/dates';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LiveNotice } from '../../../components/live-notice';
import { useModal } from '../../../components/modal/modal-provider';
import type { Review } from '@stg/domain/api/vendors';
import { afterLoad } from '../../../lib/after-load';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useSession } from '../../../lib/session/use-session';
import { LazyUserSessionForm } from '../../auth/components/user-session-form-lazy';
import { vendorReviewsQueryOptions } from '../../reviews/api/reviews-query';
import { useDeleteReview } from '../../reviews/api/use-delete-review';
import { LazyReviewFormModal } from '../../reviews/components/review-form-lazy';
import { ReviewsCarouselModal } from './reviews-carousel-modal';
import { newestFirst, REVIEW_SOURCE_LABELS, ReviewBody, reviewAuthor, ReviewStars } from './review-parts';

const FILTERS = [
  { type: 'product', label: 'Servo Reviews', empty: 'No reviews yet.' },
  { type: 'google', label: 'Google Reviews', empty: 'No Google reviews yet.' },
] as const satisfies readonly { type: Review['reviewType']; label: string; empty: string }[];

/** The query flag that opens the review form (spec §2), e.g. from the order confirmation's "How did it go?". */
export const REVIEW_FLAG = 'review';
export const REVIEW_DELETED = 'Your review was deleted.';

type ReviewAccess =
  | { kind: 'unknown' }
  | { kind: 'hidden' }
  | { kind: 'guest' }
  | { kind: 'checking' }
  | { kind: 'allowed' }
  | { kind: 'refused'; reason: string | null };

/**
 * Who may press Write a Review (spec §5 Review, §6): a vendor cannot (no button, even on its own page); a
 * guest is asked to sign in; a customer may when the server's eligibility says so, else the button is
 * disabled with its reason. When the eligibility cannot be read (logged, spec §8) the server decides.
 * The eligibility is read once the page has loaded, or sooner when the section comes near the screen or
 * the URL asks for the review form: its answer and contract (zod) stay off the first paint (ADR 0041).
 */
function useReviewAccess(vendorId: number, wanted: boolean) {
  const { user, isPending } = useSession();
  const isVendor = user !== null && (user.vendorId != null || user.userType === 'vendor');
  const isCustomer = user !== null && !isVendor;
  const query = useQuery({
    ...vendorReviewsQueryOptions(vendorId, user?.id ?? null),
    enabled: isCustomer && wanted,
  });

  useEffect(() => {
    if (query.isError) console.error('Reviews fetch failed', query.error);
  }, [query.isError, query.error]);

  let access: ReviewAccess;
  if (isPending) access = { kind: 'unknown' };
  else if (isVendor) access = { kind: 'hidden' };
  else if (!isCustomer) access = { kind: 'guest' };
  else if (query.isPending) access = { kind: 'checking' };
  else if (!query.data || query.data.eligibility.canReview) access = { kind: 'allowed' };
  else access = { kind: 'refused', reason: query.data.eligibility.reason };
  return {
    access,
    ownReviewId: query.data?.eligibility.ownReviewId ?? null,
  };
}

/**
 * A provider's reviews, newest first, with the Servo Reviews and Google Reviews filter toggles
 * (spec §2). Each review opens the reviews-carousel at itself, among the reviews the filters show. A
 * customer writes a review here (review-form), and its author alone may delete it.
 */
export function ReviewsSection({
  vendorId,
  vendorName,
  reviews,
}: {
  vendorId: number;
  vendorName: string;
  reviews: Review[];
}) {
  const { openModal } = useModal();
  const sectionRef = useRef<HTMLElement>(null);
  const [params] = useSearchParams();
  const near = useNearViewport(sectionRef);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => afterLoad(() => setLoaded(true)), []);
  const { access, ownReviewId } = useReviewAccess(
    vendorId,
    near || loaded || params.get(REVIEW_FLAG) === 'true',
  );
  const [shown, setShown] = useState<Record<Review['reviewType'], boolean>>({ product: true, google: true });
  const [notice, setNotice] = useState<string | null>(null);
  const [why, setWhy] = useState<string | null>(null);
  // The list is the vendor's own (GET /api/vendors/{id}, read again after every change), the same for
  // every visitor; the reviews answer is read for the visitor's eligibility.
  const sorted = useMemo(() => newestFirst(reviews), [reviews]);
  const visible = sorted.filter((r) => shown[r.reviewType] ?? true);
  const whyId = useId();

  const openForm = () => {
    setNotice(null);
    setWhy(null);
    openModal(
      <LazyReviewFormModal
        vendorId={vendorId}
        vendorName={vendorName}
        onReviewed={(text) => setNotice(text)}
      />,
    );
  };
  const openSignIn = () => openModal(<LazyUserSessionForm initialMode="sign-in" />);

  useReviewFlag(access, () => {
    if (access.kind === 'allowed') openForm();
    else if (access.kind === 'guest') openSignIn();
    else if (access.kind === 'refused') setWhy(access.reason);
    else if (access.kind === 'hidden')
      void import('@stg/domain/api/reviews').then((contract) =>
        setWhy(contract.REVIEW_MESSAGES.vendorsCannotReview),
      );
  });

  const emptyMessages = FILTERS.filter((f) => shown[f.type]).map((f) => f.empty);

  return (
    <section ref={sectionRef} className="provider__section reviews" aria-labelledby="provider-reviews">
      <div className="reviews__header">
        <h2 id="provider-reviews">Reviews</h2>
        <div className="reviews__filters" role="group" aria-label="Filter reviews">
          {FILTERS.map((filter) => (
            <button
              key={filter.type}
              type="button"
              className="filter-tabs__tab filter-tabs__tab--small"
              aria-pressed={shown[filter.type]}
              onClick={() => setShown((s) => ({ ...s, [filter.type]: !s[filter.type] }))}
            >
              {filter.label}
            </button>
          ))}
        </div>
        {access.kind !== 'hidden' && access.kind !== 'unknown' && (
          <div className="reviews__write">
            <button
              type="button"
              className="button button--primary button--small"
              disabled={access.kind === 'checking' || access.kind === 'refused'}
              aria-describedby={access.kind === 'refused' && access.reason ? whyId : undefined}
              aria-haspopup="dialog"
              title={access.kind === 'refused' ? (access.reason ?? undefined) : undefined}
              onClick={access.kind === 'guest' ? openSignIn : openForm}
            >
              Write a Review
            </button>
            {access.kind === 'refused' && access.reason && (
              <p id={whyId} className="reviews__why">
                {access.reason}
              </p>
            )}
          </div>
        )}
      </div>
      <LiveNotice notice={notice} onDismiss={() => setNotice(null)} className="reviews__notice" />
      {why && (
        <p className="alert alert--warning reviews__flag-why" role="alert">
          {why}
        </p>
      )}
      {visible.length > 0 ? (
        <ul className="review-list">
          {visible.map((review, index) => (
            <li key={review.id}>
              <button
                type="button"
                className="review-card"
                aria-haspopup="dialog"
                onClick={() => openModal(<ReviewsCarouselModal reviews={visible} startIndex={index} />)}
              >
                <span className="review-card__header">
                  <span className="review-card__author">{reviewAuthor(review)}</span>
                  <ReviewStars score={review.score} />
                </span>
                <span className="review-card__meta">
                  {formatCalendarDate(review.createdAt)} · {REVIEW_SOURCE_LABELS[review.reviewType]}
                </span>
                <ReviewBody review={review} className="review-card__body" />
              </button>
              {review.id === ownReviewId && (
                <DeleteOwnReview
                  vendorId={vendorId}
                  reviewId={review.id}
                  onDeleted={() => setNotice(REVIEW_DELETED)}
                />
              )}
            </li>
          ))}
        </ul>
      ) : emptyMessages.length === 0 ? (
        <p className="empty-state">No reviews match the selected filters.</p>
      ) : (
        <p className="empty-state">
          {emptyMessages.length === 2 ? emptyMessages[0] : emptyMessages.join(' ')}
        </p>
      )}
    </section>
  );
}

/**
 * `?review=true` (spec §2): once the visitor is known, the flag leaves the address (replace, so Back does
 * not reopen it); a navigation closes any open modal, so the form opens once that is done.
 */
function useReviewFlag(access: ReviewAccess, act: () => void) {
  const [params, setParams] = useSearchParams();
  const flagged = params.get(REVIEW_FLAG) === 'true';
  const ready = access.kind !== 'unknown' && access.kind !== 'checking';
  const handled = useRef(false);
  const due = useRef(false);
  const actRef = useRef(act);
  useLayoutEffect(() => {
    actRef.current = act;
  });
  useEffect(() => {
    if (flagged) {
      if (!ready || handled.current) return;
      handled.current = true;
      due.current = true;
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(REVIEW_FLAG);
          return next;
        },
        { replace: true },
      );
      return;
    }
    if (!due.current) return;
    due.current = false;
    actRef.current();
  }, [flagged, ready, setParams]);
}

/** Delete Your Review, with a confirm step; a failure is only logged (spec §8). */
function DeleteOwnReview({
  vendorId,
  reviewId,
  onDeleted,
}: {
  vendorId: number;
  reviewId: number;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteReview(vendorId);
  if (!confirming)
    return (
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => setConfirming(true)}
      >
        Delete Your Review
      </button>
    );
  return (
    <div className="reviews__confirm" role="group" aria-label="Confirm delete">
      <p>Delete your review? This cannot be undone.</p>
      <button
        type="button"
        className="button button--primary button--small"
        disabled={remove.isPending}
        onClick={() => {
          if (remove.isPending) return;
          remove.mutate(reviewId, { onSuccess: onDeleted, onSettled: () => setConfirming(false) });
        }}
      >
        {remove.isPending ? 'Deleting…' : 'Yes, Delete'}
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => setConfirming(false)}
      >
        Cancel
      </button>
    </div>
  );
}
