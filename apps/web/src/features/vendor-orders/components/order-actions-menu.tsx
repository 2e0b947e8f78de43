import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { VendorOrder } from '@stg/domain/api/orders';
import { listedVendorActions, type VendorOrderAction } from '@stg/domain/order-actions';
import { ACTION_LABELS, blockedReason, MENU_ACTIONS } from '../vendor-order-text';
import { preloadOrderModals } from './lazy-order-modals';

interface OrderActionsMenuProps {
  order: VendorOrder;
  /** The moment the reasons are judged at (Complete waits for the appointment). */
  now: Date;
  onChoose: (action: VendorOrderAction) => void;
}

/**
 * The actions menu of one order (spec §2 Order History; WAI-ARIA menu button): Reschedule, Partial
 * Refund, Cancel Order and Complete, each enabled exactly when the server lists it in allowedActions
 * (spec §4). Spec §4 removes Complete while the appointment is in the future and leaves a cancelled or
 * processed order with no actions: those are not listed at all (no menu button when none is left;
 * listedVendorActions). Any other blocked action stays in the menu, aria-disabled, with a tooltip saying
 * why (spec §5 Order actions), shown on hover and on keyboard focus and always its accessible description.
 *
 * Keyboard: Enter, Space or Arrow Down on the button open the menu on the first action that can be
 * taken (Arrow Up: the last action); in the menu the arrow keys move (wrapping), Home and End go to the
 * ends, Enter or Space choose, Escape closes and returns to the button, Tab closes. A click elsewhere
 * closes it. The tips live beside the menu, not inside it, so the menu holds only its items.
 */
export function OrderActionsMenu({ order, now, onChoose }: OrderActionsMenuProps) {
  const listed = listedVendorActions(order, now);
  const actions = MENU_ACTIONS.filter((action) => listed.includes(action));
  if (actions.length === 0)
    return (
      <span className="vendor-actions__none">
        No actions <span className="visually-hidden">for order {order.confirmationId}</span>
      </span>
    );
  return <ActionsMenu order={order} now={now} actions={actions} onChoose={onChoose} />;
}

function ActionsMenu({
  order,
  now,
  actions,
  onChoose,
}: OrderActionsMenuProps & { actions: readonly VendorOrderAction[] }) {
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const tipId = (index: number) => `${id}-tip-${index}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const reasons = actions.map((action) => blockedReason(order, action, now));
  const firstEnabled = Math.max(
    0,
    reasons.findIndex((r) => r === null),
  );
  const lastEnabled = (() => {
    for (let i = reasons.length - 1; i >= 0; i -= 1) if (reasons[i] === null) return i;
    return reasons.length - 1;
  })();

  // Focus follows the active item while open.
  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  // A press outside the menu and its button closes it (focus stays where the press put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    preloadOrderModals();
    setActive(index);
    setHovered(null);
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    setHovered(null);
    if (focusButton) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(firstEnabled);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(lastEnabled);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const count = actions.length;
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (active + 1) % count;
    else if (event.key === 'ArrowUp') next = (active - 1 + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      // The menu's Escape must not also close a dialog or dismiss anything around it.
      event.stopPropagation();
      close(true);
      return;
    } else if (event.key === 'Tab') {
      close(false);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    setHovered(null);
    setActive(next);
  };

  const choose = (index: number) => {
    const action = actions[index]!;
    if (reasons[index] !== null) {
      // Blocked: nothing happens but the tip, which says why.
      setActive(index);
      return;
    }
    close(true);
    onChoose(action);
  };

  // The tip shown: the hovered blocked item's, else the focused one's.
  const shownTip =
    hovered !== null && reasons[hovered] !== null
      ? hovered
      : open && reasons[active] !== null
        ? active
        : null;

  return (
    <div className="vendor-actions" ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="button button--secondary button--small vendor-actions__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAt(firstEnabled))}
        onKeyDown={onButtonKeyDown}
      >
        Actions <span className="visually-hidden">for order {order.confirmationId}</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div className="vendor-actions__popup">
          <div
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            className="vendor-actions__menu"
            onKeyDown={onMenuKeyDown}
          >
            {actions.map((action, index) => {
              const reason = reasons[index];
              return (
                <button
                  key={action}
                  ref={(el) => {
                    itemRefs.current[index] = el;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={`vendor-actions__item vendor-actions__item--${action}`}
                  aria-disabled={reason ? true : undefined}
                  aria-describedby={reason ? tipId(index) : undefined}
                  data-action={action}
                  onClick={() => choose(index)}
                  onFocus={() => setActive(index)}
                  onMouseEnter={() => setHovered(index)}
                  onMouseLeave={() => setHovered(null)}
                >
                  {ACTION_LABELS[action]}
                </button>
              );
            })}
          </div>
          {actions.map((action, index) => {
            const reason = reasons[index];
            if (!reason) return null;
            return (
              <span
                key={action}
                id={tipId(index)}
                role="tooltip"
                className="tooltip__bubble vendor-actions__tip"
                hidden={shownTip !== index}
                // Just above its item (items are of one height; vendor-orders.css).
                style={{ '--item-index': index } as CSSProperties}
                onMouseEnter={() => setHovered(index)}
                onMouseLeave={() => setHovered(null)}
              >
                {reason}
              </span>
            );
          })}
        </div>
      )}
    </div>
  );
}
