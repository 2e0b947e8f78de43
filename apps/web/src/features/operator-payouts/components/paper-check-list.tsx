import type { PaperCheckOwed } from '@stg/domain/api/payouts';
import { money } from '../paper-check-text';
import { CheckReason, Day, MailingAddress, VendorContact } from './paper-check-parts';

export interface PaperCheckListProps {
  payouts: readonly PaperCheckOwed[];
  onRecord: (payout: PaperCheckOwed) => void;
}

const headingId = (payout: PaperCheckOwed) => `paper-check-${payout.orderId}`;

function RecordButton({
  payout,
  onRecord,
}: {
  payout: PaperCheckOwed;
  onRecord: PaperCheckListProps['onRecord'];
}) {
  return (
    <button
      type="button"
      className="button button--primary button--small"
      aria-describedby={`${headingId(payout)} ${headingId(payout)}-order`}
      onClick={() => onRecord(payout)}
    >
      Record check sent
    </button>
  );
}

/** Phones and small tablets: each check owed is a card. */
export function PaperCheckCards({ payouts, onRecord }: PaperCheckListProps) {
  return (
    <ul className="operator-payouts__cards">
      {payouts.map((payout) => (
        <li key={payout.orderId}>
          <article className="card operator-payouts__card" aria-labelledby={headingId(payout)}>
            <header className="operator-payouts__card-header">
              <h2 id={headingId(payout)}>{payout.vendor.name}</h2>
              <p className="operator-payouts__amount">{money(payout.amount)}</p>
            </header>
            <dl className="operator-payouts__fields">
              <div>
                <dt>Order</dt>
                <dd id={`${headingId(payout)}-order`}>{payout.confirmationId}</dd>
              </div>
              <div>
                <dt>Fulfilled</dt>
                <dd>
                  <Day iso={payout.fulfilledAt} />
                </dd>
              </div>
              <div>
                <dt>Owed since</dt>
                <dd>
                  <Day iso={payout.owedSince} />
                </dd>
              </div>
              <div className="operator-payouts__wide">
                <dt>Why a check</dt>
                <dd>
                  <CheckReason payout={payout} />
                </dd>
              </div>
              <div className="operator-payouts__wide">
                <dt>Mail check to</dt>
                <dd>
                  <MailingAddress payout={payout} />
                </dd>
              </div>
              <div className="operator-payouts__wide">
                <dt>Contact</dt>
                <dd>
                  <VendorContact payout={payout} />
                </dd>
              </div>
            </dl>
            <div className="operator-payouts__card-actions">
              <RecordButton payout={payout} onRecord={onRecord} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** Wide screens: one table row per check owed. */
export function PaperCheckTable({ payouts, onRecord }: PaperCheckListProps) {
  return (
    <div className="operator-payouts__table-wrap">
      <table className="operator-payouts__table">
        <caption className="visually-hidden">Paper Checks owed, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Vendor and contact</th>
            <th scope="col">Mail check to</th>
            <th scope="col">Order</th>
            <th scope="col">Fulfilled</th>
            <th scope="col">Owed since</th>
            <th scope="col">Why a check</th>
            <th scope="col" className="operator-payouts__number">
              Amount
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.orderId}>
              <th scope="row" className="operator-payouts__vendor">
                <span id={headingId(payout)} className="operator-payouts__vendor-name">
                  {payout.vendor.name}
                </span>
                <VendorContact payout={payout} />
              </th>
              <td>
                <MailingAddress payout={payout} />
              </td>
              <td id={`${headingId(payout)}-order`} className="operator-payouts__nowrap">
                {payout.confirmationId}
              </td>
              <td className="operator-payouts__nowrap">
                <Day iso={payout.fulfilledAt} />
              </td>
              <td className="operator-payouts__nowrap">
                <Day iso={payout.owedSince} />
              </td>
              <td>
                <CheckReason payout={payout} />
              </td>
              <td className="operator-payouts__number">{money(payout.amount)}</td>
              <td className="operator-payouts__actions">
                <RecordButton payout={payout} onRecord={onRecord} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
