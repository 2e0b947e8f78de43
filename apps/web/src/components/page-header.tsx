import type { ReactNode } from 'react';

/** The title block of a page: one h1, an optional lead paragraph. */
export function PageHeader({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {lead && <p className="page-header__lead">{lead}</p>}
      {children}
    </div>
  );
}
