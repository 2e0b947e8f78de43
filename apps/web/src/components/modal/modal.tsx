import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogBehavior } from './use-dialog-behavior';
import { useModal } from './modal-provider';

interface ModalProps {
  title: string;
  children: ReactNode;
  /** Defaults to closing the open modal. */
  onClose?: () => void;
  /** Optional control shown before the title (e.g. a back arrow of a wizard). */
  headerStart?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** The close button (default shown); a wizard may show it on its first step only. */
  showClose?: boolean;
}

/**
 * The one modal of the product (spec §2 Modals): a titled dialog over a dimmed page. Background click and
 * Escape close it; page scroll is locked while open; focus is trapped inside and restored on close.
 */
export function Modal({
  title,
  children,
  onClose,
  headerStart,
  size = 'medium',
  showClose = true,
}: ModalProps) {
  const { closeModal } = useModal();
  const close = onClose ?? closeModal;
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogBehavior(dialogRef, close);

  return createPortal(
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        // The second press of a double click that opened this modal does not close it at once.
        if (event.target === event.currentTarget && event.detail <= 1) close();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
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
            <button type="button" className="icon-button modal__close" aria-label="Close" onClick={close}>
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
