import type { Vendor } from '@stg/domain/api/vendors';
import { CalendarConnection } from '../components/calendar-connection';
import { PreferencesForm } from '../components/preferences-form';
import '../scheduling-admin.css';

/**
 * /dashboard/scheduling, "Scheduling Preferences" (spec §2): the vendor's preferences and the calendar
 * connection. Also the return target of Google's and Jobber's consent pages.
 */
export function SchedulingPage({
  vendor,
  title,
  summary,
}: {
  vendor: Vendor;
  title: string;
  summary: string;
}) {
  return (
    <section className="dashboard-section scheduling-admin" aria-labelledby="dashboard-section-title">
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      <p className="dashboard-section__summary">{summary}</p>
      <div className="scheduling-admin__grid">
        <PreferencesForm vendor={vendor} />
        <CalendarConnection vendor={vendor} />
      </div>
    </section>
  );
}
