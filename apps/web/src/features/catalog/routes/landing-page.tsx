import { LISTED_CATEGORIES } from '@stg/domain/constants';
import { CategoryListings } from '../components/category-listings';
import { HeroBanner } from '../components/hero-banner';
import { SellingPoints } from '../components/selling-points';
import { VendorCallToAction } from '../components/vendor-call-to-action';
import { VendorLogoRow } from '../components/vendor-logo-row';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** / (spec §2 Landing page): hero, selling points, a list per category, 15 logos, call to action. */
export function LandingPage() {
  useDocumentTitle('Home Services in St George, UT');
  return (
    <div className="landing">
      <HeroBanner />
      <SellingPoints />
      <div className="container section">
        <CategoryListings categories={LISTED_CATEGORIES} />
      </div>
      <VendorLogoRow />
      <VendorCallToAction />
    </div>
  );
}
