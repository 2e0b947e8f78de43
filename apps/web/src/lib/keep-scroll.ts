/**
 * Navigation state asking the app to leave the window's scroll position alone: a switch of tab or
 * filter kept in the URL (`?tab=`, `?filter=`) should not jump to the top of the page. The app's own
 * scroll restoration (app/scroll-restoration.tsx) reads it; pass it as `state` to navigate,
 * setSearchParams or <Link>.
 */
export const KEEP_SCROLL = { keepScroll: true } as const;

/** Whether a location's state asks to keep the scroll position. */
export function keepsScroll(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true
  );
}
