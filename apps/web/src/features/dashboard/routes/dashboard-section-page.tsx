import { lazy } from 'react';
import { useParams } from 'react-router';
import { isDashboardSection } from '@stg/domain/routing';
import { useSession } from '../../../lib/session/use-session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SectionFrame } from '../components/section-frame';
import { tabFor } from '../dashboard-sections';

const SUMMARIES = {
  scheduling:
    'Your workday hours (Monday to Friday), the gap between appointments, how far ahead and how soon customers can book, your hourly rate, cancellation policy and appointment instructions, and your calendar connection.',
  pricing: 'Your pricing calculator, minimum price, pricing formula and the questions customers answer.',
} as const;

// The pricing screen (calculator, formula editor, questions) loads on first visit, in its own chunk.
const PricingPage = lazy(async () => ({
  default: (await import('../../pricing-admin/routes/pricing-page')).PricingPage,
}));

// The setup wizard (uploads, calendar, payouts, submit for review) loads on first visit, in its own chunk.
const SetupPage = lazy(async () => ({
  default: (await import('../../vendor-setup/routes/setup-page')).SetupPage,
}));

// General Settings and Support load on first visit, in their own chunks.
const GeneralPage = lazy(async () => ({
  default: (await import('../../vendor-settings/routes/general-page')).GeneralPage,
}));
const SupportPage = lazy(async () => ({
  default: (await import('../../vendor-settings/routes/support-page')).SupportPage,
}));

// Order History (the vendor's orders, their details and actions) loads on first visit, in its own chunk.
const VendorOrdersPage = lazy(async () => ({
  default: (await import('../../vendor-orders/routes/vendor-orders-page')).VendorOrdersPage,
}));

// Service Plans (the vendor's plans, each opening to its visits and Cancel Plan) loads on first visit, in its
// own chunk.
const VendorPlansPage = lazy(async () => ({
  default: (await import('../../vendor-orders/routes/vendor-plans-page')).VendorPlansPage,
}));

// Earnings and payouts (totals, the chart, the payouts, the CSV export) load on first visit, in their own
// chunk; the chart's library follows in another.
const EarningsPage = lazy(async () => ({
  default: (await import('../../vendor-earnings/routes/earnings-page')).EarningsPage,
}));

// The scheduling screen (preferences, calendar connection) loads on first visit, in its own chunk.
const SchedulingPage = lazy(async () => ({
  default: (await import('../../scheduling-admin/routes/scheduling-page')).SchedulingPage,
}));

/** One dashboard section's frame; the section is already validated by the route guard. */
export function DashboardSectionPage() {
  const { section } = useParams();
  const { vendor } = useSession();
  useDocumentTitle(isDashboardSection(section) ? tabFor(section).title : null);
  if (!vendor || !isDashboardSection(section)) return null;
  const { title } = tabFor(section);

  if (section === 'setup') return <SetupPage vendor={vendor} title={title} />;
  if (section === 'orders') return <VendorOrdersPage vendor={vendor} title={title} />;
  if (section === 'plans') return <VendorPlansPage vendor={vendor} title={title} />;
  if (section === 'earnings') return <EarningsPage vendor={vendor} title={title} />;
  if (section === 'general') return <GeneralPage vendor={vendor} title={title} />;
  if (section === 'support') return <SupportPage title={title} />;
  if (section === 'pricing') return <PricingPage vendor={vendor} title={title} summary={SUMMARIES.pricing} />;
  if (section === 'scheduling')
    return <SchedulingPage vendor={vendor} title={title} summary={SUMMARIES.scheduling} />;
  return <SectionFrame title={title} summary={SUMMARIES[section]} />;
}
