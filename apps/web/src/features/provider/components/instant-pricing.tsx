import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { DEFAULT_PRICE_TO_DURATION_RATE_CENTS, DEFAULT_MIN_PRICE_CENTS, LIMITS } from '@stg/domain/constants';
import { dollarsToCents, formatDollars, type Cents } from '@stg/domain/money';
import {
  answersFromSelections,
  durationMinutes,
  formatDurationHours,
  missingRequiredInputs,
  quotePrice,
  type QuoteInput,
} from '@stg/domain/pricing';
import { ErrorList } from '../../../components/error-list';
import { TextareaField } from '../../../components/textarea-field';
import { afterLoad } from '../../../lib/after-load';
import { ensureCsrfToken, errorsOf } from '../../../lib/api-client';
import type { Vendor } from '@stg/domain/api/vendors';
import type { Answers, Booking } from '@stg/domain/api/bookings';
import { preloadBookingContract } from '../api/parse-booking';
import { useSaveQuote, type SaveQuoteInput } from '../api/use-save-quote';
import { HowOften, type VisitFrequency } from './how-often';
import { PricingInputField } from './pricing-input-field';
import './instant-pricing.css';

export const NOTES_LABEL = 'Additional Instructions (Optional)';
export const PRICE_DISCLAIMER =
  'In cases where an adjustment is necessary, it will be confirmed with you prior to your service.';
export const DURATION_DISCLAIMER =
  'The provided time is an estimate, additional technicians may decrease time significantly.';
export const ANSWER_EVERY_QUESTION = 'Answer every question to continue.';
/** The spec's default formula (§5). */
export const DEFAULT_FORMULA = 'x';
/** The server's limit on customer notes. */
export const NOTES_MAX_LENGTH = LIMITS.customerNotesMax;

const centsOr = (dollars: number | null | undefined, fallback: Cents): Cents =>
  typeof dollars === 'number' && Number.isFinite(dollars) && dollars >= 0
    ? dollarsToCents(dollars)
    : fallback;

/** What the client-side calculator needs from a vendor, in cents. */
export function pricingOf(vendor: Pick<Vendor, 'pricingFormula' | 'minPrice' | 'priceToDurationRate'>) {
  return {
    formula: vendor.pricingFormula?.trim() || DEFAULT_FORMULA,
    minPriceCents: centsOr(vendor.minPrice, DEFAULT_MIN_PRICE_CENTS),
    rateCents: centsOr(vendor.priceToDurationRate, DEFAULT_PRICE_TO_DURATION_RATE_CENTS),
  };
}

interface InstantPricingProps {
  vendor: Vendor;
  /** Starting answers, canonical valueStrings by pricing input id (see initialSelections). */
  initialAnswers: Answers;
  initialNotes: string;
  existingBookingId: number | null;
  answersTarget: SaveQuoteInput['answersTarget'];
  /** Called with the booking the server priced. */
  onPriced: (booking: Booking) => void;
  /** Each answer the customer gives, as it is given (kept above this panel so it survives sign-in). */
  onAnswerChange?: (inputId: number, value: string) => void;
  /** The instructions as the customer types them. */
  onNotesChange?: (notes: string) => void;
  /** "How often?" (ADR 0037): the choice, kept by the booking flow; one time when left out. */
  frequency?: VisitFrequency;
  onFrequencyChange?: (frequency: VisitFrequency) => void;
}

/**
 * The Instant Pricing panel (spec §2, §5): the vendor's non-recurring questions, optional instructions,
 * a live Subtotal and Duration computed here with the vendor's formula (the server prices again on
 * Continue, and its figures are the ones that count), the two disclaimers and Continue.
 */
