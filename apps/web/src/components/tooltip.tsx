import { useEffect, useId, useState, type ReactElement, type ReactNode } from 'react';

interface TooltipProps {
  /** The tip, also the trigger's accessible description. */
  content: ReactNode;
  /**
   * Renders the trigger. Spread the props onto the focusable element: they reference the tip with
   * aria-describedby and show it on hover and on keyboard focus.
   */
  children: (triggerProps: {
    'aria-describedby': string;
    onFocus: () => void;
    onBlur: () => void;
  }) => ReactElement;
  className?: string;
}

/**
 * An accessible tooltip (WCAG 1.4.13): shown while the trigger is hovered or focused, dismissed with
 * Escape, and always referenced by the trigger's aria-describedby, so assistive technology reads it even
 * while it is not shown.
 */
export function Tooltip({ content, children, className = '' }: TooltipProps) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <span
      className={`tooltip ${className}`.trim()}
      onMouseEnter={() => {
        setDismissed(false);
        setHovered(true);
      }}
      onMouseLeave={() => setHovered(false)}
    >
      {children({
        'aria-describedby': id,
        onFocus: () => {
          setDismissed(false);
          setFocused(true);
        },
        onBlur: () => setFocused(false),
      })}
      <span id={id} role="tooltip" className="tooltip__bubble" hidden={!open}>
        {content}
      </span>
    </span>
  );
}
