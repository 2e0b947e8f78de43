import type { EarningsPayout } from '@stg/domain/api/earnings';
import { EARNINGS_STATUS_LABELS } from '@stg/domain/api/earnings';
import { formatAppointment, formatCalendarDate } from '@stg/domain/dates';
import { money, STATUS_TONES } from '../earnings-text';

/** "Sent Dec 1st, 2026", "Due Dec 4th, 2026" or nothing. */
function whenText(p: EarningsPayout): string {
  if (p.sentAt) return `Sent ${formatCalendarDate(p.sentAt)}`;
  if (p.dueAt) return `Due ${formatCalendarDate(p.dueAt)}`;
  return '';
}

function StatusCell({ payout }: { payout: EarningsPayout }) {
  const when = whenText(payout);
  return (
    <>
      <span className={`badge badge--${STATUS_TONES[payout.status]}`} data-status={payout.status}>
        <span className="visually-hidden">Payout: </span>
        {EARNINGS_STATUS_LABELS[payout.status]}
      </span>
      {when && <span className="earnings-payouts__when">{when}</span>}
    </>
  );
}

const transferText = (p: EarningsPayout) =>
  p.transferId ? (p.method === 'paper_check' ? `Check ${p.transferId}` : p.transferId) : '—';

/** The payouts as a table (wide screens). */
export function EarningsPayoutsTable({ payouts }: { payouts: EarningsPayout[] }) {
  return (
    // The table may scroll sideways on a narrow window: a named region the keyboard can reach and scroll.
    <div className="earnings-table-wrap" tabIndex={0} role="region" aria-label="Payouts table">
      <table className="earnings-table earnings-payouts__table">
        <caption className="visually-hidden">Payouts, latest appointment first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Appointment</th>
            <th scope="col">Customer</th>
            <th scope="col">Subtotal</th>
            <th scope="col">Service charge</th>
            <th scope="col">Commission</th>
            <th scope="col">Refunds</th>
            <th scope="col">Payout</th>
            <th scope="col">Status</th>
            <th scope="col">Transfer</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((p) => (
            <tr key={p.orderId}>
              <th scope="row">
                {p.confirmationId}
                <span className="earnings-payouts__service">{p.service}</span>
              </th>
              <td>{formatAppointment(p.appointmentAt)}</td>
              <td>{p.customer}</td>
              <td>{money(p.subtotal)}</td>
              <td>{money(p.serviceCharge)}</td>
              <td>{money(p.commission)}</td>
              <td>{money(p.refunds)}</td>
              <td className="earnings-payouts__payout">{money(p.payout)}</td>
              <td>
                <StatusCell payout={p} />
              </td>
              <td className="earnings-payouts__transfer">{transferText(p)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The payouts as cards (phones). */
export function EarningsPayoutsCards({ payouts }: { payouts: EarningsPayout[] }) {
  return (
    <ul className="earnings-payouts__cards" aria-label="Payouts">
      {payouts.map((p) => (
        <li key={p.orderId} className="earnings-card earnings-payout-card">
          <h3 className="earnings-payout-card__title">
            <span>Order {p.confirmationId}</span>
            <span className="earnings-payout-card__payout">{money(p.payout)}</span>
          </h3>
          <p className="earnings-payout-card__status">
            <StatusCell payout={p} />
          </p>
          <dl className="earnings-payout-card__fields">
            <div>
              <dt>Appointment</dt>
              <dd>{formatAppointment(p.appointmentAt)}</dd>
            </div>
            <div>
              <dt>Customer</dt>
              <dd>{p.customer}</dd>
            </div>
            <div>
              <dt>Service</dt>
              <dd>{p.service}</dd>
            </div>
            <div>
              <dt>Subtotal</dt>
              <dd>{money(p.subtotal)}</dd>
            </div>
            <div>
              <dt>Service charge</dt>
              <dd>{money(p.serviceCharge)}</dd>
            </div>
            <div>
              <dt>Commission</dt>
              <dd>{money(p.commission)}</dd>
            </div>
            <div>
              <dt>Refunds</dt>
              <dd>{money(p.refunds)}</dd>
            </div>
            <div>
              <dt>Transfer</dt>
              <dd className="earnings-payouts__transfer">{transferText(p)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
