import { NavLink } from '../../components/nav-link';
import { Drawer } from '../../components/drawer';
import { useSignOut } from '../../features/auth/api/use-sign-out';
import { dashboardPath, mobileMenuFor } from '../../features/dashboard/dashboard-sections';
import { useSession } from '../../lib/session/use-session';
import { ViewToggle } from './view-toggle';

/**
 * Spec §2: Scheduling, Pricing, General, Support and Orders (or Setup only while in setup), plus Sign Out.
 * The view toggle, hidden in the header on small screens, is here too.
 */
export function VendorMobileMenu({ id, onClose }: { id: string; onClose: () => void }) {
  const { vendor } = useSession();
  const signOut = useSignOut();
  if (!vendor) return null;
  return (
    <Drawer label="Vendor menu" id={id} onClose={onClose}>
      <p className="drawer__greeting">Hi, {vendor.name}</p>
      <nav aria-label="Vendor portal">
        <ul className="drawer__links">
          {mobileMenuFor(vendor.listingStatus).map((tab) => (
            <li key={tab.section}>
              <NavLink to={dashboardPath(tab.section)} onClick={onClose} className="drawer__link">
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="drawer__section">
        <ViewToggle onSwitched={onClose} />
      </div>
      <div className="drawer__footer">
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSettled: onClose })}
        >
          Sign Out
        </button>
      </div>
    </Drawer>
  );
}
