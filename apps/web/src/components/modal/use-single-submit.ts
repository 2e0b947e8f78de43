import { useCallback, useRef } from 'react';

/**
 * One request at a time from a modal's form: a second submit while the first is on its way (a double
 * click before the busy state renders, Enter in a field) does nothing. `onSuccess` runs with the answer;
 * a failure is left to the mutation's error state, which the modal shows.
 */
export function useSingleSubmit() {
  const sending = useRef(false);
  return useCallback(<T>(send: () => Promise<T>, onSuccess: (answer: T) => void) => {
    if (sending.current) return;
    sending.current = true;
    send()
      .then(onSuccess, () => undefined)
      .finally(() => {
        sending.current = false;
      });
  }, []);
}
