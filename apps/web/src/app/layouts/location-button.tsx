import { useEffect, useId, useRef, useState } from 'react';
import { CITY_LABEL } from '@stg/domain/constants';

/**
 * The fixed location of spec §2: the product serves one city, so the button only explains that.
 */
export function LocationButton() {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  return (
    <div className="location" ref={wrapper}>
      <button
        type="button"
        className="location__button"
        aria-expanded={open}
        aria-controls={noteId}
        onClick={() => setOpen((v) => !v)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 2a7 7 0 00-7 7c0 5.3 7 13 7 13s7-7.7 7-13a7 7 0 00-7-7zm0 9.5A2.5 2.5 0 1112 6.5a2.5 2.5 0 010 5z"
          />
        </svg>
        {CITY_LABEL}
      </button>
      <div id={noteId} className="location__note" hidden={!open}>
        We currently serve St George, Utah and nearby zip codes only.
      </div>
    </div>
  );
}
