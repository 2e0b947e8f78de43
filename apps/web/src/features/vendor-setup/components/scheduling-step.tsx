import { useState } from 'react';
import type { Vendor } from '@stg/domain/api/vendors';
import { PreferencesForm } from '../../scheduling-admin/components/preferences-form';
import { problemsOfStep, UNSAVED_WAITING } from '../setup-pages';
import { StepFooter } from './step-footer';
import { STEP_HEADING_ID, StepHeading } from './step-heading';
import { StepProblems } from './step-problems';
import '../../scheduling-admin/scheduling-admin.css';

/**
 * Setup's Scheduling step (issue 25 §1, ADR 0032): Scheduling Preferences' own form and checks (workday,
 * gap, notice, booking limit, dollars per hour, cancellation policy), starting from the defaults written
 * at sign-up. The appointment instructions are beside the description on Next Steps. Continue once the
 * readiness rule lists nothing about scheduling and no change is left unsaved.
 */
export function SchedulingStep({ vendor, problems }: { vendor: Vendor; problems: readonly string[] }) {
  const mine = problemsOfStep(problems, 'scheduling');
  const [unsaved, setUnsaved] = useState(false);
  return (
    <section className="setup-step setup-scheduling" aria-labelledby={STEP_HEADING_ID}>
      <StepHeading>Scheduling Rules</StepHeading>
      <p className="setup-step__lead">
        When customers can book you. We started you with a usual working week: change what does not fit, and
        save.
      </p>
      <StepProblems problems={mine} />
      <PreferencesForm vendor={vendor} withInstructions={false} onUnsavedChange={setUnsaved} />
      <StepFooter
        page="scheduling"
        canContinue={mine.length === 0 && !unsaved}
        waiting={mine.length > 0 ? 'Set your scheduling rules to continue.' : UNSAVED_WAITING}
      />
    </section>
  );
}
