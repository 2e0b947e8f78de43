import { useRef, type KeyboardEvent } from 'react';
import { SETTINGS_TABS, type SettingsTab } from '../settings-tabs';

/** The element ids of a tab and of the panel it controls. */
export const tabIds = (base: string, tab: SettingsTab) => ({
  tab: `${base}-tab-${tab}`,
  panel: `${base}-panel-${tab}`,
});

/**
 * The General Settings tab list (WAI-ARIA tabs, automatic activation): one Tab stop on the selected
 * tab; Left and Right move to the previous and next tab (wrapping), Home and End to the first and last,
 * and the tab reached is selected.
 */
export function SettingsTabList({
  idBase,
  label,
  selected,
  onSelect,
}: {
  idBase: string;
  label: string;
  selected: SettingsTab;
  onSelect: (tab: SettingsTab) => void;
}) {
  const refs = useRef(new Map<SettingsTab, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const count = SETTINGS_TABS.length;
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % count;
    else if (event.key === 'ArrowLeft') next = (index - 1 + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    else return;
    event.preventDefault();
    const tab = SETTINGS_TABS[next]!.id;
    onSelect(tab);
    refs.current.get(tab)?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className="vendor-settings__tabs">
      {SETTINGS_TABS.map((tab, index) => {
        const isSelected = tab.id === selected;
        const ids = tabIds(idBase, tab.id);
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={ids.tab}
            className="vendor-settings__tab"
            aria-selected={isSelected}
            // Only the selected tab's panel is in the page.
            aria-controls={isSelected ? ids.panel : undefined}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
