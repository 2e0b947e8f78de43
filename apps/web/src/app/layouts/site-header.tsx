import { useLocation } from 'react-router';
import { useModal } from '../../components/modal/modal-provider';
import { useSession } from '../../lib/session/use-session';
import { Logo } from './logo';
import { logoColorFor } from './logo-color';
import { useSignedInHeader } from './signed-in-header-loader';
import { SignedOutHeader } from './signed-out-header';

/**
 * Picks the header of spec §2 for who is looking: signed out, customer (or vendor in customer view),
 * vendor. Until the session is known, and while a signed-in user's header loads, the logo alone holds
 * the header's place.
 */
export function SiteHeader() {
  const { isPending, user, isVendorView } = useSession();
  const { pathname } = useLocation();
  const { isOpen: modalOpen } = useModal();
  // A modal open to a signed-out visitor is most often a sign-in or sign-up form: the signed-in header
  // loads meanwhile, so it is there when the session changes.
  const renderSignedInHeader = useSignedInHeader(user !== null || modalOpen);
  if (!isPending && !user) return <SignedOutHeader />;
  if (!isPending && renderSignedInHeader) return renderSignedInHeader(isVendorView);
  return (
    <header className={`site-header${pathname === '/' ? ' site-header--overlay' : ''}`}>
      <div className="container site-header__inner">
        <Logo to="/" color={logoColorFor(pathname)} />
      </div>
    </header>
  );
}
