import { statusLabel, statusTone } from '@stg/domain/order-status';

/**
 * A fulfillment or payment status in the colours of spec §4 (blue collected/unfulfilled, green
 * processed/fulfilled, red refunded/cancelled, yellow partially refunded/rescheduled). The kind is read
 * out to assistive technology, since colour alone does not say which status is which.
 */
export function StatusBadge({ kind, status }: { kind: 'Fulfillment' | 'Payment'; status: string }) {
  return (
    <span className={`badge badge--${statusTone(status)}`} data-status={status}>
      <span className="visually-hidden">{kind}: </span>
      {statusLabel(status)}
    </span>
  );
}
