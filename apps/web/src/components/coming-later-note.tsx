import type { ReactNode } from 'react';

/** The honest note of a page frame whose feature ships in a later release. */
export function ComingLaterNote({ children }: { children?: ReactNode }) {
  return (
    <div className="note" role="note">
      <p>{children ?? 'This section arrives in a later release.'}</p>
    </div>
  );
}
