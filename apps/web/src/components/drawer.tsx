import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogBehavior } from './modal/use-dialog-behavior';

interface DrawerProps {
  /** Accessible name of the drawer, e.g. "Menu". */
  label: string;
  id?: string;
  onClose: () => void;
  children: ReactNode;
}

/** A side menu sliding in from the left: a modal dialog with the same keyboard behaviour as <Modal>. */
export function Drawer({ label, id, onClose, children }: DrawerProps) {
  const ref = useRef<HTMLDivElement>(null);
  useDialogBehavior(ref, onClose);

  return createPortal(
    <div
      className="drawer-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        id={id}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
      >
        <button type="button" className="icon-button drawer__close" aria-label="Close menu" onClick={onClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
