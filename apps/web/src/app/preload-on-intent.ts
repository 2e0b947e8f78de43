/**
 * Starts loading a page's chunk when the visitor shows they are about to open it: the pointer enters a
 * link to it, a finger touches it, or the keyboard focuses it. That head start (usually 100 ms or more
 * before the click) hides the download of a lazy page, without fetching pages nobody asked for
 * (ADR 0023). Only links to this origin count; the page's data is still fetched by the page.
 */
export function preloadOnIntent(preload: (pathname: string) => void, root: Document = document): () => void {
  let last: string | null = null;
  const onIntent = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const link = target.closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (link.pathname === last) return;
    last = link.pathname;
    preload(link.pathname);
  };
  const types = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const type of types) root.addEventListener(type, onIntent, { passive: true, capture: true });
  return () => {
    for (const type of types) root.removeEventListener(type, onIntent, { capture: true });
  };
}
