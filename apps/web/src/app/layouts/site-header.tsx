import { useSession } from '../../lib/session/use-session';
import { CustomerHeader } from './customer-header';
import { SignedOutHeader } from './signed-out-header';
import { VendorHeader } from './vendor-header';
import { Logo } from './logo';
import { logoColorFor } from './logo-color';
import { useLocation } from 'react-router';

/** Picks the header of spec §2 for who is looking: signed out, customer (or vendor in customer view), vendor. */
export function SiteHeader() {
  const { isPending, user, isVendorView } = useSession();
  const { pathname } = useLocation();
  if (isPending) {
    return (
      <header className={`site-header${pathname === '/' ? ' site-header--overlay' : ''}`}>
        <div className="container site-header__inner">
          <Logo to="/" color={logoColorFor(pathname)} />
        </div>
      </header>
    );
  }
  if (!user) return <SignedOutHeader />;
  if (isVendorView) return <VendorHeader />;
  return <CustomerHeader />;
}
