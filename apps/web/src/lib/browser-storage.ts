/**
 * sessionStorage that never throws (private modes and disabled storage answer null).
 * Spec §4: the session user and the homeView UI state live in browser session storage.
 */
export const STORAGE_KEYS = {
  user: 'stg.sessionUser',
  homeView: 'stg.homeView',
  /** Setup's calendar step was skipped (spec §2 Setup 3); holds the vendor's id. */
  setupCalendarSkipped: 'stg.setupCalendarSkipped',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the in-memory state still works for this page.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
