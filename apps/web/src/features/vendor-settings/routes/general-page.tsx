import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import type { Vendor } from '@stg/domain/api/vendors';
import { KEEP_SCROLL } from '../../../lib/keep-scroll';
import { BusinessTab } from '../components/business-tab';
import { SettingsTabList, tabIds } from '../components/settings-tab-list';
import { VisualContentTab } from '../components/visual-content-tab';
import { settingsTabOf, type SettingsTab } from '../settings-tabs';
import '../vendor-settings.css';

/**
 * /dashboard/general: General Settings, tabs Business and Visual Content (spec §2). The tab is kept in
 * the URL (?tab=business|visual-content), so a reload or a shared link opens the same tab; an unknown
 * value reads as Business.
 */
export function GeneralPage({ vendor, title }: { vendor: Vendor; title: string }) {
  const idBase = useId();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = settingsTabOf(raw);

  // An unknown ?tab= is replaced by the tab shown, so the address says what the page shows.
  useEffect(() => {
    if (raw !== null && raw !== tab)
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('tab', tab);
          return next;
        },
        { replace: true },
      );
  }, [raw, tab, setParams]);

  const select = (next: SettingsTab) => {
    if (next === tab) return;
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set('tab', next);
        return updated;
      },
      { replace: true, state: KEEP_SCROLL },
    );
  };

  const ids = tabIds(idBase, tab);
  return (
    <section className="dashboard-section vendor-settings" aria-labelledby="dashboard-section-title">
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      <SettingsTabList idBase={idBase} label={title} selected={tab} onSelect={select} />
      <div
        role="tabpanel"
        id={ids.panel}
        aria-labelledby={ids.tab}
        className="vendor-settings__panel"
        // A panel that starts with text, not a control, is a Tab stop of its own (WAI-ARIA tabs).
        tabIndex={0}
      >
        {tab === 'business' ? <BusinessTab vendor={vendor} /> : <VisualContentTab vendor={vendor} />}
      </div>
    </section>
  );
}
