/** Previous / Next through a paged list, with where the operator is ("Page 2 of 5"). */
export function Pager({
  label,
  page,
  pageSize,
  total,
  onPage,
  busy,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="console__pager" aria-label={`${label} pages`}>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
