import type { Vendor } from '@stg/domain/api/vendors';
import './payouts.css';

export type PayoutFacts = Pick<Vendor, 'stripeIntegrated' | 'payoutDestination'>;

/** "STRIPE TEST BANK account ending in 6789", or null when no bank account is on file. */
export function bankAccountText(destination: PayoutFacts['payoutDestination']): string | null {
  if (!destination) return null;
  return `${destination.bankName ?? 'Bank'} account ending in ${destination.last4}`;
}

export interface PayoutStatusProps {
  /** The vendor (or just its stripeIntegrated and payoutDestination). */
  vendor: PayoutFacts;
  /** Shown before the state, e.g. "Direct Deposit" (the default); null for none. */
  label?: string | null;
}

/**
 * The payout state in one line (spec §2: Direct Deposit "Connected" or "Not Connected"): Connected when
 * the vendor's payouts are active, with the bank account on file; otherwise Not Connected, and a note
 * when a bank setup was started but not finished.
 */
export function PayoutStatus({ vendor, label = 'Direct Deposit' }: PayoutStatusProps) {
  const connected = vendor.stripeIntegrated === 'active';
  const bank = connected ? bankAccountText(vendor.payoutDestination) : null;
  return (
    <p className="payout-status">
      {label && <span className="payout-status__label">{label}</span>}
      <span className={`badge ${connected ? 'badge--green' : 'badge--grey'} payout-status__badge`}>
        {connected && (
          <span className="payout-status__check" aria-hidden="true">
            ✓
          </span>
        )}
        {connected ? 'Connected' : 'Not Connected'}
      </span>
      {bank && <span className="payout-status__bank">{bank}</span>}
      {vendor.stripeIntegrated === 'onboarding' && (
        <span className="payout-status__bank">Bank setup not finished</span>
      )}
    </p>
  );
}
