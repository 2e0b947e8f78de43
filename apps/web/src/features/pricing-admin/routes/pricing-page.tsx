import type { Vendor } from '@stg/domain/api/vendors';
import { PricingEditor } from '../components/pricing-editor';

/**
 * /dashboard/pricing, "Pricing Preferences" (spec §2): the calculator preview, the Options panel (Min
 * Price, Edit Formula, Revert to Previous Save, Save) and the questions editor.
 */
export function PricingPage({ vendor, title, summary }: { vendor: Vendor; title: string; summary: string }) {
  return (
    <section className="dashboard-section pricing-admin" aria-labelledby="dashboard-section-title">
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      <p className="dashboard-section__summary">{summary}</p>
      <PricingEditor vendor={vendor} />
    </section>
  );
}
