import { lazy } from 'react';
import { useParams } from 'react-router';
import { isListingInSetup } from '@stg/domain/constants';
import { isDashboardSection } from '@stg/domain/routing';
import { useSession } from '../../../lib/session/use-session';
import { SectionFrame } from '../components/section-frame';
import { SetupSteps } from '../components/setup-steps';
import { tabFor } from '../dashboard-sections';

const SUMMARIES = {
  setup:
    'Finish these steps to submit your listing for review: logo and banner, at least four gallery images, calendar integration (recommended) and payouts.',
  orders:
    'Your orders with active and past filters, their details, and actions to reschedule, partially refund, cancel or complete them.',
  general:
    'Your business details, password, service description, direct deposit, listing status and visual content (gallery, banner, logo).',
  scheduling:
    'Your workday hours (Monday to Friday), the gap between appointments, how far ahead and how soon customers can book, your hourly rate, cancellation policy and appointment instructions, and your calendar connection.',
  pricing: 'Your pricing calculator, minimum price, pricing formula and the questions customers answer.',
  support: 'How to reach your account manager and our purchase orders team.',
} as const;

// The pricing screen (calculator, formula editor, questions) loads on first visit, in its own chunk.
const PricingPage = lazy(async () => ({
  default: (await import('../../pricing-admin/routes/pricing-page')).PricingPage,
}));

// The scheduling screen (preferences, calendar connection) loads on first visit, in its own chunk.
const SchedulingPage = lazy(async () => ({
  default: (await import('../../scheduling-admin/routes/scheduling-page')).SchedulingPage,
}));

/** One dashboard section's frame; the section is already validated by the route guard. */
export function DashboardSectionPage() {
  const { section } = useParams();
  const { vendor } = useSession();
  if (!vendor || !isDashboardSection(section)) return null;
  const { title } = tabFor(section);

  if (section === 'setup') {
    const underReview = vendor.listingStatus === 'under_review';
    return (
      <SectionFrame
        title={title}
        summary={
          underReview
            ? 'Your listing was submitted and is under review. We check that the application is complete, that the business is legitimate and that the images are appropriate. We may ask for a certificate of insurance.'
            : SUMMARIES.setup
        }
        note="Completing these steps in the portal (uploads, calendar, payouts, submit for review) arrives in a later release."
      >
        {isListingInSetup(vendor.listingStatus) && <SetupSteps vendor={vendor} />}
      </SectionFrame>
    );
  }
  if (section === 'pricing') return <PricingPage vendor={vendor} title={title} summary={SUMMARIES.pricing} />;
  if (section === 'scheduling')
    return <SchedulingPage vendor={vendor} title={title} summary={SUMMARIES.scheduling} />;
  return <SectionFrame title={title} summary={SUMMARIES[section]} />;
}
