import './live-notice.css';

/**
 * A page's notice of what an action did (the customer's orders, the vendor's Order History): a polite
 * live region present from the start, so that a notice is announced, which takes no room while empty;
 * a notice shows as a success alert that stays in sight under the sticky header until dismissed.
 * `className` places it (its `top` under the header).
 */
export function LiveNotice({
  notice,
  onDismiss,
  className,
}: {
  notice: string | null;
  onDismiss: () => void;
  className: string;
}) {
  return (
    <div className={`live-notice ${className}${notice ? ' alert alert--success' : ''}`}>
      <p role="status" aria-live="polite">
        {notice ?? ''}
      </p>
      {notice && (
        <button type="button" className="button button--ghost button--small" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
