/**
 * The session (spec §4): GET /api/session through TanStack Query. The session user is mirrored into
 * browser session storage whenever the client learns a new session.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { call } from '../api-client';
import type { Session } from '@stg/domain/api/session';
import type { User } from '@stg/domain/api/users';
import type { Booking } from '@stg/domain/api/bookings';
import { readJson, STORAGE_KEYS, writeStorage } from '../browser-storage';

export const SESSION_QUERY_KEY = ['session'] as const;

export const SIGNED_OUT_SESSION: Session = {
  user: null,
  addresses: [],
  orders: [],
  vendor: null,
  bookings: [],
  guestInputs: {},
};

/** Tolerates a partial answer: lists default to empty, guest answers to {}, vendor and user to null. */
export function normalizeSession(data: Partial<Session> | null | undefined): Session {
  return {
    user: data?.user ?? null,
    addresses: data?.addresses ?? [],
    orders: data?.orders ?? [],
    vendor: data?.vendor ?? null,
    bookings: data?.bookings ?? [],
    guestInputs: data?.guestInputs ?? {},
  };
}

export function storeSessionUser(user: User | null): void {
  writeStorage(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
}

/** The user remembered from earlier in this browser tab, if any. */
export function storedSessionUser(): User | null {
  return readJson<User>(STORAGE_KEYS.user);
}

/**
 * GET /api/session, read with the session contract. `call` loads the contract (and zod) beside the first
 * answer, not with the first bundle (ADR 0023, 0027); the first render reads the session from the page's
 * boot data (ADR 0025).
 */
export async function fetchSession(): Promise<Session> {
  const session = await call(sessionApi.current);
  storeSessionUser(session.user);
  return session;
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000 });

/** Puts a session the server just answered (login, sign-up, logout) into the cache and storage. */
export function setSession(queryClient: QueryClient, data: Partial<Session>): Session {
  const session = normalizeSession(data);
  storeSessionUser(session.user);
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  return session;
}

/**
 * Applies a change to the cached session after a save that answers only part of it (the user, one
 * address), so every reader (header address lines, menus, forms) shows the saved values at once.
 */
export function updateSession(queryClient: QueryClient, change: (session: Session) => Session): void {
  const current = queryClient.getQueryData<Session>(SESSION_QUERY_KEY);
  if (!current) return;
  const next = change(current);
  storeSessionUser(next.user);
  queryClient.setQueryData(SESSION_QUERY_KEY, next);
}

/**
 * Puts a booking the server just answered into the cached session's open bookings (replacing its old
 * self, newest first), so readers see it before the session is fetched again.
 */
export function upsertSessionBooking(queryClient: QueryClient, booking: Booking): void {
  updateSession(queryClient, (session) => ({
    ...session,
    bookings: [booking, ...(session.bookings ?? []).filter((b) => b.id !== booking.id)],
  }));
}
