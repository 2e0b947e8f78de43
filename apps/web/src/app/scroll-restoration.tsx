import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType, type Location } from 'react-router';
import { keepsScroll } from '../lib/keep-scroll';

const STORAGE_KEY = 'stg.scrollPositions';

/** Window scroll positions by history entry (location.key), kept across reloads in session storage. */
let positions: Record<string, number> | undefined;

function savedPositions(): Record<string, number> {
  if (positions) return positions;
  positions = {};
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (stored && typeof stored === 'object') positions = stored as Record<string, number>;
  } catch {
    // Unreadable storage: start afresh.
  }
  return positions;
}

function scrollToHash(location: Location): boolean {
  if (!location.hash) return false;
  try {
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    target?.scrollIntoView();
    return target !== null;
  } catch {
    return false; // not a decodable id
  }
}

/**
 * What React Router's <ScrollRestoration> did for the data router, for the declarative one (ADR 0023):
 * a new page (link, navigate) starts at the top, or at its #hash; back and forward, and a reload, put
 * the window where it was on that entry; a navigation whose state is KEEP_SCROLL (a tab or filter in
 * the URL) leaves the window where it is. It runs when the new location is on screen: navigations are
 * transitions, so after a lazy page's chunk has loaded.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Remembers the position of the entry on screen as the visitor scrolls, so it is known before a
    // navigation replaces the page (a shorter page would clamp it).
    const onScroll = () => {
      savedPositions()[currentKey.current] = window.scrollY;
    };
    const onPageHide = () => {
      onScroll();
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        // Storage full or denied: positions are then kept for this document only.
      }
      window.history.scrollRestoration = 'auto';
    };
    const onPageShow = () => {
      window.history.scrollRestoration = 'manual';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const saved = navigationType === NavigationType.Pop ? savedPositions()[location.key] : undefined;
    if (typeof saved === 'number') window.scrollTo(0, saved);
    else if (scrollToHash(location)) return;
    else if (navigationType !== NavigationType.Pop && keepsScroll(location.state)) return;
    else window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
