import { useId } from 'react';
import { INPUT_TYPES, type InputType } from '@stg/domain/constants';
import { PRICING_LIMITS } from '@stg/domain/pricing-inputs';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import {
  emptyChoice,
  fieldKey,
  INPUT_TYPE_LABELS,
  NAME_MAX,
  RANGE_FIELDS,
  rangeLabel,
  withType,
  type ChoiceDraft,
  type QuestionDraft,
} from '../question-drafts';

const TYPE_OPTIONS = INPUT_TYPES.map((type) => ({ value: type, label: INPUT_TYPE_LABELS[type] }));

/** One question of the editor: name, alias, type, recurring flag, and its choices or slider settings. */
export function QuestionEditor({
  question,
  index,
  errors,
  autoFocus,
  onChange,
  onRemove,
}: {
  question: QuestionDraft;
  index: number;
  /** Field messages keyed by fieldKey(). */
  errors: Record<string, string>;
  autoFocus: boolean;
  onChange: (question: QuestionDraft) => void;
  onRemove: () => void;
}) {
  const defaultGroup = useId();
  const number = index + 1;
  const q = question;
  const err = (...parts: string[]) => errors[fieldKey(q.key, ...parts)];
  const setChoice = (key: string, patch: Partial<ChoiceDraft>) =>
    onChange({ ...q, choices: q.choices.map((c) => (c.key === key ? { ...c, ...patch } : c)) });
  const choicesError = err('choices');

  return (
    <fieldset className="question-editor">
      <legend className="question-editor__legend">
        Question {number}
        {q.name.trim() ? `: ${q.name.trim()}` : ' (new)'}
      </legend>
      <div className="form__row">
        <TextField
          label="Name"
          value={q.name}
          maxLength={NAME_MAX}
          required
          autoFocus={autoFocus}
          error={err('name')}
          onChange={(event) => onChange({ ...q, name: event.target.value })}
        />
        <TextField
          label="Alias"
          value={q.alias}
          maxLength={PRICING_LIMITS.aliasMax}
          required
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          hint="UPPERCASE letters, digits and _; the name the formula uses."
          error={err('alias')}
          onChange={(event) => onChange({ ...q, alias: event.target.value.toUpperCase() })}
        />
      </div>
      <div className="form__row">
        <SelectField
          label="Type"
          value={q.inputType}
          options={TYPE_OPTIONS}
          onChange={(event) => onChange(withType(q, event.target.value as InputType))}
        />
        <label className="question-editor__check">
          <input
            type="checkbox"
            checked={q.recurring}
            onChange={(event) => onChange({ ...q, recurring: event.target.checked })}
          />
          <span>Recurring (not shown to customers; counts as 1 in the formula)</span>
        </label>
      </div>

      {q.inputType === 'range' ? (
        <div className="question-editor__range">
          {RANGE_FIELDS.map((field) => (
            <TextField
              key={field}
              label={rangeLabel(field)}
              type="number"
              inputMode="decimal"
              step={0.01}
              value={q.range[field]}
              error={err('range', field)}
              onChange={(event) => onChange({ ...q, range: { ...q.range, [field]: event.target.value } })}
            />
          ))}
          <TextField
            className="question-editor__tooltip"
            label="Tooltip"
            value={q.range.tooltip}
            maxLength={PRICING_LIMITS.optionNameMax}
            hint="Optional help shown next to the slider."
            onChange={(event) => onChange({ ...q, range: { ...q.range, tooltip: event.target.value } })}
          />
        </div>
      ) : (
        <div className="question-editor__choices">
          <p className="question-editor__subhead">Choices</p>
          {q.choices.map((choice, i) => (
            <fieldset key={choice.key} className="question-editor__choice">
              <legend className="visually-hidden">Choice {i + 1}</legend>
              <TextField
                label="Choice name"
                value={choice.name}
                maxLength={PRICING_LIMITS.optionNameMax}
                error={err('choice', choice.key, 'name')}
                onChange={(event) => setChoice(choice.key, { name: event.target.value })}
              />
              <TextField
                label="Value"
                type="number"
                inputMode="decimal"
                step={0.01}
                value={choice.value}
                error={err('choice', choice.key, 'value')}
                onChange={(event) => setChoice(choice.key, { value: event.target.value })}
              />
              {q.inputType === 'radio' && (
                <label className="question-editor__check question-editor__default">
                  <input
                    type="radio"
                    name={defaultGroup}
                    checked={choice.isDefault}
                    onChange={() =>
                      onChange({
                        ...q,
                        choices: q.choices.map((c) => ({ ...c, isDefault: c.key === choice.key })),
                      })
                    }
                  />
                  <span>Default</span>
                </label>
              )}
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Remove Choice ${i + 1}`}
                onClick={() => {
                  const rest = q.choices.filter((c) => c.key !== choice.key);
                  if (q.inputType === 'radio' && choice.isDefault && rest.length > 0) {
                    rest[0] = { ...rest[0]!, isDefault: true };
                  }
                  onChange({ ...q, choices: rest });
                }}
              >
                Remove
              </button>
            </fieldset>
          ))}
          {choicesError && <p className="field__error">{choicesError}</p>}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() =>
              onChange({
                ...q,
                choices: [...q.choices, emptyChoice(q.inputType === 'radio' && q.choices.length === 0)],
              })
            }
          >
            Add Choice
          </button>
        </div>
      )}

      <div className="question-editor__footer">
        <button type="button" className="button button--ghost button--small" onClick={onRemove}>
          Remove Question {number}
        </button>
      </div>
    </fieldset>
  );
}
