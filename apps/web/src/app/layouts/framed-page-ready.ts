/**
 * When the server drew the page's frame into #root (ADR 0041, @stg/domain/page-frames), the first render
 * must replace it with the page itself: a lazy page still loading would put a loader in its place, which
 * React's fallback throttle then keeps on screen for 300 ms. So the signed-in header's chunk, which the
 * first render of a signed-in page already waits for (main.tsx), is ready only once the chunks the server
 * preloaded for this page (its frames, screens and contracts) are loaded and run, and the dashboard's
 * section screen is loaded (the lazy pages render at once once loaded: app/lazy-page.ts). Without a frame
 * (or once React has replaced it: the frame's data-frame mark is gone) nothing is waited for. A chunk that fails to load is the page's render's to report.
 */
export function framedPageReady(doc: Document = document): Promise<unknown> {
  if (!doc.querySelector('#root > [data-frame]')) return Promise.resolve();
  const chunks = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => import(/* @vite-ignore */ link.href) as Promise<unknown>,
  );
  if (doc.location.pathname.startsWith('/dashboard/'))
    chunks.push(
      import('../../features/dashboard/routes/dashboard-section-page').then((page) =>
        page.preloadDashboardSection(doc.location.pathname),
      ),
    );
  return Promise.all(chunks).catch(() => undefined);
}
