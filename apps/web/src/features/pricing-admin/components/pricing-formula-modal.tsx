import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FORMULA_FUNCTIONS, FORMULA_LIMITS } from '@stg/domain/pricing-formula';
import { formatDurationHours } from '@stg/domain/pricing';
import { formatDollars } from '@stg/domain/money';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import type { PricingInput } from '@stg/domain/api/vendors';
import { checkFormula, previewPrice, type Preview } from '../pricing-preview';
import { PricingAnswers, type AnswerMap } from './pricing-answers';

export interface PricingFormulaModalProps {
  inputs: readonly PricingInput[];
  /** What the editor opens with: the page's applied draft, else the staged draft, else the saved formula. */
  initialFormula: string;
  /** The saved formula (null: none yet). */
  savedFormula: string | null;
  /** The draft kept on the server, if any. */
  stagedFormula: string | null;
  /** The min price being edited and the price-to-duration rate, in dollars. */
  minPrice: number;
  rate: number;
  /** The calculator's answers when the modal opened: the test starts from them. */
  sampleAnswers: AnswerMap;
  /** Puts a valid formula into the page's draft. */
  onApply: (formula: string) => void;
  /** Keeps (text) or discards (null) the server-side draft. Fire and forget. */
  onStage: (stagedFormula: string | null) => void;
}

/**
 * The pricing-formula modal (spec §2 Modals, §5): the formula checked as the vendor types, the
 * variables to insert, a test with sample answers (only for a valid formula), and Apply. Closing with an
 * edit that was not applied keeps it on the server as the staged draft.
 */
