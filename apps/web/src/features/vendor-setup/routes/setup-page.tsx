import type { Vendor } from '../../../lib/api-types';

/** /dashboard/setup?page=logo|images|calendar|payouts|next-steps (spec §2 Setup). */
export function SetupPage({ vendor, title }: { vendor: Vendor; title: string }) {
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-section-title">
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      <p>{vendor.name}</p>
    </section>
  );
}
