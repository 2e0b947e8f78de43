import { NavLink } from 'react-router';
import type { ListingStatus } from '@stg/domain/constants';
import { dashboardPath, tabsFor } from '../dashboard-sections';

/**
 * The vendor portal's secondary tabs (spec §2). Tabs that are not usable yet are greyed out,
 * aria-disabled and not links at all, so they cannot be clicked or focused.
 */
export function DashboardTabs({ listingStatus }: { listingStatus: ListingStatus }) {
  return (
    <nav className="dashboard-tabs" aria-label="Vendor portal sections">
      <div className="container">
        <ul className="dashboard-tabs__list">
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
