import { useId } from 'react';
import { PayoutsOnboarding } from '../../../components/payouts/payouts-onboarding';
import type { Vendor } from '@stg/domain/api/vendors';

/**
 * Payouts of General Settings (spec §2 Business): Direct Deposit Connected or Not Connected with the bank
 * on file; once active, the payment provider's embedded account management and notification banner,
 * otherwise its onboarding (the shared PayoutsOnboarding, in the sandbox its Test mode form). An active
 * account with no bank on file is paid by Paper Check (spec §3).
 */
export function DirectDepositCard({ vendor }: { vendor: Vendor }) {
  const id = useId();
  const paperCheck = vendor.stripeIntegrated === 'active' && !vendor.payoutDestination;
  return (
    <section className="card vendor-settings__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Payouts</h2>
      <PayoutsOnboarding vendor={vendor} mode="management" />
      {paperCheck && (
        <dl className="details">
          <div>
            <dt>Payout method</dt>
            <dd>Paper Check</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
