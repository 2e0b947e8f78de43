/**
 * The first data the server writes into the page (ADR 0025): `<script type="application/json"
 * id="boot-data">{"at": ms, "answers": {"/api/session": …, "/api/vendors": …}}</script>`, the exact
 * answers the first render would fetch, for this visitor. They go into TanStack Query's cache before the
 * first render, under the keys the hooks use and read as the API client reads them, so the page renders
 * at once instead of after the session and data round trips. They count as fetched at `at` (the server's
 * time, never later than now): the usual staleness rules apply, so a page kept by the browser's cache and
 * shown again later is refetched as soon as it is used.
 *
 * Kept tiny and free of zod: it is part of the first bundle.
 */
import type { QueryClient } from '@tanstack/react-query';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import type { Session } from '@stg/domain/api/session';
import { matchesPath, pathOf } from '@stg/domain/api/endpoint';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { keepBootAnswers } from './boot-answers';
import { normalizeSession, SESSION_QUERY_KEY, storeSessionUser } from './session/session-query';

/** How long the answers no query is primed with stay usable (boot-answers.ts): the queries' staleTime. */
const BOOT_ANSWERS_FRESH_MS = 30_000;

export const BOOT_DATA_ID = 'boot-data';

export interface BootData {
  /** When the server read the answers (ms since the epoch). */
  at: number;
  /** API path → the answer GET would give this visitor. */
  answers: Record<string, unknown>;
}

/** The page's boot data, or null when there is none or it cannot be read. */
export function readBootData(doc: Document | undefined = globalThis.document): BootData | null {
  const text = doc?.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<BootData> | null;
    if (typeof data?.at !== 'number' || !data.answers || typeof data.answers !== 'object') return null;
    return data as BootData;
  } catch {
    return null;
  }
}

/**
 * The query key of an API path the first render reads, and how its answer is read (as the query's own
 * queryFn reads it): the session (session-query), the vendor list (lib/vendors/vendors-query) and one
 * vendor (lib/vendors/vendor-query). A test holds these keys equal to the hooks' own.
 */
function querySlot(path: string): { key: readonly unknown[]; read: (answer: unknown) => unknown } | null {
  if (path === pathOf(sessionApi.current))
    return {
      key: SESSION_QUERY_KEY,
      read: (answer) => {
        const session = normalizeSession(answer as Partial<Session> | null);
        storeSessionUser(session.user);
        return session;
      },
    };
  if (path === pathOf(vendorReadsApi.vendors)) return { key: ['vendors'], read: (answer) => answer };
  const vendorId = matchesPath(vendorReadsApi.vendor, path) ? /\/(\d+)$/.exec(path)?.[1] : undefined;
  if (vendorId) return { key: ['vendors', Number(vendorId)], read: (answer) => answer };
  return null;
}

/** Puts the boot data's answers into the cache, as fetched at `at` (or now, if the clocks disagree). */
export function primeQueryClient(queryClient: QueryClient, boot: BootData | null, now = Date.now()): void {
  if (!boot) return;
  const updatedAt = Math.min(boot.at, now);
  const rest: [string, unknown][] = [];
  for (const [path, answer] of Object.entries(boot.answers)) {
    const slot = querySlot(path);
    if (slot && answer != null) queryClient.setQueryData(slot.key, slot.read(answer), { updatedAt });
    else if (answer != null) rest.push([path, answer]);
  }
  // The others (a signed-in page's first GETs) wait for the API client's call of their address.
  keepBootAnswers(rest, updatedAt + BOOT_ANSWERS_FRESH_MS);
}
