/**
 * Sends the browser to another page (a payment provider's authentication page). One object so tests can
 * stand in for it with `vi.spyOn(browserPage, 'leave')`: jsdom does not navigate, and window.location cannot
 * be spied on. (Not a module mock: in the web tests' vmThreads pool, a file's `vi.mock` could resolve against
 * another file's modules; ADR 0030, sixth part.)
 */
export const browserPage = {
  leave(url: string): void {
    window.location.assign(url);
  },
};
