import { useState } from 'react';
import type { Vendor } from '@stg/domain/api/vendors';
import { sampleQuote } from '@stg/domain/listing-readiness';
import { dollarsToCents, formatDollars } from '@stg/domain/money';
import { formatDurationHours } from '@stg/domain/pricing';
import { PricingEditor, type PricingDraft } from '../../pricing-admin/components/pricing-editor';
import { problemsOfStep, UNSAVED_WAITING } from '../setup-pages';
import { StepFooter } from './step-footer';
import { STEP_HEADING_ID, StepHeading } from './step-heading';
import { StepProblems } from './step-problems';

/**
 * What a typical customer would pay for the formula and min price being edited: the same domain function
 * as the operator's review card (`sampleQuote`: each question's default answer, else its first choice,
 * priced through the formula and min price, minutes at the vendor's rate), so the numbers agree.
 */
function SampleQuote({ vendor, draft }: { vendor: Vendor; draft: PricingDraft }) {
  const quote = sampleQuote({
    pricingFormula: draft.formula,
    minPriceCents: dollarsToCents(draft.minPrice),
    pricingInputs: vendor.pricingInputs,
    priceToDurationRateCents: dollarsToCents(vendor.priceToDurationRate),
  });
  return (
    <div className="card setup-quote" aria-live="polite">
      <h3 className="setup-quote__title">Sample quote</h3>
      {quote ? (
        <>
          <p className="setup-quote__line">
            A typical customer would pay <strong>{formatDollars(quote.priceCents)}</strong>,{' '}
            {formatDurationHours(quote.durationMinutes)}.
          </p>
          {quote.answers.length > 0 && (
            <p className="setup-quote__answers">
              For {quote.answers.map((a) => `${a.question}: ${a.answer}`).join('; ')}.
            </p>
          )}
        </>
      ) : (
        <p className="setup-quote__line">The pricing formula gives no price for a typical customer.</p>
      )}
    </div>
  );
}

/**
 * Setup's Pricing step (issue 25 §1, ADR 0032): Pricing Preferences' own editor and formula checks,
 * starting from the category's defaults written at sign-up, with a live sample quote above it. Continue
 * once the readiness rule lists nothing about pricing and nothing edited is left unsaved (moving on would
 * drop it).
 */
export function PricingStep({ vendor, problems }: { vendor: Vendor; problems: readonly string[] }) {
  const mine = problemsOfStep(problems, 'pricing');
  const [unsaved, setUnsaved] = useState(false);
  return (
    <section className="setup-step setup-pricing" aria-labelledby={STEP_HEADING_ID}>
      <StepHeading>Pricing</StepHeading>
      <p className="setup-step__lead">
        Customers get an instant price from your answers to these questions. We started you with the usual
        questions and formula for your category: check the price, change what does not fit, and save.
      </p>
      <StepProblems problems={mine} />
      <PricingEditor
        vendor={vendor}
        above={(draft) => <SampleQuote vendor={vendor} draft={draft} />}
        onUnsavedChange={setUnsaved}
      />
      <StepFooter
        page="pricing"
        canContinue={mine.length === 0 && !unsaved}
        waiting={mine.length > 0 ? 'Fix your pricing to continue.' : UNSAVED_WAITING}
      />
    </section>
  );
}
