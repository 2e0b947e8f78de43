import { useId } from 'react';
import type { Vendor } from '@stg/domain/api/vendors';
import {
  PLAN_FREQUENCY_LABELS,
  planPriceWords,
  planVisitSubtotal,
  type PlanFrequency,
} from '@stg/domain/plans';

/** The customer's choice in "How often?": one visit, or a plan at one of the vendor's frequencies. */
export type VisitFrequency = 'one_time' | PlanFrequency;

export const HOW_OFTEN_LABEL = 'How often?';
export const ONE_TIME_LABEL = 'One time';

/** The choice as it stands for this vendor: a frequency the vendor no longer offers reads as one time. */
export function offeredChoice(vendor: Pick<Vendor, 'planOffers'>, choice: VisitFrequency): VisitFrequency {
  return choice === 'one_time' || vendor.planOffers.some((o) => o.frequency === choice) ? choice : 'one_time';
}

/**
 * "How often?" after the price (ADR 0037): One time, or each frequency the vendor offers with its price per
 * visit at the subtotal shown ("Every 2 weeks — $112.50 a visit, save 10%"). Nothing when the vendor offers
 * no plans. Selection only: the booking flow keeps the choice for the plan's checkout.
 */
export function HowOften({
  vendor,
  priceCents,
  value,
  onChange,
  disabled,
}: {
  vendor: Pick<Vendor, 'planOffers'>;
  priceCents: number;
  value: VisitFrequency;
  onChange: (value: VisitFrequency) => void;
  disabled?: boolean;
}) {
  const id = useId();
  if (vendor.planOffers.length === 0) return null;
  const chosen = offeredChoice(vendor, value);
  const choices: { value: VisitFrequency; label: string; price?: string }[] = [
    { value: 'one_time', label: ONE_TIME_LABEL },
    ...vendor.planOffers.map((offer) => ({
      value: offer.frequency,
      label: PLAN_FREQUENCY_LABELS[offer.frequency],
      price: planPriceWords(planVisitSubtotal(priceCents, offer.discountPercent), offer.discountPercent),
    })),
  ];
  return (
    <fieldset className="how-often">
      <legend className="how-often__legend">{HOW_OFTEN_LABEL}</legend>
      <div className="how-often__choices">
        {choices.map((choice) => (
          <label key={choice.value} className="how-often__choice">
            <input
              type="radio"
              name={`${id}-how-often`}
              value={choice.value}
              checked={chosen === choice.value}
              disabled={disabled}
              onChange={() => onChange(choice.value)}
            />
            {/* Read as one: "Every 2 weeks — $112.50 a visit, save 10%"; shown on two lines. */}
            <span className="how-often__text">
              <span className="how-often__name">{choice.label}</span>
              {choice.price && (
                <>
                  <span className="visually-hidden"> — </span>
                  <span className="how-often__price">{choice.price}</span>
                </>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
