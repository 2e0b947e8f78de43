import { useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { MenuIcon } from '../../components/menu-icon';
import type { Address } from '@stg/domain/api/users';
import { useSession } from '../../lib/session/use-session';
import { CustomerSideMenu } from './customer-side-menu';
import { CustomerViewBanner } from './customer-view-banner';
import { LocationButton } from './location-button';
import { Logo } from './logo';
import { logoColorFor } from './logo-color';

function addressLines(address: Address): [string, string] {
  const street = [address.streetAddress, address.streetAddress2].filter(Boolean).join(', ');
  return [street, `${address.city}, ${address.state} ${address.zipCode}`];
}

const MENU_ID = 'customer-menu';

/** Spec §2: menu icon, logo to /home, ST GEORGE, UT, the two address lines to /account, side menu. */
export function CustomerHeader() {
  const { user, currentAddress } = useSession();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  if (!user) return null;
  const lines = currentAddress ? addressLines(currentAddress) : null;

  return (
    <>
      <header className="site-header site-header--customer">
        <div className="container site-header__inner">
          <div className="site-header__start">
            <button
              type="button"
              className="icon-button"
              aria-label="Menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? MENU_ID : undefined}
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </button>
            <Logo to="/home" color={logoColorFor(pathname)} />
          </div>
          <div className="site-header__actions">
            <LocationButton />
          </div>
          {lines && (
            <Link
              to="/account"
              className="header-address"
              aria-current={pathname === '/account' ? 'page' : undefined}
            >
              <span className="header-address__line">{lines[0]}</span>
              <span className="header-address__line header-address__line--muted">{lines[1]}</span>
            </Link>
          )}
        </div>
      </header>
      {user.vendorId != null && <CustomerViewBanner />}
      {menuOpen && <CustomerSideMenu id={MENU_ID} onClose={() => setMenuOpen(false)} />}
    </>
  );
}
