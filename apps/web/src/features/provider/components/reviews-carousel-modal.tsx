import { formatCalendarDate } from '@stg/domain/dates';
import { Modal } from '../../../components/modal/modal';
import type { Review } from '@stg/domain/api/vendors';
import { CarouselControls } from '../../../components/carousel/carousel-controls';
import { REVIEW_SOURCE_LABELS, ReviewBody, reviewAuthor, ReviewStars } from './review-parts';
import { useCarousel } from '../../../components/carousel/use-carousel';

/** The reviews-carousel modal (spec §2): reviews newest first, one at a time, with wraparound. */
export function ReviewsCarouselModal({ reviews, startIndex }: { reviews: Review[]; startIndex: number }) {
  const { index, next, previous } = useCarousel(reviews.length, startIndex);
  const review = reviews[index];
  if (!review) return null;
  return (
    <Modal title="Reviews" size="medium">
      <div className="carousel carousel--reviews">
        <article className="review-slide" aria-label={`Review by ${reviewAuthor(review)}`}>
          <header className="review-slide__header">
            {review.authorImage ? (
              <img className="review-avatar" src={review.authorImage} alt="" />
            ) : (
              <span className="review-avatar review-avatar--placeholder" aria-hidden="true">
                {reviewAuthor(review).charAt(0)}
              </span>
            )}
            <div>
              <p className="review-slide__author">{reviewAuthor(review)}</p>
              <p className="review-slide__meta">
                <ReviewStars score={review.score} />
                <span>{formatCalendarDate(review.createdAt)}</span>
                <span>{REVIEW_SOURCE_LABELS[review.reviewType]}</span>
              </p>
            </div>
          </header>
          <p className="review-slide__body">
            <ReviewBody review={review} />
          </p>
          {review.reviewType === 'google' && review.url && (
            <p>
              <a href={review.url} target="_blank" rel="noopener noreferrer">
                View on Google
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          )}
        </article>
        <CarouselControls
          index={index}
          count={reviews.length}
          noun="review"
          onPrevious={previous}
          onNext={next}
        />
      </div>
    </Modal>
  );
}
