import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { NavLink } from '../../../components/nav-link';
import type { ListingStatus } from '@stg/domain/constants';
import { dashboardPath, tabsFor } from '../dashboard-sections';

/**
 * Scrolls the tab bar (only it: never the page, as scrollIntoView could) so that the active tab is
 * in sight, centred when it was not fully visible. On a phone the bar is wider than the screen.
 */
function revealActiveTab(list: HTMLElement) {
  const tab = list.querySelector<HTMLElement>('.dashboard-tabs__tab.active');
  if (!tab) return;
  const bar = list.getBoundingClientRect();
  const box = tab.getBoundingClientRect();
  if (box.left >= bar.left && box.right <= bar.right) return;
  list.scrollLeft += box.left + box.width / 2 - (bar.left + bar.width / 2);
}

/**
 * The vendor portal's secondary tabs (spec §2). Tabs that are not usable yet are greyed out,
 * aria-disabled and not links at all, so they cannot be clicked or focused. The tabs wrap into rows on a
 * narrow screen (styles.css); should the bar ever scroll sideways, the active tab is kept in sight.
 */
export function DashboardTabs({ listingStatus }: { listingStatus: ListingStatus }) {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (listRef.current) revealActiveTab(listRef.current);
  }, [pathname, listingStatus]);

  return (
    <nav className="dashboard-tabs" aria-label="Vendor portal sections">
      <div className="container">
        <ul ref={listRef} className="dashboard-tabs__list">
          {tabsFor(listingStatus).map((tab) => (
            <li key={tab.section} className={`dashboard-tabs__item dashboard-tabs__item--${tab.section}`}>
              {tab.usable ? (
                <NavLink to={dashboardPath(tab.section)} className="dashboard-tabs__tab">
                  {tab.label}
                </NavLink>
              ) : (
                <span
                  className="dashboard-tabs__tab is-disabled"
                  role="link"
                  aria-disabled="true"
                  title="Available once your listing is approved"
                >
                  {tab.label}
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
