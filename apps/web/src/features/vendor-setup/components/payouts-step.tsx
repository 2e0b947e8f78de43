import { PayoutsOnboarding } from '../../../components/payouts/payouts-onboarding';
import type { Vendor } from '@stg/domain/api/vendors';
import { STEP_HEADING_ID, StepHeading } from './step-heading';
import { StepFooter } from './step-footer';

/**
 * Setup step 4, Payouts (spec §2): Connect your bank through the payment provider's embedded onboarding
 * (the sandbox's Test mode form without Stripe keys); Continue once payouts are active.
 */
export function PayoutsStep({ vendor }: { vendor: Vendor }) {
  const active = vendor.stripeIntegrated === 'active';
  return (
    <section className="setup-step" aria-labelledby={STEP_HEADING_ID}>
      <StepHeading>Payouts</StepHeading>
      <div className="card setup-payouts">
        <h3 className="setup-payouts__title">Connect your bank</h3>
        <PayoutsOnboarding vendor={vendor} mode="onboarding" />
      </div>
      <StepFooter page="payouts" canContinue={active} waiting="Connect your bank to continue." />
    </section>
  );
}
