/**
 * The foot of a paged list (Order History, Earnings' payouts): how many are shown, the error of the last
 * page asked for, and Load more while there are more pages.
 */
import { errorsOf } from '../lib/api-client';
import { ErrorList } from './error-list';

/** The parts of an infinite query the foot reads. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/** The foot of a list read to its end: "Showing all 3 orders.", or "Showing the only order." for one. */
export const showingAll = (count: number, [one, many]: readonly [string, string]) =>
  count === 1 ? `Showing the only ${one}.` : `Showing all ${count} ${many}.`;

export function LoadMore(props: {
  query: PagedQuery;
  /** "Showing all 3 orders." */
  status: string;
  className: string;
  statusClassName?: string;
}) {
  const { query } = props;
  return (
    <div className={props.className}>
      <p className={props.statusClassName} role="status">
        {props.status}
      </p>
      {query.isFetchNextPageError && <ErrorList errors={errorsOf(query.error)} />}
      {query.hasNextPage && (
        <button
          type="button"
          className="button button--secondary"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading more…' : 'Load more'}
        </button>
      )}
    </div>
  );
}
