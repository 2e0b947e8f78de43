import { useCallback, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/browser-storage';

/**
 * Setup's "Skip" of the calendar step, remembered in browser session storage (spec §2 Setup 3) for this
 * vendor (the stored value is the vendor's id, so another account in the same tab does not inherit it).
 */
export function useCalendarSkipped(vendorId: number): [boolean, () => void] {
  const [skipped, setSkipped] = useState(
    () => readStorage(STORAGE_KEYS.setupCalendarSkipped) === String(vendorId),
  );
  const markSkipped = useCallback(() => {
    writeStorage(STORAGE_KEYS.setupCalendarSkipped, String(vendorId));
    setSkipped(true);
  }, [vendorId]);
  return [skipped, markSkipped];
}
