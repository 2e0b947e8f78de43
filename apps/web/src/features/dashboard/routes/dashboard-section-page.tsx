import { useParams } from 'react-router';
import type { DashboardSection } from '@stg/domain/constants';
import { dashboardSectionOf, isDashboardSection } from '@stg/domain/routing';
import { lazyPage } from '../../../app/lazy-page';
import { useSession } from '../../../lib/session/use-session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SectionFrame } from '../components/section-frame';
import { tabFor } from '../dashboard-sections';

const SUMMARIES = {
  scheduling:
    'Your workday hours (Monday to Friday), the gap between appointments, how far ahead and how soon customers can book, your hourly rate, cancellation policy and appointment instructions, and your calendar connection.',
  pricing: 'Your pricing calculator, minimum price, pricing formula and the questions customers answer.',
} as const;

// Each section's screen loads on first visit, in its own chunk (lazyPage: at once when already loaded):
// pricing (calculator, formula editor, questions); the setup wizard (uploads, calendar, payouts, submit
// for review); General Settings and Support; Order History (the vendor's orders, their details and
// actions); Service Plans (the vendor's plans, each opening to its visits and Cancel Plan); Earnings and
// payouts (totals, the chart, the payouts, the CSV export; the chart's library follows in another chunk);
// scheduling (preferences, calendar connection).
const PricingPage = lazyPage(() => import('../../pricing-admin/routes/pricing-page'), 'PricingPage');
const SetupPage = lazyPage(() => import('../../vendor-setup/routes/setup-page'), 'SetupPage');
const GeneralPage = lazyPage(() => import('../../vendor-settings/routes/general-page'), 'GeneralPage');
const SupportPage = lazyPage(() => import('../../vendor-settings/routes/support-page'), 'SupportPage');
const VendorOrdersPage = lazyPage(
  () => import('../../vendor-orders/routes/vendor-orders-page'),
  'VendorOrdersPage',
);
const VendorPlansPage = lazyPage(
  () => import('../../vendor-orders/routes/vendor-plans-page'),
  'VendorPlansPage',
);
const EarningsPage = lazyPage(() => import('../../vendor-earnings/routes/earnings-page'), 'EarningsPage');
const SchedulingPage = lazyPage(
  () => import('../../scheduling-admin/routes/scheduling-page'),
  'SchedulingPage',
);

const SECTION_PAGES: Partial<Record<DashboardSection, { preload: () => Promise<unknown> }>> = {
  setup: SetupPage,
  orders: VendorOrdersPage,
  plans: VendorPlansPage,
  earnings: EarningsPage,
  general: GeneralPage,
  support: SupportPage,
  pricing: PricingPage,
  scheduling: SchedulingPage,
};

/** Starts loading the screen of a dashboard address (/dashboard/{section}). */
export function preloadDashboardSection(pathname: string): Promise<unknown> {
  const section = dashboardSectionOf(pathname);
  return (isDashboardSection(section) && SECTION_PAGES[section]?.preload()) || Promise.resolve();
}

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
