import { Link } from 'react-router';
import { VendorCover } from '../../../components/vendor-cover';
import { VendorLogo } from '../../../components/vendor-logo';
import { VendorRating } from '../../../components/vendor-rating';
import type { VendorCard as VendorCardData } from '../../../lib/api-types';

/** Spec §2 Vendor card: cover, logo, name, rating or New Service!; opens /vendors/{id}. */
export function VendorCard({ vendor }: { vendor: VendorCardData }) {
  return (
    <article className="vendor-card">
      <Link to={`/vendors/${vendor.id}`} className="vendor-card__link">
        <VendorCover url={vendor.thumbnailImageUrl} className="vendor-card__cover" />
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
