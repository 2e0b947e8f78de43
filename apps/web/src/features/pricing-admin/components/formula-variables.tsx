import type { PricingInput } from '@stg/domain/api/vendors';

export interface FormulaVariablesProps {
  id: string;
  inputs: readonly PricingInput[];
  /** Inserts the alias (upper case) at the caret. */
  onInsert: (name: string) => void;
}

/** The questions' aliases, each a button that inserts it into the formula. */
export function FormulaVariables({ id, inputs, onInsert }: FormulaVariablesProps) {
  return (
    <section className="formula-editor__variables" aria-labelledby={id}>
      <h3 id={id}>Variables</h3>
      {inputs.length === 0 ? (
        <p className="field__hint">No questions yet: add them under Questions on the page.</p>
      ) : (
        <ul className="formula-editor__variable-list">
          {inputs.map((input) => (
            <li key={input.id}>
              <button
                type="button"
                className="formula-editor__variable"
                onClick={() => onInsert(input.alias.toUpperCase())}
              >
                <span className="visually-hidden">Insert </span>
                <code>{input.alias.toUpperCase()}</code>
                <span>{input.name}</span>
                {input.recurring && <span className="formula-editor__recurring">recurring: counts as 1</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
