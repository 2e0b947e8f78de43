/**
 * What every modal surface (modal, drawer) does while open: Escape closes, page scroll is locked,
 * keyboard focus stays inside, and focus returns to where it was when it closes.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden], [inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

let scrollLocks = 0;
let previousOverflow = '';

function lockScroll(): () => void {
  if (scrollLocks === 0) {
    previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.body.dataset.scrollLocked = 'true';
  }
  scrollLocks += 1;
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) {
      document.body.style.overflow = previousOverflow;
      delete document.body.dataset.scrollLocked;
    }
  };
}

/** The open dialogs, innermost last: only the innermost answers Escape and holds focus. */
const openStack: HTMLElement[] = [];

export function useDialogBehavior(ref: RefObject<HTMLElement | null>, onClose: () => void): void {
  // Captured during render: children may move focus into the dialog in their effects, which run first.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  // Where focus goes when the opener itself is gone by the time the dialog closes (a Checkout button
  // replaced by the confirmation): the section or region around it.
  const [openerRegion] = useState(
    () => opener?.closest<HTMLElement>('section, [role="region"], main') ?? null,
  );
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    openStack.push(container);
    const unlock = lockScroll();

    // Children focus their first field in their own effects (which run first); otherwise the dialog.
    if (!container.contains(document.activeElement)) {
      const preferred = container.querySelector<HTMLElement>('[data-autofocus]');
      (preferred ?? container).focus();
    }

    const isTop = () => openStack[openStack.length - 1] === container;

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableWithin(container);
      if (items.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === container || !container.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !container.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };

    const onFocusIn = (event: FocusEvent) => {
      if (!isTop()) return;
      const target = event.target as Node | null;
      if (target && !container.contains(target)) container.focus();
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const index = openStack.lastIndexOf(container);
      if (index >= 0) openStack.splice(index, 1);
      unlock();
      if (opener && opener.isConnected) opener.focus();
      else if (openerRegion && openerRegion.isConnected) {
        if (!openerRegion.hasAttribute('tabindex')) openerRegion.setAttribute('tabindex', '-1');
        openerRegion.focus();
      }
    };
  }, [ref, opener, openerRegion]);
}
