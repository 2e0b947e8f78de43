import { formatDurationHours } from '@stg/domain/pricing';
import { formatDollars } from '@stg/domain/money';
import type { PricingInput } from '@stg/domain/api/vendors';
import type { Preview } from '../pricing-preview';
import { PricingAnswers, type AnswerMap } from './pricing-answers';

export interface FormulaTestProps {
  id: string;
  /** The verdict's id: what the disabled Test button points to. */
  checkId: string;
  inputs: readonly PricingInput[];
  answers: AnswerMap;
  onAnswersChange: (answers: AnswerMap) => void;
  valid: boolean;
  onTest: () => void;
  /** The test's result for the formula as it is now; null before a test or after an edit. */
  result: Preview | null;
}

/** Test Formula: sample answers, the Test button (only for a valid formula) and the price it gives. */
export function FormulaTest({
  id,
  checkId,
  inputs,
  answers,
  onAnswersChange,
  valid,
  onTest,
  result,
}: FormulaTestProps) {
  return (
    <fieldset className="formula-editor__test">
      <legend id={id}>Test Formula</legend>
      <PricingAnswers inputs={inputs} answers={answers} onChange={onAnswersChange} />
      <div className="formula-editor__test-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={!valid}
          aria-describedby={valid ? undefined : checkId}
          onClick={onTest}
        >
          Test
        </button>
        <div role="status" className="formula-editor__result">
          {result &&
            (result.formulaOk ? (
              <p>
                Result: <strong>{formatDollars(result.priceCents)}</strong>,{' '}
                {formatDurationHours(result.minutes)}
              </p>
            ) : (
              <p className="field__error">
                {result.error?.message ?? 'The formula gives no price for these answers'}: the min price{' '}
                {formatDollars(result.priceCents)} would be charged.
              </p>
            ))}
        </div>
      </div>
    </fieldset>
  );
}
