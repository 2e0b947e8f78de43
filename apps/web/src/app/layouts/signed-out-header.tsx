import { useLocation } from 'react-router';
import { normalizePath } from '@stg/domain/routing';
import { useModal } from '../../components/modal/modal-provider';
import { LazyUserSessionForm } from '../../features/auth/components/user-session-form-lazy';
import { LazyVendorSignUpForm } from '../../features/vendor-onboarding/components/vendor-sign-up-form-lazy';
import { Logo } from './logo';
import { logoColorFor } from './logo-color';
import { preloadSignedInHeader } from './signed-in-header-loader';

const VENDOR_PAGE = /^\/vendors\/[^/]+$/;

const preloadHeader = () => {
  preloadSignedInHeader().catch(() => undefined);
};

/**
 * Spec §2: logo to /, Create Account (on /vendor-onboarding List Your Service, which opens the
 * vendor-sign-up-form) and Sign In.
 */
export function SignedOutHeader() {
  const { pathname } = useLocation();
  const { openModal } = useModal();
  const path = normalizePath(pathname);
  const onVendorPage = VENDOR_PAGE.test(path);
  const overlay = path === '/';

  return (
    <header className={`site-header${overlay ? ' site-header--overlay' : ''}`}>
      <div className="container site-header__inner">
        <Logo to="/" color={logoColorFor(path)} />
        {/* Pointing at Sign In or Create Account starts loading the header a signed-in user gets. */}
        <div
          className="site-header__actions"
          onPointerOver={preloadHeader}
          onTouchStart={preloadHeader}
          onFocus={preloadHeader}
        >
          {path === '/vendor-onboarding' ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => openModal(<LazyVendorSignUpForm />)}
            >
              List Your Service
            </button>
          ) : (
            <button
              type="button"
              className={`button ${overlay ? 'button--light' : 'button--secondary'}`}
              onClick={() =>
                openModal(<LazyUserSessionForm initialMode="sign-up" onVendorPage={onVendorPage} />)
              }
            >
              Create Account
            </button>
          )}
          <button
            type="button"
            className={`button ${overlay ? 'button--outline-light' : 'button--ghost'}`}
            onClick={() =>
              openModal(<LazyUserSessionForm initialMode="sign-in" onVendorPage={onVendorPage} />)
            }
          >
            Sign In
          </button>
        </div>
      </div>
    </header>
  );
}
