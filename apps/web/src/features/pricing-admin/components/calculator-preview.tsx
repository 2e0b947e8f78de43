import { useId } from 'react';
import { formatDollars } from '@stg/domain/money';
import { formatDurationHours } from '@stg/domain/pricing';
import type { PricingInput } from '@stg/domain/api/vendors';
import { previewPrice } from '../pricing-preview';
import { PricingAnswers, type AnswerMap } from './pricing-answers';

/**
 * The calculator as the customer sees it (spec §2 Pricing Preferences, §5): the non-recurring questions
 * and the price and duration from the formula and min price being edited, computed as answers change.
 */
export function CalculatorPreview({
  inputs,
  formula,
  minPrice,
  rate,
  answers,
  onAnswersChange,
}: {
  inputs: readonly PricingInput[];
  formula: string;
  minPrice: number;
  rate: number;
  answers: AnswerMap;
  onAnswersChange: (answers: AnswerMap) => void;
}) {
  const titleId = useId();
  const preview = previewPrice({ formula, minPrice, rate, inputs, answers });
  return (
    <section className="card pricing-admin__calculator" aria-labelledby={titleId}>
      <h2 id={titleId}>Calculator</h2>
      <p className="field__hint">What your customers see. Try answers to check the price.</p>
      <div className="pricing-admin__calculator-grid">
        <PricingAnswers inputs={inputs} answers={answers} onChange={onAnswersChange} />
        <dl className="pricing-admin__quote" aria-live="polite">
          <div>
            <dt>Price</dt>
            <dd className="pricing-admin__price">{formatDollars(preview.priceCents)}</dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{formatDurationHours(preview.minutes)}</dd>
          </div>
        </dl>
      </div>
      {!preview.formulaOk && (
        <p className="formula-editor__warning">
          The formula gives no price for these answers ({preview.error?.message ?? 'unknown problem'}), so the
          min price is shown.
        </p>
      )}
    </section>
  );
}
