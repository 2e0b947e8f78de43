import { useMemo, useState } from 'react';
import { useModal } from '../../../components/modal/modal-provider';
import type { Review } from '../../../lib/api-types';
import { ReviewsCarouselModal } from './reviews-carousel-modal';
import {
  formatReviewDate,
  newestFirst,
  REVIEW_SOURCE_LABELS,
  ReviewBody,
  reviewAuthor,
  ReviewStars,
} from './review-parts';

const FILTERS = [
  { type: 'product', label: 'Servo Reviews' },
  { type: 'google', label: 'Google Reviews' },
] as const satisfies readonly { type: Review['reviewType']; label: string }[];

/**
 * A provider's reviews, newest first, with the Servo Reviews and Google Reviews filter toggles
 * (spec §2). Each review opens the reviews-carousel at itself, among the reviews the filters show.
 */
export function ReviewsSection({ reviews }: { reviews: Review[] }) {
  const { openModal } = useModal();
  const [shown, setShown] = useState<Record<Review['reviewType'], boolean>>({ product: true, google: true });
  const sorted = useMemo(() => newestFirst(reviews), [reviews]);
  const visible = sorted.filter((r) => shown[r.reviewType] ?? true);

  return (
    <section className="provider__section reviews" aria-labelledby="provider-reviews">
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
      </div>
      {sorted.length === 0 ? (
        <p className="empty-state">No reviews yet.</p>
      ) : visible.length === 0 ? (
        <p className="empty-state">No reviews match the selected filters.</p>
      ) : (
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
                  {formatReviewDate(review.createdAt)} · {REVIEW_SOURCE_LABELS[review.reviewType]}
                </span>
                <ReviewBody review={review} className="review-card__body" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
