import { render } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type vi } from 'vitest';
import { KEEP_SCROLL } from '../lib/keep-scroll';
import { createTestRouter } from '../test/test-router';
import { ScrollRestoration } from './scroll-restoration';

const scrollTo = () => window.scrollTo as unknown as ReturnType<typeof vi.fn>;

/** Scrolls the window as a visitor would: jsdom has no layout, so scrollY is set by hand. */
function scrollWindow(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

function start(path = '/a') {
  const { router, Router } = createTestRouter([path]);
  render(
    <Router>
      <ScrollRestoration />
      <Routes>
        <Route path="*" element={<p>Page</p>} />
      </Routes>
    </Router>,
  );
  return router;
}

describe('ScrollRestoration (declarative mode, ADR 0023)', () => {
  beforeEach(() => {
    scrollTo().mockClear();
    scrollWindow(0);
  });
  afterEach(() => scrollWindow(0));

  it('starts a new page at the top and puts the window back on back and forward', async () => {
    const router = start();
    scrollWindow(640);
    await router.navigate('/b');
    expect(scrollTo().mock.calls.at(-1)).toEqual([0, 0]);
    scrollWindow(120);

    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/a');
    expect(scrollTo().mock.calls.at(-1)).toEqual([0, 640]);
  });

  it('leaves the window where it is for a navigation with KEEP_SCROLL', async () => {
    const router = start();
    scrollWindow(300);
    const calls = scrollTo().mock.calls.length;
    await router.navigate('/a?tab=visual', { state: KEEP_SCROLL });
    expect(router.state.location.search).toBe('?tab=visual');
    expect(scrollTo().mock.calls.length).toBe(calls);
  });

  it('saves the positions for a reload when the page is hidden', async () => {
    const router = start();
    scrollWindow(210);
    window.dispatchEvent(new Event('pagehide'));
    const saved = JSON.parse(window.sessionStorage.getItem('stg.scrollPositions') ?? '{}');
    expect(saved[router.state.location.key]).toBe(210);
    expect(window.history.scrollRestoration).toBe('auto');
  });
});
