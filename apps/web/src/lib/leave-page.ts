/**
 * Sends the browser to another page (a payment provider's authentication page). One function so tests can
 * stand in for it: jsdom does not navigate, and window.location cannot be spied on.
 */
export function leavePage(url: string): void {
  window.location.assign(url);
}
