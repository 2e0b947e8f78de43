import { useId } from 'react';
import { rangeSettings, selectionValue, snapToRange } from '@stg/domain/pricing';
import { SelectField } from '../../../components/select-field';
import { Tooltip } from '../../../components/tooltip';
import type { PricingInput, PricingInputOption } from '@stg/domain/api/vendors';

export const SELECT_PLACEHOLDER = 'Select One';

/** The canonical valueString of a radio or select option: its value written as a number ("1.3"). */
export function optionValueString(option: PricingInputOption): string {
  const n = Number(option.value);
  return Number.isFinite(n) ? String(n) : String(option.value);
}

const choices = (input: PricingInput) =>
  input.pricingInputOptions.filter((o) => o.optionType === null || o.optionType === undefined);

interface FieldProps {
  input: PricingInput;
  /** The current valueString, or undefined when unanswered. */
  value: string | undefined;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * One of a vendor's pricing questions (spec §5): radio buttons, a select with a disabled "Select One"
 * placeholder, or a range slider (min, max, step, default and tooltip from its options). Each is named by
 * the question.
 */
export function PricingInputField(props: FieldProps) {
  switch (props.input.inputType) {
    case 'radio':
      return <RadioQuestion {...props} />;
    case 'select':
      return <SelectQuestion {...props} />;
    case 'range':
      return <RangeQuestion {...props} />;
    default:
      return null;
  }
}

/** The option a valueString picks: the first whose value is that number. */
function chosenOption(input: PricingInput, value: string | undefined): PricingInputOption | undefined {
  const n = selectionValue(input, value);
  if (n === undefined) return undefined;
  return choices(input).find((o) => Number(o.value) === n);
}

function RadioQuestion({ input, value, onChange, disabled }: FieldProps) {
  const id = useId();
  const chosen = chosenOption(input, value);
  return (
    <fieldset
      className="pricing-question pricing-question--radio"
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      disabled={disabled}
    >
      <legend id={`${id}-legend`} className="field__label">
        {input.name}
      </legend>
      <div className="pricing-question__choices">
        {choices(input).map((option) => (
          <label key={option.id} className="pricing-question__choice">
            <input
              type="radio"
              name={`${id}-radio`}
              value={optionValueString(option)}
              checked={chosen?.id === option.id}
              onChange={() => onChange(optionValueString(option))}
            />
            <span>{option.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function SelectQuestion({ input, value, onChange, disabled }: FieldProps) {
  const chosen = chosenOption(input, value);
  // Options are keyed by id: two options may share a value, and the first of them stands for it.
  const options = choices(input).map((option) => ({ key: option.id, option }));
  return (
    <SelectField
      className="pricing-question"
      label={input.name}
      placeholder={SELECT_PLACEHOLDER}
      value={chosen ? String(chosen.id) : ''}
      disabled={disabled}
      onChange={(event) => {
        const option = options.find((o) => String(o.key) === event.target.value)?.option;
        if (option) onChange(optionValueString(option));
      }}
      options={options.map(({ key, option }) => ({ value: String(key), label: option.name }))}
    />
  );
}

function RangeQuestion({ input, value, onChange, disabled }: FieldProps) {
  const id = useId();
  const settings = rangeSettings(input);
  const current = selectionValue(input, value) ?? settings.defaultValue;
  const tipId = `${id}-tip`;
  return (
    <div className="field pricing-question pricing-question--range">
      <div className="pricing-question__label-row">
        <label className="field__label" htmlFor={id}>
          {input.name}
        </label>
        {settings.tooltip && (
          <Tooltip content={settings.tooltip} className="pricing-question__tooltip">
            {(triggerProps) => (
              <button
                type="button"
                className="pricing-question__info"
                aria-label={`About ${input.name}`}
                {...triggerProps}
              >
                i
              </button>
            )}
          </Tooltip>
        )}
        <output className="pricing-question__value" htmlFor={id} aria-hidden="true">
          {current}
        </output>
      </div>
      <input
        id={id}
        type="range"
        className="pricing-question__slider"
        min={settings.min}
        max={settings.max}
        step={settings.step}
        value={current}
        disabled={disabled}
        aria-describedby={settings.tooltip ? tipId : undefined}
        onChange={(event) => onChange(String(snapToRange(settings, Number(event.target.value))))}
      />
      <div className="pricing-question__bounds" aria-hidden="true">
        <span>{settings.min}</span>
        <span>{settings.max}</span>
      </div>
      {settings.tooltip && (
        <span id={tipId} className="visually-hidden">
          {settings.tooltip}
        </span>
      )}
    </div>
  );
}
