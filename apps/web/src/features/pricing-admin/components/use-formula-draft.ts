import { useEffect, useRef } from 'react';
import { useModal } from '../../../components/modal/modal-provider';

export interface UseFormulaDraftOptions {
  formula: string;
  valid: boolean;
  initialFormula: string;
  savedFormula: string | null;
  stagedFormula: string | null;
  onApply: (formula: string) => void;
  onStage: (stagedFormula: string | null) => void;
}

/**
 * Closing and applying the formula modal: Apply puts a valid formula into the page's draft; closing
 * with an edit that was not applied keeps it on the server as the staged draft (also when a navigation
 * closes the modal), and going back to the saved formula discards the staged one.
 */
export function useFormulaDraft({
  formula,
  valid,
  initialFormula,
  savedFormula,
  stagedFormula,
  onApply,
  onStage,
}: UseFormulaDraftOptions) {
  const { closeModal } = useModal();
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

  return { close, apply };
}
