import type { ReactNode } from 'react';
import { ErrorList } from '../../../components/error-list';
import { LoadMore, showingAll, type PagedQuery } from '../../../components/load-more';
import { PageLoader } from '../../../components/page-loader';
import { errorsOf } from '../../../lib/api-client';

/**
 * The body of a paged list (Order History, Service Plans): the loader, the error with Try again when nothing
 * is shown yet, the empty message, or the list with its foot ("Showing all 3 orders.", Load more).
 */
export function PagedListBody({
  query,
  count,
  loadingLabel,
  emptyMessage,
  noun,
  children,
}: {
  query: PagedQuery & { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };
  /** How many items are shown. */
  count: number;
  loadingLabel: string;
  emptyMessage: string;
  /** The item's name, singular and plural: ['order', 'orders']. */
  noun: readonly [string, string];
  children: ReactNode;
}) {
  if (query.isPending) return <PageLoader label={loadingLabel} />;
  if (query.isError && count === 0)
    return (
      <div className="vendor-orders__error">
        <ErrorList errors={errorsOf(query.error)} />
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  if (count === 0)
    return (
      <p className="empty-state vendor-orders__empty" role="status">
        {emptyMessage}
      </p>
    );
  return (
    <>
      {children}
      <LoadMore
        query={query}
        className="vendor-orders__more"
        statusClassName="vendor-orders__count"
        status={query.hasNextPage ? `Showing the first ${count} ${noun[1]}.` : showingAll(count, noun)}
      />
    </>
  );
}
