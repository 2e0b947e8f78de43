import type { Vendor } from '@stg/domain/api/vendors';
import { BusinessDetailsForm } from './business-details-form';
import { DirectDepositCard } from './direct-deposit-card';
import { GoogleReviewsCard } from './google-reviews-card';
import { ListingStatusCard } from './listing-status-card';
import { ServiceDescriptionForm } from './service-description-form';

/**
 * General Settings, Business (spec §2): business details with the Update Password link, the service
 * description, the Google place (Google reviews), Direct Deposit with payouts onboarding or management, and the listing status.
 */
export function BusinessTab({ vendor }: { vendor: Vendor }) {
  return (
    <div className="vendor-settings__grid">
      <div className="vendor-settings__column">
        <BusinessDetailsForm vendor={vendor} />
        <ServiceDescriptionForm vendor={vendor} />
        <GoogleReviewsCard vendor={vendor} />
      </div>
      <div className="vendor-settings__column">
        <ListingStatusCard vendor={vendor} />
        <DirectDepositCard vendor={vendor} />
      </div>
    </div>
  );
}
