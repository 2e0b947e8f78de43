import { useId, useState, type FormEvent } from 'react';
import type { Vendor } from '@stg/domain/api/vendors';
import {
  PLAN_DISCOUNT_MAX_PERCENT,
  PLAN_FREQUENCIES,
  PLAN_FREQUENCY_LABELS,
  PLAN_MESSAGES,
  planPriceWords,
  planVisitSubtotal,
  type PlanFrequency,
  type PlanOffer,
} from '@stg/domain/plans';
import { ErrorList } from '../../../components/error-list';
import { errorsOf } from '../../../lib/api-client';
import { useSavePlanOffers } from '../api/pricing-admin-api';

interface Row {
  offered: boolean;
  /** The discount field's text (whole percent). */
  discount: string;
}
type Rows = Record<PlanFrequency, Row>;

function rowsOf(offers: readonly PlanOffer[]): Rows {
  const byFrequency = new Map(offers.map((o) => [o.frequency, o.discountPercent]));
  return Object.fromEntries(
    PLAN_FREQUENCIES.map((f) => {
      const percent = byFrequency.get(f);
      return [f, { offered: percent !== undefined, discount: String(percent ?? 0) }];
    }),
  ) as Rows;
}

/** The discount as a whole percent from 0 to 50, or null (the spec-style message is shown). */
export function discountOf(text: string): number | null {
  if (!/^\s*\d{1,2}\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= 0 && n <= PLAN_DISCOUNT_MAX_PERCENT ? n : null;
}

function offersOf(rows: Rows): PlanOffer[] | null {
  const offers: PlanOffer[] = [];
  for (const frequency of PLAN_FREQUENCIES) {
    const row = rows[frequency];
    if (!row.offered) continue;
    const discountPercent = discountOf(row.discount);
    if (discountPercent === null) return null;
    offers.push({ frequency, discountPercent });
  }
  return offers;
}

/**
 * "Service plans" (ADR 0037) on the Pricing page and Setup's Pricing step: which frequencies the vendor
 * offers and each one's discount, with the price per visit at the calculator's current price.
 */
export function ServicePlans({ vendor, priceCents }: { vendor: Vendor; priceCents: number }) {
  const ids = { title: useId(), hint: useId(), field: useId() };
  const save = useSavePlanOffers(vendor.id);
  const saved = vendor.planOffers;
  const signature = JSON.stringify(saved);
  // null (or made from an older save): not edited, the saved offers show.
  const [draft, setDraft] = useState<{ base: string; rows: Rows } | null>(null);
  const [status, setStatus] = useState<'' | 'saved'>('');
  const rows = draft && draft.base === signature ? draft.rows : rowsOf(saved);
  const offers = offersOf(rows);
  const changed = offers !== null ? JSON.stringify(offers) !== signature : true;

  const update = (frequency: PlanFrequency, change: Partial<Row>) => {
    setDraft({ base: signature, rows: { ...rows, [frequency]: { ...rows[frequency], ...change } } });
    setStatus('');
    save.reset();
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (offers === null || !changed || save.isPending) return;
    save.mutate(offers, {
      onSuccess: () => {
        setDraft(null);
        setStatus('saved');
      },
    });
  };

  return (
    <section className="card service-plans" aria-labelledby={ids.title}>
      <h2 id={ids.title}>Service plans</h2>
      <p id={ids.hint} className="field__hint">
        Customers who book a regular visit pay less per visit. Offer the frequencies that suit your work, each
        with a discount of 0 to {PLAN_DISCOUNT_MAX_PERCENT}%. Prices below use the calculator&apos;s current
        price.
      </p>
      <form className="form" onSubmit={onSave} noValidate aria-busy={save.isPending}>
        <fieldset className="form__fieldset service-plans__list" aria-describedby={ids.hint}>
          <legend>Frequencies offered</legend>
          {PLAN_FREQUENCIES.map((frequency) => {
            const row = rows[frequency];
            const label = PLAN_FREQUENCY_LABELS[frequency];
            const percent = discountOf(row.discount);
            const error = row.offered && percent === null ? PLAN_MESSAGES.discount : undefined;
            const base = `${ids.field}-${frequency}`;
            const exampleId = `${base}-example`;
            const errorId = `${base}-error`;
            const example =
              row.offered && percent !== null
                ? planPriceWords(planVisitSubtotal(priceCents, percent), percent)
                : null;
            return (
              <div key={frequency} className="service-plans__row">
                <label className="service-plans__offer" htmlFor={`${base}-offered`}>
                  <input
                    id={`${base}-offered`}
                    type="checkbox"
                    checked={row.offered}
                    onChange={(event) => update(frequency, { offered: event.target.checked })}
                  />
                  <span>{label}</span>
                </label>
                <div className="service-plans__discount">
                  <label htmlFor={`${base}-discount`} className="field__label">
                    Discount <span className="visually-hidden">for {label.toLowerCase()}</span> (%)
                  </label>
                  <input
                    id={`${base}-discount`}
                    className="field__control"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={PLAN_DISCOUNT_MAX_PERCENT}
                    step={1}
                    value={row.discount}
                    disabled={!row.offered}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : example ? exampleId : undefined}
                    onChange={(event) => update(frequency, { discount: event.target.value })}
                  />
                </div>
                {example && (
                  <p id={exampleId} className="service-plans__example">
                    {example}
                  </p>
                )}
                {error && (
                  <p id={errorId} className="field__error service-plans__error">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
        <ErrorList errors={save.isError ? errorsOf(save.error) : []} />
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={offers === null || !changed || save.isPending}
          >
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <p role="status" className="form__status">
            {status === 'saved' && !changed ? 'Saved' : ''}
          </p>
        </div>
      </form>
    </section>
  );
}
