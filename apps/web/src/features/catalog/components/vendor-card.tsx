import { Link } from '../../../components/link';
import { CARD_COVER_SIZES } from '@stg/domain/cover-images';
import { VendorCover } from '../../../components/vendor-cover';
import { VendorLogo } from '../../../components/vendor-logo';
import { VendorRating } from '../../../components/vendor-rating';
import type { VendorCard as VendorCardData } from '@stg/domain/api/vendors';

/**
 * Spec §2 Vendor card: cover, logo, name, rating or New Service!; opens /vendors/{id}. The name is text
 * (never drawn into the cover, which a card crops). `priority`: the card is among the first the visitor
 * sees, so its cover loads at once.
 */
export function VendorCard({ vendor, priority = false }: { vendor: VendorCardData; priority?: boolean }) {
  return (
    <article className="vendor-card">
      <Link to={`/vendors/${vendor.id}`} className="vendor-card__link">
        <VendorCover
          url={vendor.thumbnailImageUrl}
          fullUrl={vendor.bannerImageUrl}
          sizes={CARD_COVER_SIZES}
          priority={priority}
          className="vendor-card__cover"
        />
        <div className="vendor-card__body">
          <VendorLogo url={vendor.logoImageUrl} name={vendor.name} size="small" />
          <div className="vendor-card__text">
            <h3 className="vendor-card__name">{vendor.name}</h3>
            <VendorRating avgRating={vendor.avgRating} reviewCount={vendor.reviewCount} />
          </div>
        </div>
      </Link>
    </article>
  );
}

/** A card's outline while the vendors load: the same box as a card, so nothing moves when they come. */
export function VendorCardSkeleton() {
  return (
    <div className="vendor-card vendor-card--skeleton" aria-hidden="true">
      <div className="vendor-card__link">
        <span className="vendor-cover vendor-card__cover skeleton" />
        <div className="vendor-card__body">
          <span className="vendor-logo vendor-logo--small skeleton" />
          <div className="vendor-card__text vendor-card__text--skeleton">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
      </div>
    </div>
  );
}
