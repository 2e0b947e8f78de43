import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorsOf } from '../../lib/api-client';
import type { Availability } from '@stg/domain/api/scheduling';
import { ErrorList } from '../error-list';
import { PageLoader } from '../page-loader';

/**
 * What a reschedule modal shows until there are times to pick from: the loader, a failed read with Try
 * again, or, with no open time, the server's reason or `emptyMessage`. Then its `children` (the form).
 */
export function RescheduleAvailability({
  query,
  hasTimes,
  emptyMessage,
  children,
}: {
  query: UseQueryResult<Availability>;
  hasTimes: boolean;
  emptyMessage: (windowDays: number) => string;
  children: ReactNode;
}) {
  if (query.isPending) return <PageLoader label="Loading available times…" />;
  if (query.isError)
    return (
      <>
        <ErrorList errors={errorsOf(query.error)} />
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </>
    );
  if (!hasTimes)
    return (
      <p className="empty-state" role="status">
        {query.data.unavailableReason ?? emptyMessage(query.data.windowDays)}
      </p>
    );
  return children;
}
