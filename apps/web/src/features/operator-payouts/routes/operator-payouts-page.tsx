import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PaperCheckOwed } from '@stg/domain/api/payouts';
import { PAYOUT_DELAY_HOURS } from '@stg/domain/constants';
import { useModal } from '../../../components/modal/modal-provider';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useMediaQuery } from '../../../lib/use-media-query';
import { paperChecksQueryOptions } from '../api/paper-checks';
import { LoadError } from '../components/paper-check-parts';
import { PaperCheckCards, PaperCheckTable } from '../components/paper-check-list';
import { RecordCheckModal } from '../components/record-check-modal';
import { TransfersToCheck } from '../components/transfers-to-check';
import { checksCount, DATES_NOTE, EMPTY_PAPER_CHECKS, money } from '../paper-check-text';
import '../operator-payouts.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Wide enough for the columns and the button: a table; narrower (phones, small tablets): cards. */
export const TABLE_MEDIA_QUERY = '(min-width: 1024px)';

/**
 * /operator/payouts: the Paper Checks owed to vendors, oldest first (spec §1: vendors are paid 72 hours after
 * a job is fulfilled; §3: a payout destination of none means Paper Check; ADR 0017). The route guard lets only
 * signed-in operators in. Each check shows where to mail it, who to call, and why no transfer was made;
 * "Record check sent" records it (optional check number and note) and the order leaves the list. Below them,
 * "Transfers to Check": transfers the payout job gave up on, each with its last error and "Retry Transfer".
 */
export function OperatorPayoutsPage() {
  useDocumentTitle('Paper Checks');
  const query = useQuery(paperChecksQueryOptions());
  const wide = useMediaQuery(TABLE_MEDIA_QUERY);
  const { openModal } = useModal();
  const [status, setStatus] = useState('');

  const onRecord = (payout: PaperCheckOwed) => {
    setStatus('');
    openModal(<RecordCheckModal payout={payout} onRecorded={setStatus} />);
  };

  const data = query.data;
  const errorBlock = query.isError && <LoadError query={query} />;

  let content;
  if (data === undefined) content = errorBlock || <PageLoader label="Loading paper checks…" />;
  else if (data.payouts.length === 0)
    content = (
      <>
        {errorBlock}
        <p className="empty-state">{EMPTY_PAPER_CHECKS}</p>
      </>
    );
  else {
    const List = wide ? PaperCheckTable : PaperCheckCards;
    content = (
      <>
        {errorBlock}
        <p className="operator-payouts__note">Oldest first. {DATES_NOTE}</p>
        <List payouts={data.payouts} onRecord={onRecord} />
      </>
    );
  }

  return (
    <div className="container page operator-payouts">
      <PageHeader
        title="Paper Checks"
        lead={`Vendors are paid ${PAYOUT_DELAY_HOURS} hours after a job is fulfilled. These vendors get a Paper Check instead of a transfer: mail each check to the address shown, then record it here.`}
      />
      <p className="operator-payouts__status" role="status">
        {status}
      </p>
      {data && data.payouts.length > 0 && (
        <p className="operator-payouts__total">
          <span className="operator-payouts__total-label">Total owed</span>{' '}
          <strong className="operator-payouts__total-amount">{money(data.totalOwed)}</strong>{' '}
          <span className="operator-payouts__muted">({checksCount(data.payouts.length)})</span>
        </p>
      )}
      {content}
      <TransfersToCheck onRetried={setStatus} />
    </div>
  );
}
