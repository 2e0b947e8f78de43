import { useId } from 'react';
import { FORMULA_FUNCTIONS, FORMULA_LIMITS } from '@stg/domain/pricing-formula';
import { Modal } from '../../../components/modal/modal';
import type { PricingInput } from '@stg/domain/api/vendors';
import type { AnswerMap } from './pricing-answers';
import { FormulaTest } from './formula-test';
import { FormulaVariables } from './formula-variables';
import { FormulaVerdict } from './formula-verdict';
import { useFormulaDraft } from './use-formula-draft';
import { useFormulaEditor } from './use-formula-editor';

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
export function PricingFormulaModal(props: PricingFormulaModalProps) {
  const { inputs, savedFormula } = props;
  const ids = { field: useId(), check: useId(), vars: useId(), test: useId() };
  const {
    textareaRef,
    formula,
    setFormula,
    answers,
    setAnswers,
    check,
    valid,
    insert,
    goToError,
    test,
    shownResult,
  } = useFormulaEditor(props);
  const { close, apply } = useFormulaDraft({ ...props, formula, valid });

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
            onChange={(event) => setFormula(event.target.value)}
          />
          <p className="field__hint">
            Numbers, the question aliases below, + − * / ( ) and {FORMULA_FUNCTIONS.join(', ')}. A question
            without an answer counts as 1; the price is never below the min price.
          </p>
        </div>

        <FormulaVerdict id={ids.check} check={check} onGoToError={goToError} />

        <FormulaVariables id={ids.vars} inputs={inputs} onInsert={insert} />

        <FormulaTest
          id={ids.test}
          checkId={ids.check}
          inputs={inputs}
          answers={answers}
          onAnswersChange={setAnswers}
          valid={valid}
          onTest={test}
          result={shownResult}
        />

        <div className="modal__actions">
          {savedFormula !== null && formula !== savedFormula && (
            <button type="button" className="button button--ghost" onClick={() => setFormula(savedFormula)}>
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
