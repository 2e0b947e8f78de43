import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBanner } from '../../components/error-banner';
import { ModalProvider, useModal } from '../../components/modal/modal-provider';
import { RouteGuard } from '../route-guard';
import { ScrollRestoration } from '../scroll-restoration';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** A navigation (link, back button) closes any open modal. */
function CloseModalOnNavigate() {
  const { pathname, search } = useLocation();
  const { closeModal } = useModal();
  useEffect(() => {
    closeModal();
  }, [pathname, search, closeModal]);
  return null;
}

export function RootLayout() {
  return (
    <ModalProvider>
      <CloseModalOnNavigate />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="app-shell">
        <SiteHeader />
        <ErrorBanner />
        <main id="main" className="app-main" tabIndex={-1}>
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </main>
        <SiteFooter />
      </div>
      <ScrollRestoration />
    </ModalProvider>
  );
}
