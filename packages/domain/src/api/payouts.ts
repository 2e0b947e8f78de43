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
} as const;

/** The path of an order's printable work order (a PDF; the order's vendor only). */
export function workOrderUrl(orderId: number): string {
  return `/api/orders/${orderId}/work-order.pdf`;
}

/** An order whose vendor is owed a Paper Check: what the operator needs to write and mail it. */
export const paperCheckOwedSchema = z.object({
  orderId: z.number().int(),
  confirmationId: z.string(),
  vendor: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
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
