/**
 * Payouts onboarding (spec §2 Setup step 4, §4 "Stripe state in vendor", §7 create_account_session):
 * a connected account per vendor, an account session for the browser's embedded components, and the
 * vendor's stripeIntegrated / payout destination kept true from the provider's account.
 */
import { eq } from 'drizzle-orm';
import { VENDOR_MESSAGES } from '@stg/domain/api/vendors';
import type { StripeIntegrationState } from '@stg/domain/constants';
import {
  PaymentProviderError,
  type AccountSessionComponent,
  type ConnectedAccount,
} from '../../adapters/payments/payment-provider';
import type { Db, Tx } from '../../db/client';
import { vendors } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { PaymentsDeps } from '../../deps';
import { addVendorEvent } from './events';
import { lockVendorRow } from './repo';

/** The vendor's payout state from the provider's account. */
export function payoutStateOf(a: ConnectedAccount): StripeIntegrationState {
  return a.chargesEnabled && a.payoutsEnabled ? 'active' : a.detailsSubmitted ? 'onboarding' : 'inactive';
}

/**
 * Writes the account's state on the vendor who owns it (account.updated, and the sandbox's onboarding
 * form). A vendor who is part-way through onboarding stays `onboarding` until the account says more.
 */
export async function applyPayoutAccount(tx: Db | Tx, a: ConnectedAccount, now: Date): Promise<void> {
  const state = payoutStateOf(a);
  const [vendor] = await tx
    .select({ id: vendors.id, stripeIntegrated: vendors.stripeIntegrated })
    .from(vendors)
    .where(eq(vendors.paymentAccountId, a.id))
    .for('update');
  if (!vendor) return;
  const next = state === 'inactive' && vendor.stripeIntegrated === 'onboarding' ? 'onboarding' : state;
  await tx
    .update(vendors)
    .set({
      stripeIntegrated: next,
      ...(a.bankLast4 ? { payoutLast4: a.bankLast4, payoutBankName: a.bankName } : {}),
      updatedAt: now,
    })
    .where(eq(vendors.id, vendor.id));
}

export interface AccountSessionAnswer {
  client_secret: string;
  provider: 'stripe' | 'sandbox';
  publishableKey: string | null;
  currentlyDue: string[];
}

/**
 * POST /api/vendors/create_account_session: makes the vendor's connected account the first time (one
 * per vendor: an idempotency key and the row lock keep a double click from making two), then an account
 * session. An active vendor gets account management and the notification banner; others onboarding.
 * A failure sets the payout state to inactive (spec §8), is logged, and answers 502.
 */
export async function createAccountSession(
  deps: Pick<PaymentsDeps, 'db' | 'payments' | 'now' | 'log'>,
  input: { vendorId: number; actorUserId: number },
): Promise<AccountSessionAnswer> {
  const { db, payments } = deps;
  try {
    const accountId = await ensureConnectedAccount(deps, input);
    const account = await payments.retrieveAccount(accountId);
    const state = payoutStateOf(account);
    const components: AccountSessionComponent[] =
      state === 'active'
        ? ['account_management', 'notification_banner']
        : ['account_onboarding', 'notification_banner'];
    const session = await payments.createAccountSession({ accountId, components });
    await db.transaction(async (tx) => {
      const vendor = await lockVendorRow(tx, input.vendorId);
      if (!vendor) return;
      const next = state === 'active' ? 'active' : 'onboarding';
      if (vendor.stripeIntegrated !== next) {
        await tx
          .update(vendors)
          .set({ stripeIntegrated: next, updatedAt: deps.now() })
          .where(eq(vendors.id, vendor.id));
        if (next === 'onboarding')
          await addVendorEvent(tx, {
            vendorId: vendor.id,
            actorUserId: input.actorUserId,
            actorRole: 'vendor',
            action: 'payouts_onboarding_started',
            details: { accountId },
            createdAt: deps.now(),
          });
      }
    });
    return {
      client_secret: session.clientSecret,
      provider: payments.name === 'stripe' ? 'stripe' : 'sandbox',
      publishableKey: payments.publishableKey,
      currentlyDue: account.currentlyDue,
    };
  } catch (err) {
    deps.log.error({ err, vendorId: input.vendorId }, 'payout account session failed');
    await db.transaction(async (tx) => {
      const vendor = await lockVendorRow(tx, input.vendorId);
      if (!vendor || vendor.stripeIntegrated === 'active') return;
      await tx
        .update(vendors)
        .set({ stripeIntegrated: 'inactive', updatedAt: deps.now() })
        .where(eq(vendors.id, vendor.id));
      await addVendorEvent(tx, {
        vendorId: vendor.id,
        actorUserId: input.actorUserId,
        actorRole: 'vendor',
        action: 'payouts_onboarding_failed',
        details: { error: err instanceof Error ? err.message : String(err) },
        createdAt: deps.now(),
      });
    });
    if (err instanceof HttpError) throw err;
    throw new HttpError(502, [
      err instanceof PaymentProviderError
        ? VENDOR_MESSAGES.accountSessionFailed
        : VENDOR_MESSAGES.payoutsUnavailable,
    ]);
  }
}

async function ensureConnectedAccount(
  deps: Pick<PaymentsDeps, 'db' | 'payments' | 'now'>,
  input: { vendorId: number },
): Promise<string> {
  const [current] = await deps.db
    .select({ accountId: vendors.paymentAccountId, email: vendors.email })
    .from(vendors)
    .where(eq(vendors.id, input.vendorId));
  if (!current) throw new HttpError(404, [VENDOR_MESSAGES.payoutsUnavailable]);
  if (current.accountId) return current.accountId;
  // The same key every time: a retry or a second tab gets the same account from the provider.
  const account = await deps.payments.createConnectedAccount({
    vendorId: input.vendorId,
    email: current.email,
    idempotencyKey: `vendor-${input.vendorId}-connected-account`,
  });
  return deps.db.transaction(async (tx) => {
    const vendor = await lockVendorRow(tx, input.vendorId);
    if (!vendor) throw new HttpError(404, [VENDOR_MESSAGES.payoutsUnavailable]);
    if (vendor.paymentAccountId) return vendor.paymentAccountId;
    await tx
      .update(vendors)
      .set({ paymentAccountId: account.id, updatedAt: deps.now() })
      .where(eq(vendors.id, vendor.id));
    return account.id;
  });
}
