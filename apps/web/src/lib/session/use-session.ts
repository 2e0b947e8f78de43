import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { defaultHomeView, isDashboardPath, isInVendorView, type HomeView } from '@stg/domain/routing';
import type { Session } from '@stg/domain/api/session';
import type { Address } from '@stg/domain/api/users';
import { useHomeViewChoice } from './home-view-provider';
import { sessionQueryOptions } from './session-query';

/** The user's current address: the one the user picked, else the default one, else the first. */
export function currentAddressOf(session: Session | null): Address | null {
  if (!session?.user) return null;
  const { addresses, user } = session;
  return (
    addresses.find((a) => a.id === user.currentAddressId) ??
    addresses.find((a) => a.default) ??
    addresses[0] ??
    null
  );
}

/**
 * Everything the UI needs to know about who is looking, and from which side. homeView is the user's choice
 * (a vendor defaults to vendor view); the vendor portal itself is always seen in vendor view.
 */
export function useSession() {
  const query = useQuery(sessionQueryOptions());
  const { choice, setHomeView, resetHomeView } = useHomeViewChoice();
  const { pathname } = useLocation();
  const session = query.data ?? null;
  const user = session?.user ?? null;
  const vendor = session?.vendor ?? null;
  let homeView: HomeView = 'user';
  if (user?.vendorId != null)
    homeView = vendor && isDashboardPath(pathname) ? 'vendor' : (choice ?? defaultHomeView(user));

  return {
    /** True until the first answer (or failure) of GET /api/session. */
    isPending: query.isPending,
    session,
    user,
    vendor,
    addresses: session?.addresses ?? [],
    orders: session?.orders ?? [],
    /** Open bookings (priced, scheduled, pending), newest first. */
    bookings: session?.bookings ?? [],
    /** A guest's saved answers, keyed by pricing input id. */
    guestInputs: session?.guestInputs ?? {},
    currentAddress: currentAddressOf(session),
    homeView,
    isVendorView: isInVendorView({ user, vendor, homeView }),
    setHomeView,
    resetHomeView,
  };
}
