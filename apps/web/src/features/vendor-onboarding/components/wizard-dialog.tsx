import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogBehavior } from '../../../components/modal/use-dialog-behavior';

interface WizardDialogProps {
  title: string;
  onClose: () => void;
  /** The close button; the vendor sign-up shows it on step 1 only (spec §4). */
  showClose: boolean;
  /** Shown before the title: the back arrow of steps 2 and 3. */
  headerStart?: ReactNode;
  children: ReactNode;
}

/**
 * The modal frame of the vendor-sign-up-form: the product's modal (same look, and the shared dialog
 * behaviour: background click and Escape close, scroll lock, focus kept inside and given back), with a
 * close button that only step 1 shows.
 */
export function WizardDialog({ title, onClose, showClose, headerStart, children }: WizardDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogBehavior(dialogRef, onClose);

  return createPortal(
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        // The second press of a double click that opened this modal does not close it at once.
        if (event.target === event.currentTarget && event.detail <= 1) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="modal modal--medium"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__header">
          {headerStart}
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {showClose && (
            <button type="button" className="icon-button modal__close" aria-label="Close" onClick={onClose}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
