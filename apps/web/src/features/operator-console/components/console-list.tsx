import { useId, useState, type ReactNode } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { ErrorList } from '../../../components/error-list';
import { PageLoader } from '../../../components/page-loader';
import { errorsOf } from '../../../lib/api-client';
import { Pager } from './pager';

interface PagedAnswer {
  page: number;
  pageSize: number;
  total: number;
}

/**
 * One of the console's paged lists: a heading with its count, a lead, the rows (as cards) or the empty
 * state, and Previous / Next. Each row is drawn by the caller.
 */
export function ConsoleList<T extends PagedAnswer, Row>({
  id,
  title,
  lead,
  empty,
  options,
  rowsOf,
  renderRow,
  keyOf,
  summary,
}: {
  id: string;
  title: string;
  lead: string;
  empty: string;
  options: (page: number) => UseQueryOptions<T, Error, T, (string | number)[]>;
  rowsOf: (answer: T) => readonly Row[];
  renderRow: (row: Row) => ReactNode;
  keyOf: (row: Row) => number;
  summary?: (answer: T) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const query = useQuery(options(page));
  const headingId = useId();
  const data = query.data;

  let content: ReactNode;
  if (data === undefined)
    content = query.isError ? (
      <ErrorList errors={errorsOf(query.error)} />
    ) : (
      <PageLoader label={`Loading ${title.toLowerCase()}…`} />
    );
  else if (data.total === 0) content = <p className="empty-state">{empty}</p>;
  else
    content = (
      <>
        {summary?.(data)}
        <ul className="console__cards" aria-busy={query.isFetching}>
          {rowsOf(data).map((row) => (
            <li key={keyOf(row)}>{renderRow(row)}</li>
          ))}
        </ul>
        <Pager
          label={title}
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          busy={query.isFetching}
          onPage={setPage}
        />
      </>
    );

  return (
    <section className="console__section" id={id} aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId}>
        {title}
        {data !== undefined && <span className="console__count"> ({data.total})</span>}
      </h2>
      <p className="console__note">{lead}</p>
      {content}
    </section>
  );
}
