import { useCallback, useEffect, useState } from 'react';

/** Index `i` moved by `step` within `count` items, wrapping around both ends. */
export function wrapIndex(i: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((i + step) % count) + count) % count;
}

/**
 * The position in a carousel with wraparound (spec §2 Modals: carousel, reviews-carousel). While mounted,
 * the Left and Right arrow keys move back and forth.
 */
export function useCarousel(count: number, start = 0) {
  const [index, setIndex] = useState(() => wrapIndex(start, 0, count));
  const next = useCallback(() => setIndex((i) => wrapIndex(i, 1, count)), [count]);
  const previous = useCallback(() => setIndex((i) => wrapIndex(i, -1, count)), [count]);

  useEffect(() => {
    if (count <= 1) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        next();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        previous();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [count, next, previous]);

  return { index, next, previous };
}