export function PricingFormulaModal({
  inputs,
  initialFormula,
  savedFormula,
  stagedFormula,
  minPrice,
  rate,
  sampleAnswers,
  onApply,
  onStage,
}: PricingFormulaModalProps) {
  const { closeModal } = useModal();
  const ids = { field: useId(), check: useId(), vars: useId(), test: useId() };
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [formula, setFormula] = useState(initialFormula);
  const [answers, setAnswers] = useState<AnswerMap>(sampleAnswers);
  const [result, setResult] = useState<{ formula: string; preview: Preview } | null>(null);
  const caretAfterInsert = useRef<number | null>(null);
  // One verdict: valid only when the server would save it (it parses, uses only the questions'
  // aliases and prices the default answers). Test and Apply wait for a valid formula (spec §5).
  const check = useMemo(() => checkFormula(formula, inputs), [formula, inputs]);
  const valid = check.ok;

  // What closing now would keep as the server-side draft: undefined when nothing needs keeping.
  const draftOnClose = (): string | null | undefined => {
    if (formula === initialFormula) return undefined;
    if (formula === (savedFormula ?? '')) return stagedFormula !== null ? null : undefined;
    return formula;
  };
  const handled = useRef(false);
  const latest = useRef({ draftOnClose, onStage });
  useEffect(() => {
    latest.current = { draftOnClose, onStage };
  });
  // A navigation closes the modal without the Close button: keep the draft then too.
  useEffect(
    () => () => {
      if (handled.current) return;
      const draft = latest.current.draftOnClose();
      if (draft !== undefined) {
        handled.current = true;
        latest.current.onStage(draft);
      }
    },
    [],
  );

  const close = () => {
    if (!handled.current) {
      handled.current = true;
      const draft = draftOnClose();
      if (draft !== undefined) onStage(draft);
    }
    closeModal();
  };

  const apply = () => {
    if (!valid) return;
    handled.current = true;
    onApply(formula);
    closeModal();
  };

  // After an insert, put the caret after the inserted name.
  useEffect(() => {
    const caret = caretAfterInsert.current;
    if (caret === null) return;
    caretAfterInsert.current = null;
    const el = textareaRef.current;
    if (el) {
      el.focus();
      el.setSelectionRange(caret, caret);
    }
  }, [formula]);

  const insert = (name: string) => {
    const el = textareaRef.current;
    const start = el?.selectionStart ?? formula.length;
    const end = el?.selectionEnd ?? formula.length;
    setFormula(formula.slice(0, start) + name + formula.slice(end));
    setResult(null);
    caretAfterInsert.current = start + name.length;
  };

  const goToError = () => {
    const el = textareaRef.current;
    if (!el || !check.error) return;
    el.focus();
    el.setSelectionRange(check.error.position, check.error.position + 1);
  };

  const test = () => {
    if (!valid) return;
    setResult({ formula, preview: previewPrice({ formula, minPrice, rate, inputs, answers }) });
  };
  const shownResult = result && result.formula === formula ? result.preview : null;

  return (
    <Modal title="Pricing Formula" size="large" onClose={close}>
      <div className="formula-editor">
        <div className="field">
          <label className="field__label" htmlFor={ids.field}>
            Formula
          </label>
          <textarea
            ref={textareaRef}
            id={ids.field}
            className="field__control field__control--textarea formula-editor__input"
            rows={4}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            maxLength={FORMULA_LIMITS.maxLength}
            value={formula}
            aria-invalid={valid ? undefined : true}
            aria-describedby={`${ids.check} ${ids.vars}`}
            data-autofocus
            onChange={(event) => {
              setFormula(event.target.value);
              setResult(null);
            }}
          />
          <p className="field__hint">
            Numbers, the question aliases below, + − * / ( ) and {FORMULA_FUNCTIONS.join(', ')}. A question
            without an answer counts as 1; the price is never below the min price.
          </p>
        </div>

        <div id={ids.check} aria-live="polite" className="formula-editor__check">
          {check.error ? (
            <div className="formula-editor__error">
              <p className="field__error">
                {check.error.message} (line {check.error.line}, column {check.error.column})
              </p>
              <pre className="formula-editor__marker" aria-hidden="true">
                {check.error.lineText}
                {'\n'}
                {' '.repeat(Math.max(0, check.error.column - 1))}^
              </pre>
              <button type="button" className="link-button" onClick={goToError}>
                Go to the error
              </button>
            </div>
          ) : !valid ? (
            <div className="formula-editor__problems">
              <p className="field__error">This formula cannot be saved yet:</p>
              <ul className="field__error">
                {check.problems.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
              <p className="field__hint">
                {check.unknown.length > 0
                  ? 'Variables must be the aliases of your questions, listed under Variables below.'
                  : "The formula is checked with each question's default answer."}
              </p>
            </div>
          ) : (
            <>
              <p className="formula-editor__ok">The formula is valid.</p>
              {check.unused.length > 0 && (
                <p className="formula-editor__warning">
                  Questions the formula does not use: {check.unused.join(', ')}
                </p>
              )}
            </>
          )}
        </div>

        <section className="formula-editor__variables" aria-labelledby={ids.vars}>
          <h3 id={ids.vars}>Variables</h3>
          {inputs.length === 0 ? (
            <p className="field__hint">No questions yet: add them under Questions on the page.</p>
          ) : (
            <ul className="formula-editor__variable-list">
              {inputs.map((input) => (
                <li key={input.id}>
                  <button
                    type="button"
                    className="formula-editor__variable"
                    onClick={() => insert(input.alias.toUpperCase())}
                  >
                    <span className="visually-hidden">Insert </span>
                    <code>{input.alias.toUpperCase()}</code>
                    <span>{input.name}</span>
                    {input.recurring && (
                      <span className="formula-editor__recurring">recurring: counts as 1</span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <fieldset className="formula-editor__test">
          <legend id={ids.test}>Test Formula</legend>
          <PricingAnswers
            inputs={inputs}
            answers={answers}
            onChange={(next) => {
              setAnswers(next);
              setResult(null);
            }}
          />
          <div className="formula-editor__test-actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={!valid}
              aria-describedby={valid ? undefined : ids.check}
              onClick={test}
            >
              Test
            </button>
            <div role="status" className="formula-editor__result">
              {shownResult &&
                (shownResult.formulaOk ? (
                  <p>
                    Result: <strong>{formatDollars(shownResult.priceCents)}</strong>,{' '}
                    {formatDurationHours(shownResult.minutes)}
                  </p>
                ) : (
                  <p className="field__error">
                    {shownResult.error?.message ?? 'The formula gives no price for these answers'}: the min
                    price {formatDollars(shownResult.priceCents)} would be charged.
                  </p>
                ))}
            </div>
          </div>
        </fieldset>

        <div className="modal__actions">
          {savedFormula !== null && formula !== savedFormula && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setFormula(savedFormula);
                setResult(null);
              }}
            >
              Use Saved Formula
            </button>
          )}
          <button type="button" className="button button--primary" disabled={!valid} onClick={apply}>
            Apply
          </button>
        </div>
      </div>
    </Modal>
  );
}
