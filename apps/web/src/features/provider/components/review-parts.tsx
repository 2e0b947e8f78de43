import type { Review } from '@stg/domain/api/vendors';

/** "Ann L." (first name and last initial), or "Anonymous". */
export function reviewAuthor(review: Review): string {
  const first = review.author?.firstName?.trim() ?? '';
  const last = review.author?.lastName?.trim() ?? '';
  const name = [first, last ? `${last.charAt(0)}.` : ''].filter(Boolean).join(' ');
  return name || 'Anonymous';
}

export const REVIEW_SOURCE_LABELS: Record<Review['reviewType'], string> = {
  product: 'Servo review',
  google: 'Google review',
};

/** Newest first (spec §2 reviews-carousel). */
export function newestFirst(reviews: readonly Review[]): Review[] {
  return [...reviews].sort((a, b) => (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0));
}

/** Five stars, the first `score` filled; read as "Rated 4 out of 5". */
export function ReviewStars({ score }: { score: number }) {
  const filled = Math.max(0, Math.min(5, Math.round(score)));
  return (
    <span className="review-stars">
      <span aria-hidden="true">
        <span className="review-stars__on">{'★'.repeat(filled)}</span>
        <span className="review-stars__off">{'★'.repeat(5 - filled)}</span>
      </span>
      <span className="visually-hidden">Rated {filled} out of 5</span>
    </span>
  );
}

/** The review text, or "Rating only" for a score without words (spec §3 Review). */
export function ReviewBody({ review, className }: { review: Review; className?: string }) {
  const body = review.body?.trim();
  return body ? (
    <span className={className}>{body}</span>
  ) : (
    <span className={`${className ?? ''} review-body--empty`.trim()}>Rating only</span>
  );
}
