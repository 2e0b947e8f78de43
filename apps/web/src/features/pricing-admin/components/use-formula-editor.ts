import { useEffect, useMemo, useRef, useState } from 'react';
import type { PricingInput } from '@stg/domain/api/vendors';
import { checkFormula, previewPrice, type Preview } from '../pricing-preview';
import type { AnswerMap } from './pricing-answers';

export interface UseFormulaEditorOptions {
  inputs: readonly PricingInput[];
  initialFormula: string;
  minPrice: number;
  rate: number;
  sampleAnswers: AnswerMap;
}

/**
 * The formula being edited, its verdict, the variable insert (caret after the inserted name) and the test
 * with sample answers. Any edit (typing, an insert, other answers) clears the test result.
 */
export function useFormulaEditor({
  inputs,
  initialFormula,
  minPrice,
  rate,
  sampleAnswers,
}: UseFormulaEditorOptions) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [formula, setFormulaState] = useState(initialFormula);
  const [answers, setAnswersState] = useState<AnswerMap>(sampleAnswers);
  const [result, setResult] = useState<{ formula: string; preview: Preview } | null>(null);
  const caretAfterInsert = useRef<number | null>(null);
  // One verdict: valid only when the server would save it (it parses, uses only the questions'
  // aliases and prices the default answers). Test and Apply wait for a valid formula (spec §5).
  const check = useMemo(() => checkFormula(formula, inputs), [formula, inputs]);
  const valid = check.ok;

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

  const setFormula = (next: string) => {
    setFormulaState(next);
    setResult(null);
  };

  const setAnswers = (next: AnswerMap) => {
    setAnswersState(next);
    setResult(null);
  };

  const insert = (name: string) => {
    const el = textareaRef.current;
    const start = el?.selectionStart ?? formula.length;
    const end = el?.selectionEnd ?? formula.length;
    setFormula(formula.slice(0, start) + name + formula.slice(end));
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

  return {
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
  };
}
