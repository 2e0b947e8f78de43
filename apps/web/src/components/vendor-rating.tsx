import { StarIcon } from './star-icon';

/** "★ 4.8 (12)", or "New Service!" when nobody has reviewed the vendor yet (spec §2 Vendor card). */
export function VendorRating({ avgRating, reviewCount }: { avgRating: number | null; reviewCount: number }) {
  if (reviewCount === 0) return <span className="rating rating--new">New Service!</span>;
  const average = avgRating === null ? null : avgRating.toFixed(1);
  const spoken = `${average ? `Rated ${average} out of 5, ` : ''}${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`;
  return (
    <span className="rating">
      <span aria-hidden="true" className="rating__visual">
        <StarIcon />
        {average && <span className="rating__average">{average}</span>}
        <span className="rating__count">({reviewCount})</span>
      </span>
      <span className="visually-hidden">{spoken}</span>
    </span>
  );
}
