/**
 * The operator's console (issue 25 §3; ADR 0035): the marketplace's figures by week and
 * month, vendors by listing status, and the operator's lists (payouts due in the next 7 days, refunds the
 * provider gave up on, open disputes) with their actions. One contract for the server and the web. Money in
 * dollars with two decimals, times ISO 8601, periods named by their first day in St George (America/Denver).
 */
import { z } from 'zod';
import { LISTING_STATUSES } from '../constants';

export const OPERATOR_MESSAGES = {
  refundNotFound: 'Refund not found',
  noteRequired: 'Please write a note saying how the refund was handled.',
  noteTooLong: 'The note must be 500 characters or fewer.',
  refundNotFailed: 'This refund did not fail; there is nothing to retry or mark handled.',
  refundAlreadyResolved: 'This refund was retried or marked handled already.',
  nothingOwed:
    'Nothing is owed on this refund: the order got its figures back when it failed. Mark it handled instead.',
  otherProvider: 'This order was paid through another payment mode; refund it there and mark it handled.',
} as const;

/** The longest note an operator can leave on a refund marked handled. */
export const HANDLED_NOTE_MAX = 500;
/** Rows per page of each operator list. */
export const OPERATOR_PAGE_SIZE = 20;
/** How many weeks and months the dashboard shows. */
export const DASHBOARD_WEEKS = 12;
export const DASHBOARD_MONTHS = 12;
/** The payouts list looks this many days ahead. */
export const PAYOUTS_DUE_DAYS = 7;

/** The figures of one week or month: orders placed in it and what became of them, as the ledger says now. */
export const periodFiguresSchema = z.object({
  /** The period's first day in St George, YYYY-MM-DD (a Monday for weeks). */
  start: z.string(),
  orders: z.number().int(),
  /** Dollars: total collected (service price plus service charge). */
  grossBookings: z.number(),
  serviceCharges: z.number(),
  commission: z.number(),
  refunds: z.number(),
  /** Dollars: what the vendors get (after refunds). */
  vendorPayouts: z.number(),
  cancellations: z.number().int(),
  newVendors: z.number().int(),
  newCustomers: z.number().int(),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

const countsSchema = z.object({
  /** Orders given up on by the refund job or refused by the provider, not yet retried or handled. */
  refundsFailed: z.number().int(),
  disputesOpen: z.number().int(),
  payoutsDue: z.number().int(),
  paperChecks: z.number().int(),
  transfersToCheck: z.number().int(),
  listingsUnderReview: z.number().int(),
});

/** GET /api/operator/dashboard */
export const operatorDashboardResponseSchema = z.object({
  /** When the figures were read. */
  asOf: z.string(),
  timeZone: z.literal('America/Denver'),
  /** Oldest first, the current week last (12 of them). */
  weeks: z.array(periodFiguresSchema),
  /** Oldest first, the current month last (12 of them). */
  months: z.array(periodFiguresSchema),
  /** Every order ever placed. */
  allTime: periodFiguresSchema.omit({ start: true }),
  vendorsByStatus: z.array(z.object({ status: z.enum(LISTING_STATUSES), count: z.number().int() })),
  counts: countsSchema,
});
export type OperatorDashboard = z.infer<typeof operatorDashboardResponseSchema>;

/** ?page=N (1-based) of an operator list. */
export const operatorPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type OperatorPageQuery = z.infer<typeof operatorPageQuerySchema>;

const pageInfo = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
};

const listVendorSchema = z.object({ id: z.number().int(), name: z.string() });
const listOrderSchema = z.object({ id: z.number().int(), confirmationId: z.string() });

/** A payout that falls due within the next 7 days (or is due and not yet begun). */
export const payoutDueSchema = z.object({
  order: listOrderSchema,
  vendor: listVendorSchema,
  dueAt: z.string(),
  /** Dollars: the vendor's payout as it stands (partial refunds may still lower it). */
  amount: z.number(),
  /** How the vendor will be paid: a transfer to the connected account, or a Paper Check. */
  method: z.enum(['transfer', 'paper_check']),
});
export type PayoutDue = z.infer<typeof payoutDueSchema>;
export const payoutsDueResponseSchema = z.object({
  payouts: z.array(payoutDueSchema),
  totalAmount: z.number(),
  ...pageInfo,
});
export type PayoutsDueResponse = z.infer<typeof payoutsDueResponseSchema>;

/** A refund the provider refused, or the refund job gave up on. */
export const failedRefundSchema = z.object({
  id: z.number().int(),
  order: listOrderSchema,
  vendor: listVendorSchema,
  customer: z.object({ name: z.string(), email: z.string() }),
  kind: z.enum(['cancel', 'partial', 'conflict', 'provider']),
  amount: z.number(),
  reason: z.string().nullable(),
  failedAt: z.string(),
  lastError: z.string().nullable(),
  /** Dollars still owed to the customer by the order's figures (0 when the order got them back). */
  owed: z.number(),
  /** Retry is offered (money is owed and the order was paid through this payment mode). */
  retryable: z.boolean(),
});
export type FailedRefund = z.infer<typeof failedRefundSchema>;
export const failedRefundsResponseSchema = z.object({ refunds: z.array(failedRefundSchema), ...pageInfo });
export type FailedRefundsResponse = z.infer<typeof failedRefundsResponseSchema>;

/** POST /api/operator/refunds/{refundId}/mark-handled */
export const markRefundHandledRequestSchema = z.object({ note: z.string().optional().nullable() });
export type MarkRefundHandledRequest = z.infer<typeof markRefundHandledRequestSchema>;

const refundResolutionSchema = z.object({
  refundId: z.number().int(),
  orderId: z.number().int(),
  resolution: z.enum(['retried', 'handled']),
  resolvedAt: z.string(),
  resolvedBy: z.number().int().nullable(),
  note: z.string().nullable(),
  /** The new refund a retry recorded (and its state now), null for a refund marked handled. */
  retry: z
    .object({ refundId: z.number().int(), status: z.enum(['pending', 'succeeded', 'failed']) })
    .nullable(),
  /** False when this request repeated one already done (a double click changes nothing). */
  changed: z.boolean(),
});
export const refundResolutionResponseSchema = z.object({ refund: refundResolutionSchema });
export type RefundResolutionResponse = z.infer<typeof refundResolutionResponseSchema>;

/** An order under an open dispute (its payout held). */
export const openDisputeSchema = z.object({
  order: listOrderSchema,
  vendor: listVendorSchema,
  /** Dollars the cardholder disputes. */
  amount: z.number().nullable(),
  reason: z.string().nullable(),
  openedAt: z.string(),
});
export type OpenDispute = z.infer<typeof openDisputeSchema>;
export const openDisputesResponseSchema = z.object({ disputes: z.array(openDisputeSchema), ...pageInfo });
export type OpenDisputesResponse = z.infer<typeof openDisputesResponseSchema>;
