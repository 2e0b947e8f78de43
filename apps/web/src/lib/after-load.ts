/**
 * Runs `task` once the page has loaded and the main thread is idle: for head starts (a CSRF token, a
 * contract a later click needs) that should not compete with the page's first paint (ADR 0041). Where
 * requestIdleCallback is missing, a timer after the load event. Returns a cancel function.
 */
export function afterLoad(task: () => void): () => void {
  let cancel = () => {};
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(task, { timeout: 2000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(task, 0);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else {
    window.addEventListener('load', whenIdle, { once: true });
    cancel = () => window.removeEventListener('load', whenIdle);
  }
  return () => cancel();
}
