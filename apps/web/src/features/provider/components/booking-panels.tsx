import { useId, useState, type ReactNode } from 'react';
import { Tooltip } from '../../../components/tooltip';

export interface BookingPanel {
  key: string;
  /** The panel's title, also the name of its region: "Pricing". */
  title: string;
  /** The header button: "Get Price". */
  action: string;
  /** Why the panel cannot open yet; shown as the button's tooltip. Null when it can. */
  disabledReason: string | null;
  content: ReactNode;
}

/**
 * The provider page's expandable panels (spec §2): an accordion, one panel open at a time. A panel that
 * cannot open yet keeps its button focusable (aria-disabled) so its tooltip is reachable by keyboard.
 */
export function BookingPanels({
  panels,
  initialOpen = null,
  open: controlledOpen,
  onOpenChange,
}: {
  panels: BookingPanel[];
  initialOpen?: string | null;
  /** The open panel's key when the parent controls the accordion (it opens Scheduling after pricing). */
  open?: string | null;
  onOpenChange?: (key: string | null) => void;
}) {
  const [ownOpen, setOwnOpen] = useState<string | null>(initialOpen);
  const open = controlledOpen === undefined ? ownOpen : controlledOpen;
  const setOpen = (change: (current: string | null) => string | null) => {
    const next = change(open);
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <div className="booking-panels">
      {panels.map((panel, index) => (
        <PanelView
          key={panel.key}
          panel={panel}
          step={index + 1}
          isOpen={open === panel.key && panel.disabledReason === null}
          onToggle={() => setOpen((current) => (current === panel.key ? null : panel.key))}
        />
      ))}
    </div>
  );
}

function PanelView({
  panel,
  step,
  isOpen,
  onToggle,
}: {
  panel: BookingPanel;
  step: number;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  const disabled = panel.disabledReason !== null;

  const button = (extra: Record<string, unknown> = {}) => (
    <button
      type="button"
      className="button button--primary button--small booking-panel__action"
      aria-expanded={isOpen}
      aria-controls={bodyId}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onToggle();
      }}
      {...extra}
    >
      {panel.action}
    </button>
  );

  return (
    <div className={`booking-panel${isOpen ? ' is-open' : ''}${disabled ? ' is-disabled' : ''}`}>
      <div className="booking-panel__header">
        <span className="booking-panel__step" aria-hidden="true">
          {step}
        </span>
        <h3 className="booking-panel__title" id={titleId}>
          {panel.title}
        </h3>
        {disabled ? (
          <Tooltip content={panel.disabledReason} className="booking-panel__tooltip">
            {(props) => button(props)}
          </Tooltip>
        ) : (
          button()
        )}
      </div>
      <div
        id={bodyId}
        role="region"
        aria-labelledby={titleId}
        className="booking-panel__body"
        hidden={!isOpen}
      >
        {panel.content}
      </div>
    </div>
  );
}
