import { useId } from 'react';
import { rangeSettings, snapToRange } from '@stg/domain/pricing';
import { SelectField } from '../../../components/select-field';
import { Tooltip } from '../../../components/tooltip';
import type { PricingInput } from '@stg/domain/api/vendors';

export type AnswerMap = Record<string, string>;

/** An option's value as the canonical answer text ("1.5"), the way defaultSelections writes it. */
const valueText = (value: number | string) => {
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : String(value);
};

const choicesOf = (input: PricingInput) =>
  input.pricingInputOptions.filter((o) => o.optionType === null || o.optionType === undefined);

/** One question as the customer sees it (spec §5): radio, select with "Select One", or a slider. */
function AnswerField({
  input,
  value,
  onChange,
}: {
  input: PricingInput;
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  if (input.inputType === 'radio') {
    return (
      <fieldset className="pricing-answer pricing-answer--radio">
        <legend className="field__label">{input.name}</legend>
        <div className="pricing-answer__choices">
          {choicesOf(input).map((option) => {
            const optionValue = valueText(option.value);
            return (
              <label key={option.id} className="pricing-answer__choice">
                <input
                  type="radio"
                  name={`${id}-radio`}
                  value={optionValue}
                  checked={value === optionValue}
                  onChange={() => onChange(optionValue)}
                />
                <span>{option.name}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
    );
  }
  if (input.inputType === 'select') {
    return (
      <SelectField
        label={input.name}
        placeholder="Select One"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        options={choicesOf(input).map((option) => ({
          value: valueText(option.value),
          label: option.name,
        }))}
      />
    );
  }
  const settings = rangeSettings(input);
  const current = value !== undefined && value !== '' ? Number(value) : settings.defaultValue;
  const shown = snapToRange(settings, current);
  return (
    <div className="field pricing-answer pricing-answer--range">
      <div className="pricing-answer__range-label">
        <label className="field__label" htmlFor={`${id}-range`}>
          {input.name}
        </label>
        {settings.tooltip && (
          <Tooltip content={settings.tooltip}>
            {(trigger) => (
              <button
                type="button"
                className="pricing-answer__info"
                aria-label={`About ${input.name}`}
                {...trigger}
              >
                ?
              </button>
            )}
          </Tooltip>
        )}
        <output htmlFor={`${id}-range`} className="pricing-answer__value">
          {shown}
        </output>
      </div>
      <input
        id={`${id}-range`}
        type="range"
        className="pricing-answer__slider"
        min={settings.min}
        max={settings.max}
        step={settings.step}
        value={shown}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="pricing-answer__bounds" aria-hidden="true">
        <span>{settings.min}</span>
        <span>{settings.max}</span>
      </div>
    </div>
  );
}

/** The non-recurring questions as the customer answers them; recurring ones are not shown (spec §5). */
export function PricingAnswers({
  inputs,
  answers,
  onChange,
}: {
  inputs: readonly PricingInput[];
  answers: AnswerMap;
  onChange: (answers: AnswerMap) => void;
}) {
  const shown = inputs.filter((input) => !input.recurring);
  if (shown.length === 0) {
    return <p className="pricing-admin__empty">No questions yet: add them under Questions below.</p>;
  }
  return (
    <div className="pricing-answers">
      {shown.map((input) => (
        <AnswerField
          key={input.id}
          input={input}
          value={answers[String(input.id)]}
          onChange={(value) => onChange({ ...answers, [String(input.id)]: value })}
        />
      ))}
    </div>
  );
}
