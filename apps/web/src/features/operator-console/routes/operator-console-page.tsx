import { useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { FailedRefund } from '@stg/domain/api/operator';
import { ErrorList } from '../../../components/error-list';
import { useModal } from '../../../components/modal/modal-provider';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorsOf } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  dashboardQueryOptions,
  failedRefundsQueryOptions,
  openDisputesQueryOptions,
  payoutsDueQueryOptions,
  useRetryRefund,
} from '../api/console';
import { FiguresSection } from '../components/figures-section';
import { FailedRefundsList, OpenDisputesList, PayoutsDueList } from '../components/console-lists';
import { HandleRefundModal } from '../components/handle-refund-modal';
import { QueueLinks, VendorsByStatus } from '../components/queue-links';
import '../operator-console.css';

/**
 * /operator, the operator's console (issue 25 §3; ADR 0035): what needs an operator (with links to
 * Transfers to Check, Paper Checks and Listing Review), the marketplace's figures by week and month, vendors
 * by listing status, and the lists: refunds that gave up (Retry, Mark handled), open disputes and payouts
 * due in the next 7 days. The route guard lets only signed-in operators in.
 */
export function OperatorConsolePage() {
  useDocumentTitle('Operator Console');
  const dashboard = useQuery(dashboardQueryOptions());
  // The lists' first pages (the same queries the lists read): the page is shown whole once every answer
  // is in, so nothing below the figures moves when they arrive (CLS; they usually come with the page).
  const firstPages = useQueries({
    queries: [failedRefundsQueryOptions(1), openDisputesQueryOptions(1), payoutsDueQueryOptions(1)],
  });
  const settled = [dashboard, ...firstPages].every((q) => q.data !== undefined || q.isError);
  const retry = useRetryRefund();
  const { openModal } = useModal();
  const [status, setStatus] = useState('');
  const [retryError, setRetryError] = useState<readonly string[]>([]);

  const onRetry = (refund: FailedRefund) => {
    if (retry.isPending) return;
    setStatus('');
    setRetryError([]);
    retry.mutateAsync(refund.id).then(
      ({ refund: done }) => {
        const state = done.retry?.status;
        setStatus(
          state === 'failed'
            ? `The retried refund for order ${refund.order.confirmationId} was refused again; it is back in the list.`
            : state === 'succeeded'
              ? `The refund for order ${refund.order.confirmationId} went through.`
              : `The refund for order ${refund.order.confirmationId} was sent again; the payment provider is working on it.`,
        );
      },
      (err: unknown) => setRetryError(errorsOf(err)),
    );
  };
  const onHandle = (refund: FailedRefund) => {
    setStatus('');
    setRetryError([]);
    openModal(<HandleRefundModal refund={refund} onDone={setStatus} />);
  };

  const data = dashboard.data;
  return (
    <div className="container page console">
      <PageHeader
        title="Operator Console"
        lead="How the marketplace is doing, and what needs an operator today."
      />
      <p className="console__status" role="status">
        {status}
      </p>
      <ErrorList errors={retryError} />
      {!settled && <PageLoader label="Loading the figures…" />}
      <div hidden={!settled}>
        {data === undefined ? (
          dashboard.isError && <ErrorList errors={errorsOf(dashboard.error)} />
        ) : (
          <>
            <QueueLinks data={data} />
            <FiguresSection data={data} />
            <VendorsByStatus data={data} />
          </>
        )}
        <FailedRefundsList
          onRetry={onRetry}
          onHandle={onHandle}
          retrying={retry.isPending ? (retry.variables ?? null) : null}
        />
        <OpenDisputesList />
        <PayoutsDueList />
      </div>
    </div>
  );
}
