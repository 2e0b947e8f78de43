import { useEffect } from 'react';

/**
 * Tells a parent whether a form holds changes not saved yet (Setup keeps Continue off until they are
 * saved, so a step's edits are not lost by moving on). Reports false again when the form goes away.
 */
export function useReportUnsaved(unsaved: boolean, report: ((unsaved: boolean) => void) | undefined) {
  useEffect(() => {
    report?.(unsaved);
  }, [unsaved, report]);
  useEffect(() => () => report?.(false), [report]);
}
