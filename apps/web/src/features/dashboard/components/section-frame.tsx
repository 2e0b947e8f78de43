import type { ReactNode } from 'react';
import { ComingLaterNote } from '../../../components/coming-later-note';

/** A dashboard section's page frame: its title, what it will hold, and an honest "later release" note. */
export function SectionFrame({
  title,
  summary,
  note,
  children,
}: {
  title: string;
  summary: string;
  /** Replaces the default "This section arrives in a later release." */
  note?: string;
  children?: ReactNode;
}) {
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-section-title">
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      <p className="dashboard-section__summary">{summary}</p>
      {children}
      <ComingLaterNote>{note}</ComingLaterNote>
    </section>
  );
}
