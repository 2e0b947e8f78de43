import type { FormulaCheck } from '../pricing-preview';

export interface FormulaVerdictProps {
  id: string;
  check: FormulaCheck;
  onGoToError: () => void;
}

/** The formula's verdict as the vendor types: the parse error with a marker, what stops saving, or valid. */
export function FormulaVerdict({ id, check, onGoToError }: FormulaVerdictProps) {
  return (
    <div id={id} aria-live="polite" className="formula-editor__check">
      {check.error ? (
        <div className="formula-editor__error">
          <p className="field__error">
            {check.error.message} (line {check.error.line}, column {check.error.column})
          </p>
          <pre className="formula-editor__marker" aria-hidden="true">
            {check.error.lineText}
            {'\n'}
            {' '.repeat(Math.max(0, check.error.column - 1))}^
          </pre>
          <button type="button" className="link-button" onClick={onGoToError}>
            Go to the error
          </button>
        </div>
      ) : !check.ok ? (
        <div className="formula-editor__problems">
          <p className="field__error">This formula cannot be saved yet:</p>
          <ul className="field__error">
            {check.problems.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
          <p className="field__hint">
            {check.unknown.length > 0
              ? 'Variables must be the aliases of your questions, listed under Variables below.'
              : "The formula is checked with each question's default answer."}
          </p>
        </div>
      ) : (
        <>
          <p className="formula-editor__ok">The formula is valid.</p>
          {check.unused.length > 0 && (
            <p className="formula-editor__warning">
              Questions the formula does not use: {check.unused.join(', ')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
