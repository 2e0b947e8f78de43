import { Link } from '../../../components/link';
import type { Vendor } from '@stg/domain/api/vendors';
import { useUpdateVendor } from '../../../lib/vendor-api';
// The calendar connection of Scheduling Preferences, reused as it is (state, Google, Jobber, iCal feed).
import { CalendarConnection } from '../../scheduling-admin/components/calendar-connection';
import '../../scheduling-admin/scheduling-admin.css';
import { setupPageLink } from '../setup-pages';
import { STEP_HEADING_ID, StepHeading } from './step-heading';
import { StepFooter } from './step-footer';

/**
 * Setup step 3, Calendar Integration (recommended) (spec §2): the calendar connection; Continue once a
 * calendar is integrated or the step was skipped. Skip remembers the choice in session storage, tells the
 * server (it checks at Submit for Review) and goes to payouts.
 */
export function CalendarStep({
  vendor,
  skipped,
  onSkip,
}: {
  vendor: Vendor;
  /** Skipped here (session storage) or known by the server. */
  skipped: boolean;
  onSkip: () => void;
}) {
  const update = useUpdateVendor(vendor.id);
  const integrated = Boolean(vendor.calendar?.apiIntegrated);

  const skip = () => {
    onSkip();
    if (vendor.calendarSkipped) return;
    update.mutate(
      { changes: { calendarSkipped: true } },
      // Logged only: Next Steps sends it again before submitting if the server still does not know.
      { onError: (error) => console.error('Saving the calendar skip failed', error) },
    );
  };

  return (
    <section className="setup-step" aria-labelledby={STEP_HEADING_ID}>
      <StepHeading>Calendar Integration (recommended)</StepHeading>
      <p className="setup-step__lead">
        Recommended: with your calendar connected, customers can only book times when you are free. You can
        also skip this step and connect a calendar later in Scheduling.
      </p>
      {skipped && !integrated && (
        <p className="alert alert--warning setup-step__note">
          You skipped this step. Customers can book any open time inside your workday hours until you connect
          a calendar.
        </p>
      )}
      <div className="setup-calendar">
        <CalendarConnection vendor={vendor} />
      </div>
      <StepFooter
        page="calendar"
        canContinue={integrated || skipped}
        waiting="Connect a calendar, or skip this step, to continue."
      >
        {!integrated && !skipped && (
          <Link
            className="button button--ghost setup-step__skip"
            to={setupPageLink('payouts')}
            onClick={skip}
          >
            Skip
          </Link>
        )}
      </StepFooter>
    </section>
  );
}
