/**
 * A vendor's figures from its reviews (ADR 0018): product reviews only; avgRating rounded to one decimal
 * as PostgreSQL's round(avg(score), 1) does (halves away from zero), null when there are none.
 */
export function productRating(rows: readonly { reviewType: string; score: number }[]): {
  avgRating: number | null;
  reviewCount: number;
} {
  let sum = 0;
  let count = 0;
  for (const r of rows)
    if (r.reviewType === 'product') {
      sum += r.score;
      count++;
    }
  // Integers until the last step: 10·sum/count is exact at every half, so Math.round rounds halves up.
  return { avgRating: count > 0 ? Math.round((sum * 10) / count) / 10 : null, reviewCount: count };
}
