/**
 * Payouts to vendors (spec §1, §9: 72 hours after an order is fulfilled; §3 payoutDestination, none
 * means Paper Check; ADR 0017) and the printable work order: one contract for the server and the web.
 * Money in dollars with two decimals, times ISO 8601.
 */
import { z } from 'zod';
import { orderAddressSchema } from './orders';

/** Why a vendor is paid by Paper Check instead of a transfer to their connected account. */
export const PAPER_CHECK_REASONS = [
  /** Payouts are not active for the vendor (no connected account, or not onboarded). */
  'no_payout_account',
  /** The order was paid through another payment mode (the sandbox, before Stripe was configured). */
  'other_payment_mode',
  /** The provider refused the transfer (its message is kept). */
  'transfer_refused',
] as const;
export type PaperCheckReason = (typeof PAPER_CHECK_REASONS)[number];

export const PAYOUT_MESSAGES = {
  notOwed: 'No Paper Check is owed for this order.',
  disputed: 'This order is disputed; its payout is on hold until the dispute is closed.',
  checkReferenceTooLong: 'The check number must be 40 characters or fewer.',
  noteTooLong: 'The note must be 500 characters or fewer.',
  retryNotNeeded:
    'This payout is not a transfer waiting to be checked: it was refused (a Paper Check is owed) or never began.',
  transferAlreadySent: 'This transfer was sent already; there is nothing to retry.',
} as const;

/** The vendor of a payout an operator handles: who to pay and how to reach them. */
const payoutVendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
});

/** An order whose vendor is owed a Paper Check: what the operator needs to write and mail it. */
export const paperCheckOwedSchema = z.object({
  orderId: z.number().int(),
  confirmationId: z.string(),
  vendor: payoutVendorSchema.extend({
    /** Where the check is mailed: the business address, when one is on file. */
    address: orderAddressSchema.nullable(),
  }),
  /** Dollars: the vendor's payout after partial refunds. */
  amount: z.number(),
  fulfilledAt: z.string().nullable(),
  /** When the payout fell due and was found to need a check. */
  owedSince: z.string(),
  reason: z.enum(PAPER_CHECK_REASONS),
  /** The provider's message when it refused the transfer. */
  failureMessage: z.string().nullable(),
});
export type PaperCheckOwed = z.infer<typeof paperCheckOwedSchema>;

/** GET /api/operator/payouts/paper-checks: oldest first, with the total owed (operators only). */
export const paperChecksOwedResponseSchema = z.object({
  payouts: z.array(paperCheckOwedSchema),
  totalOwed: z.number(),
});
export type PaperChecksOwedResponse = z.infer<typeof paperChecksOwedResponseSchema>;

/** POST /api/operator/payouts/paper-checks/{orderId}/mark-paid: a check was sent. */
export const markPaperCheckPaidRequestSchema = z.object({
  checkReference: z.string().optional().nullable(),
  note: z.string().optional().nullable(),
});
export type MarkPaperCheckPaidRequest = z.infer<typeof markPaperCheckPaidRequestSchema>;

export const markPaperCheckPaidResponseSchema = z.object({
  payout: z.object({
    orderId: z.number().int(),
    confirmationId: z.string(),
    method: z.literal('paper_check'),
    amount: z.number(),
    paidAt: z.string(),
    checkReference: z.string().nullable(),
    /** False when the check had been recorded before (a repeated request changes nothing). */
    recorded: z.boolean(),
  }),
});
export type MarkPaperCheckPaidResponse = z.infer<typeof markPaperCheckPaidResponseSchema>;

/**
 * A transfer the payout job gave up on: the provider could not be reached through every try, so the
 * transfer may or may not exist. The payout stays under way (the order says processed) until an operator
 * checks the provider's dashboard and retries it (ADR 0017).
 */
export const transferNeedingReviewSchema = z.object({
  orderId: z.number().int(),
  confirmationId: z.string(),
  vendor: payoutVendorSchema,
  /** Dollars: the amount frozen when the transfer began. */
  amount: z.number(),
  /** The vendor's connected account the transfer goes to (to look it up on the provider's dashboard). */
  destinationAccountId: z.string().nullable(),
  /** The provider's idempotency key of the transfer (its metadata `payoutKey` too). */
  transferKey: z.string(),
  /** When the transfer began. */
  startedAt: z.string(),
  /** When the job gave up on it. */
  needsReviewSince: z.string(),
  attempts: z.number().int(),
  /** The last error the provider (or the network) gave. */
  lastError: z.string().nullable(),
});
export type TransferNeedingReview = z.infer<typeof transferNeedingReviewSchema>;

/** GET /api/operator/payouts/needing-review: transfers given up on, oldest first (operators only). */
export const transfersNeedingReviewResponseSchema = z.object({
  payouts: z.array(transferNeedingReviewSchema),
});
export type TransfersNeedingReviewResponse = z.infer<typeof transfersNeedingReviewResponseSchema>;

/**
 * POST /api/operator/payouts/{orderId}/retry (no body): the payout job runs again at once, with the same
 * idempotency key, so the provider never pays twice.
 */
export const retryTransferResponseSchema = z.object({
  retry: z.object({
    orderId: z.number().int(),
    confirmationId: z.string(),
    /** False when a retry was already pending (a repeated request changes nothing). */
    requested: z.boolean(),
  }),
});
export type RetryTransferResponse = z.infer<typeof retryTransferResponseSchema>;
