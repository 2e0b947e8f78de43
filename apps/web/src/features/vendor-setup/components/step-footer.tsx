import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/link';
import { nextPageOf, previousPageOf, setupPageLink, type SetupPageName } from '../setup-pages';

/**
 * The foot of a setup step: Back to the previous page, and Continue to the next one, which stays off
 * until the step allows it (with `waiting` saying why, read with the button).
 */
export function StepFooter({
  page,
  canContinue,
  waiting,
  children,
  noBack = false,
}: {
  page: SetupPageName;
  canContinue: boolean;
  /** Why Continue is off, shown beside it while it is. */
  waiting?: string;
  /** More actions before Continue (e.g. Skip). */
  children?: ReactNode;
  /** Without the Back link (a listing under review stays on Next Steps). */
  noBack?: boolean;
}) {
  const id = useId();
  const navigate = useNavigate();
  const previous = noBack ? null : previousPageOf(page);
  const next = nextPageOf(page);
  const note = !canContinue && waiting ? waiting : null;
  return (
    <div className="setup-step__footer">
      {previous ? (
        <Link className="button button--ghost setup-step__back" to={setupPageLink(previous)}>
          <span aria-hidden="true">←</span> Back
        </Link>
      ) : (
        <span />
      )}
      <div className="setup-step__forward">
        {note && (
          <p id={`${id}-waiting`} className="setup-step__waiting">
            {note}
          </p>
        )}
        <div className="setup-step__buttons">
          {children}
          {next && (
            <button
              type="button"
              className="button button--primary"
              disabled={!canContinue}
              aria-describedby={note ? `${id}-waiting` : undefined}
              onClick={() => void navigate(setupPageLink(next))}
            >
              Continue
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
