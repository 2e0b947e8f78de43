import type { VendorJson } from '@stg/domain/api/vendors';
import { dollarsToCents, formatDollars } from '@stg/domain/money';

type PricingInput = VendorJson['pricingInputs'][number];

const INPUT_TYPE_LABELS = { radio: 'Choice (radio)', select: 'Choice (select)', range: 'Range' } as const;
const RANGE_PARTS = ['min', 'max', 'step', 'default'] as const;

/** A range's bounds ("min 500 · max 5000 · step 100 · default 1000") from its typed options. */
function rangeText(input: PricingInput): string {
  const parts = RANGE_PARTS.flatMap((part) => {
    const option = input.pricingInputOptions.find((o) => o.optionType === part);
    return option ? [`${part} ${option.value}`] : [];
  });
  return parts.join(' · ') || 'No bounds set';
}

function Question({ input }: { input: PricingInput }) {
  const choices = input.pricingInputOptions.filter((o) => o.optionType === null);
  return (
    <li className="listing-review__question">
      <p className="listing-review__question-title">
        <strong>{input.name}</strong> <code>{input.alias}</code>{' '}
        <span className="listing-review__muted">
          {INPUT_TYPE_LABELS[input.inputType]}
          {input.recurring ? ', recurring (not shown to customers)' : ''}
        </span>
      </p>
      {input.inputType === 'range' ? (
        <p className="listing-review__muted">{rangeText(input)}</p>
      ) : choices.length === 0 ? (
        <p className="listing-review__muted">No options</p>
      ) : (
        <ul className="listing-review__options">
          {choices.map((option) => (
            <li key={option.id}>
              {option.name} = {option.value}
              {option.default ? ' (default)' : ''}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The vendor's pricing as customers will meet it: minimum price, formula, and the questions with options. */
export function PricingSummary({ vendor }: { vendor: VendorJson }) {
  return (
    <>
      <dl className="details">
        <div>
          <dt>Min Price</dt>
          <dd>{formatDollars(dollarsToCents(vendor.minPrice))}</dd>
        </div>
        <div>
          <dt>Formula</dt>
          <dd>
            <code>{vendor.pricingFormula}</code>
          </dd>
        </div>
      </dl>
      <h4 className="listing-review__subheading">Questions</h4>
      {vendor.pricingInputs.length === 0 ? (
        <p className="listing-review__muted">No pricing questions.</p>
      ) : (
        <ul className="listing-review__questions">
          {vendor.pricingInputs.map((input) => (
            <Question key={input.id} input={input} />
          ))}
        </ul>
      )}
    </>
  );
}
