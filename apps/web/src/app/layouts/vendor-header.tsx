import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DASHBOARD_HOME } from '@stg/domain/routing';
import { MenuIcon } from '../../components/menu-icon';
import { useSignOut } from '../../features/auth/api/use-sign-out';
import { useSession } from '../../lib/session/use-session';
import { Logo } from './logo';
import { logoColorFor } from './logo-color';
import { VendorMobileMenu } from './vendor-mobile-menu';
import { ViewToggle } from './view-toggle';

const MENU_ID = 'vendor-menu';

/**
 * Spec §2: menu icon (mobile), logo, greeting with the vendor name, "Vendor Portal" (mobile), the view
 * toggle and Logout. On mobile the toggle and Sign Out live in the menu. The logo sets vendor view and
 * opens /dashboard/orders.
 */
export function VendorHeader() {
  const { vendor, setHomeView } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  if (!vendor) return null;

  return (
    <>
      <header className="site-header site-header--vendor">
        <div className="container site-header__inner">
          <div className="site-header__start">
            <button
              type="button"
              className="icon-button mobile-only"
              aria-label="Menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? MENU_ID : undefined}
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </button>
            <Logo
              to={DASHBOARD_HOME}
              color={logoColorFor(pathname)}
              onClick={(event) => {
                event.preventDefault();
                setHomeView('vendor');
                void navigate(DASHBOARD_HOME);
              }}
            />
            <span className="vendor-portal-label mobile-only">Vendor Portal</span>
          </div>
          <div className="site-header__actions">
            <span className="site-header__greeting desktop-only">Hi, {vendor.name}</span>
            <span className="desktop-only">
              <ViewToggle />
            </span>
            <button
              type="button"
              className="button button--ghost desktop-only"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              Logout
            </button>
          </div>
        </div>
      </header>
      {menuOpen && <VendorMobileMenu id={MENU_ID} onClose={() => setMenuOpen(false)} />}
    </>
  );
}
