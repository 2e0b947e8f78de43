import type { KeyboardEvent } from 'react';

/**
 * Arrow-key movement inside a group of buttons laid out in rows of `columns` (one Tab stop per group):
 * Left/Right move by one, Up/Down by a row, Home/End to the ends. Answers the index to focus, or null
 * when the key is not one of these (the event is then left alone).
 */
export function rovingTarget(
  event: KeyboardEvent,
  index: number,
  count: number,
  columns: number,
): number | null {
  let next: number;
  switch (event.key) {
    case 'ArrowRight':
      next = index + 1;
      break;
    case 'ArrowLeft':
      next = index - 1;
      break;
    case 'ArrowDown':
      next = index + columns;
      break;
    case 'ArrowUp':
      next = index - columns;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = count - 1;
      break;
    default:
      return null;
  }
  event.preventDefault();
  return Math.min(count - 1, Math.max(0, next));
}
