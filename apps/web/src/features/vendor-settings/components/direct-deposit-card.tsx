import { useId } from 'react';
import type { Vendor } from '../../../lib/api-types';

/** Where payouts go: the bank and last four digits, or Paper Check when none is on file (spec §3). */
export function payoutDestinationText(destination: Vendor['payoutDestination']): string {
  if (!destination) return 'Paper Check';
  return `${destination.bankName ?? 'Bank account'} ending in ${destination.last4}`;
}

/**
 * Direct Deposit (spec §2 General Settings): Connected once payouts are active (stripeIntegrated
 * active), with where payouts go; otherwise Not Connected.
 */
export function DirectDepositCard({ vendor }: { vendor: Vendor }) {
  const id = useId();
  const connected = vendor.stripeIntegrated === 'active';
  return (
    <section className="card vendor-settings__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Direct Deposit</h2>
      <p className="vendor-settings__state">
        <span className={`badge ${connected ? 'badge--green' : 'badge--grey'}`}>
          {connected ? 'Connected' : 'Not Connected'}
        </span>
      </p>
      {connected ? (
        <dl className="details">
          <div>
            <dt>Payouts go to</dt>
            <dd>{payoutDestinationText(vendor.payoutDestination)}</dd>
          </div>
        </dl>
      ) : (
        <p className="vendor-settings__muted">
          {vendor.stripeIntegrated === 'onboarding'
            ? 'Your bank connection is not finished yet. Complete it below to receive payouts by direct deposit.'
            : 'Connect your bank below to receive payouts by direct deposit.'}
        </p>
      )}
      <p className="vendor-settings__muted">
        Payouts start 72 hours after you mark a job fulfilled. No lead fees: Servo is commission-only.
      </p>
    </section>
  );
}