export function InstantPricing({
  vendor,
  initialAnswers,
  initialNotes,
  existingBookingId,
  answersTarget,
  onPriced,
  onAnswerChange,
  onNotesChange,
  frequency = 'one_time',
  onFrequencyChange,
}: InstantPricingProps) {
  const id = useId();
  const pricing = useMemo(() => pricingOf(vendor), [vendor]);
  const inputs = useMemo(() => (vendor.pricingInputs ?? []).filter((i) => !i.recurring), [vendor]);
  const quoteFor = (answers: Answers): QuoteInput => ({
    formula: pricing.formula,
    minPriceCents: pricing.minPriceCents,
    answers: answersFromSelections(inputs, answers),
  });

  const [state, setState] = useState(() => {
    const quote = quotePrice(quoteFor(initialAnswers));
    if (!quote.formulaOk) console.warn('Pricing formula failed to evaluate', quote.error);
    return { answers: initialAnswers, priceCents: quote.priceCents };
  });
  const [notes, setNotes] = useState(initialNotes);
  const save = useSaveQuote();
  // Continue writes a booking and reads the answer: the CSRF token and the answer's contract load before
  // it, not in the path of Continue (issue 23 #18), yet after the page's first paint (ADR 0041).
  useEffect(
    () =>
      afterLoad(() => {
        ensureCsrfToken();
        preloadBookingContract();
      }),
    [],
  );

  const missing = missingRequiredInputs(inputs, state.answers);
  const minutes = durationMinutes(state.priceCents, pricing.rateCents);

  const answer = (inputId: number, value: string) => {
    const answers = { ...state.answers, [String(inputId)]: value };
    const quote = quotePrice(quoteFor(answers));
    if (!quote.formulaOk)
      console.warn('Pricing formula failed to evaluate; the price stays unchanged', quote.error);
    // A formula that fails to evaluate leaves the price as it was (spec §5).
    setState({ answers, priceCents: quote.formulaOk ? quote.priceCents : state.priceCents });
    onAnswerChange?.(inputId, value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (missing.length > 0 || save.isPending) return;
    const answers: Answers = {};
    for (const input of inputs) {
      const value = state.answers[String(input.id)];
      if (value !== undefined) answers[String(input.id)] = value;
    }
    save.mutate(
      {
        vendorId: vendor.id,
        existingBookingId,
        answers,
        customerNotes: notes.trim() === '' ? null : notes.trim(),
        answersTarget,
        // ADR 0037: the server checks the frequency against the vendor's offers and prices the visit.
        planFrequency: frequency === 'one_time' ? null : frequency,
      },
      { onSuccess: onPriced },
    );
  };

  const subtotalId = `${id}-subtotal`;
  const durationId = `${id}-duration`;
  const hintId = `${id}-hint`;

  return (
    <form className="instant-pricing" aria-label="Instant pricing" onSubmit={onSubmit} noValidate>
      <div className="instant-pricing__layout">
        <div className="instant-pricing__inputs">
          {inputs.length === 0 && <p>{vendor.name} needs no details for a price.</p>}
          {inputs.map((input) => (
            <PricingInputField
              key={input.id}
              input={input}
              value={state.answers[String(input.id)]}
              onChange={(value) => answer(input.id, value)}
              disabled={save.isPending}
            />
          ))}
          <TextareaField
            label={NOTES_LABEL}
            rows={3}
            maxLength={NOTES_MAX_LENGTH}
            value={notes}
            onChange={(event) => {
              setNotes(event.target.value);
              onNotesChange?.(event.target.value);
            }}
            disabled={save.isPending}
          />
        </div>

        <div className="instant-pricing__summary">
          <dl className="instant-pricing__figures" aria-live="polite" aria-atomic="true">
            <div className="instant-pricing__figure">
              <dt id={subtotalId}>Subtotal</dt>
              <dd aria-labelledby={subtotalId}>{formatDollars(state.priceCents)}</dd>
            </div>
            <div className="instant-pricing__figure">
              <dt id={durationId}>Duration</dt>
              <dd aria-labelledby={durationId}>{formatDurationHours(minutes)}</dd>
            </div>
          </dl>
          <HowOften
            vendor={vendor}
            priceCents={state.priceCents}
            value={frequency}
            onChange={(next) => onFrequencyChange?.(next)}
            disabled={save.isPending}
          />
          <p className="instant-pricing__disclaimer">{PRICE_DISCLAIMER}</p>
          <p className="instant-pricing__disclaimer">{DURATION_DISCLAIMER}</p>
          <ErrorList errors={save.isError ? errorsOf(save.error) : []} />
          {missing.length > 0 && (
            <p id={hintId} className="field__hint">
              {ANSWER_EVERY_QUESTION}
            </p>
          )}
          <button
            type="submit"
            className="button button--primary instant-pricing__continue"
            disabled={missing.length > 0 || save.isPending}
            aria-describedby={missing.length > 0 ? hintId : undefined}
          >
            {save.isPending ? 'Saving…' : 'Continue'}
          </button>
        </div>
      </div>
    </form>
  );
}
