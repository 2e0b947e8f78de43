import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { KEEP_SCROLL } from '../../lib/keep-scroll';

/**
 * A list filter kept in the URL (Order History's ?filter=, Service Plans' ?status=): `parse` reads the
 * parameter (anything it does not know is 'all'); an unknown or 'all' value is removed from the address, so
 * the address says what is shown. `select` sets another (none for 'all') without moving the page, after
 * `onSelect` (the page clears its notice).
 */
export function useUrlFilter<F extends string>(
  param: string,
  parse: (raw: string | null) => F | 'all',
  onSelect: () => void,
): [F | 'all', (next: F | 'all') => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(param);
  const filter = parse(raw);

  useEffect(() => {
    if (raw !== null && raw !== filter)
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(param);
          return next;
        },
        { replace: true },
      );
  }, [raw, filter, param, setParams]);

  const select = (next: F | 'all') => {
    if (next === filter) return;
    onSelect();
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'all') updated.delete(param);
        else updated.set(param, next);
        return updated;
      },
      { state: KEEP_SCROLL },
    );
  };
  return [filter, select];
}
