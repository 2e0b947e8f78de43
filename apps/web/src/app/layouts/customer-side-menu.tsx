import { NavLink } from '../../components/nav-link';
import { OPERATOR_CONSOLE, OPERATOR_LISTINGS, OPERATOR_PAYOUTS } from '@stg/domain/routing';
import { Drawer } from '../../components/drawer';
import { useSignOut } from '../../features/auth/api/use-sign-out';
import { useSession } from '../../lib/session/use-session';
import { ViewToggle } from './view-toggle';

const LINKS = [
  { to: '/home', label: 'Home' },
  { to: '/orders', label: 'Orders' },
  { to: '/account', label: 'Account' },
  { to: '/contact-us', label: 'Help' },
];

/**
 * Spec §2: greeting, Home, Orders, Account, Help, Logout; the view toggle when the user has a vendorId.
 * An operator also gets Operator Console, the marketplace's figures and the operators' lists (issue 25 §3),
 * Listing Review, the queue of listings under review (issue 11), and Paper Checks, the checks owed to vendors
 * without a payout account (spec §3, ADR 0017).
 */
export function CustomerSideMenu({ id, onClose }: { id: string; onClose: () => void }) {
  const { user } = useSession();
  const signOut = useSignOut();
  if (!user) return null;
  const links = user.operator
    ? [
        ...LINKS,
        { to: OPERATOR_CONSOLE, label: 'Operator Console' },
        { to: OPERATOR_LISTINGS, label: 'Listing Review' },
        { to: OPERATOR_PAYOUTS, label: 'Paper Checks' },
      ]
    : LINKS;

  return (
    <Drawer label="Menu" id={id} onClose={onClose}>
      <p className="drawer__greeting">Hi, {user.firstName}</p>
      <nav aria-label="Main">
        <ul className="drawer__links">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} onClick={onClose} className="drawer__link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {user.vendorId != null && (
        <div className="drawer__section">
          <ViewToggle onSwitched={onClose} />
        </div>
      )}
      <div className="drawer__footer">
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSettled: onClose })}
        >
          Logout
        </button>
      </div>
    </Drawer>
  );
}
