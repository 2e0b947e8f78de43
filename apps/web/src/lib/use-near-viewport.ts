import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether an element has come within `rootMargin` of the viewport (once true, it stays true): for work
 * that only a part below the fold needs, so it does not run beside the page's first paint (ADR 0041).
 * Where IntersectionObserver is missing, true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, rootMargin]);
  return near;
}
