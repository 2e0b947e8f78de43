import type { Vendor } from '../../../lib/api-types';

/** /dashboard/general: General Settings, tabs Business and Visual Content (spec §2). */
export function GeneralPage({ vendor, title }: { vendor: Vendor; title: string }) {
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-section-title">
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      <p>{vendor.name}</p>
    </section>
  );
}
