import type { ReactNode } from 'react';

/** The id of the shown step's heading: SetupPage moves focus to it when the step changes. */
export const STEP_HEADING_ID = 'setup-step-title';

/** A setup step's heading (h2), focusable by script so a step change can start there. */
export function StepHeading({ children }: { children: ReactNode }) {
  return (
    <h2 id={STEP_HEADING_ID} tabIndex={-1} className="setup-step__title">
      {children}
    </h2>
  );
}
