/**
 * A vendor's earnings and payouts (issue 25 §2; ADR 0036): totals by period and payout
 * status, the weekly and monthly series, a page of orders with their money and payout, and the CSV
 * export's date range. One contract for the server and the web. Money in dollars with two decimals,
 * instants ISO 8601, calendar dates YYYY-MM-DD in St George time (America/Denver), weeks from Monday.
 */
import { z } from 'zod';
import { parseLocalDate } from '../zoned-time';

/**
 * Where an order's payout stands, as the vendor sees it, from the order and its payout row (ADR 0017):
 * - upcoming: the job is not complete yet (unfulfilled or rescheduled), nothing is due;
 * - scheduled: fulfilled, the payout falls due 72 hours later (dueAt);
 * - sending: the transfer is on its way to the bank account;
 * - checking: the transfer's answer was lost and an operator is checking it with the provider;
 * - sent: paid (transfer, Paper Check or nothing owed), with the date and the transfer id;
 * - owed: a Paper Check is owed and not yet sent;
 * - held: the customer disputed the charge, the payout waits for the dispute;
 * - cancelled: the order was cancelled and refunded, nothing is paid.
 */
export const EARNINGS_STATUSES = [
  'upcoming',
  'scheduled',
  'sending',
  'checking',
  'sent',
  'owed',
  'held',
  'cancelled',
] as const;
export type EarningsStatus = (typeof EARNINGS_STATUSES)[number];

export const EARNINGS_STATUS_LABELS: Record<EarningsStatus, string> = {
  upcoming: 'Job not complete',
  scheduled: 'Scheduled',
  sending: 'On its way',
  checking: 'Being checked',
  sent: 'Sent',
  owed: 'Paper Check owed',
  held: 'Held (dispute)',
  cancelled: 'Cancelled',
};

export const EARNINGS_MESSAGES = {
  fromInvalid: 'Start date must be a date (YYYY-MM-DD).',
  toInvalid: 'End date must be a date (YYYY-MM-DD).',
  rangeReversed: 'Start date must be on or before end date.',
  rangeTooLong: 'The date range can be at most 366 days.',
  cursorInvalid: 'This page of payouts is no longer available. Start again from the first page.',
  stripeUnavailable: 'Your bank payouts cannot be shown right now. Please try again later.',
} as const;

/** The longest CSV export, in days (a year, leap day included). */
export const EARNINGS_MAX_RANGE_DAYS = 366;
/** Weeks in the weekly series (the chart's last 12 weeks). */
export const EARNINGS_WEEKS = 12;

/** The money of a set of orders: each is the sum of the orders' ledger columns. */
export const earningsTotalsSchema = z.object({
  orders: z.number().int(),
  /** Total collected from customers (subtotal + service charge). */
  gross: z.number(),
  subtotal: z.number(),
  /** The service charge on the customers' bills. */
  serviceCharge: z.number(),
  /** The ledger's service fee: what the marketplace kept of the service charge (0 after a cancel). */
  serviceFee: z.number(),
  commission: z.number(),
  refunds: z.number(),
  /** What the vendor is paid (after partial refunds): gross = serviceFee + commission + refunds + payout. */
  payout: z.number(),
  /** The payout amounts by where they stand. */
  byStatus: z.record(z.enum(EARNINGS_STATUSES), z.number()),
});
export type EarningsTotals = z.infer<typeof earningsTotalsSchema>;

const periodSchema = earningsTotalsSchema.extend({
  /** The first day of the period and the first day after it (St George dates). */
  from: z.string(),
  to: z.string(),
});
export type EarningsPeriod = z.infer<typeof periodSchema>;

const bucketSchema = earningsTotalsSchema.extend({ start: z.string() });
export type EarningsBucket = z.infer<typeof bucketSchema>;

/** GET /api/vendors/{id}/earnings: the totals, the last 12 weeks and the year's months. */
export const earningsSummarySchema = z.object({
  timeZone: z.string(),
  /** Orders count in a period by their appointment's date in St George time. */
  periods: z.object({ week: periodSchema, month: periodSchema, year: periodSchema }),
  weekly: z.array(bucketSchema),
  monthly: z.array(bucketSchema),
  /** Stripe: the bank payouts of the connected account are shown by Stripe's own component. */
  provider: z.enum(['stripe', 'sandbox']),
});
export type EarningsSummary = z.infer<typeof earningsSummarySchema>;

const localDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && parseLocalDate(v) !== null, { error: message });

/** The CSV export's date range (both ends included), checked as spec §4 checks forms: one message each. */
export const earningsRangeQuerySchema = z
  .object({
    from: localDate(EARNINGS_MESSAGES.fromInvalid),
    to: localDate(EARNINGS_MESSAGES.toInvalid),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to)
      ctx.addIssue({ code: 'custom', message: EARNINGS_MESSAGES.rangeReversed, path: ['to'] });
    else if (daysFrom(q.from, q.to) >= EARNINGS_MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', message: EARNINGS_MESSAGES.rangeTooLong, path: ['to'] });
  });
export type EarningsRangeQuery = z.infer<typeof earningsRangeQuerySchema>;

/** Days from one YYYY-MM-DD to another (UTC arithmetic on calendar dates). */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** GET /api/vendors/{id}/earnings/payouts: a page, newest appointment first. */
export const earningsPayoutsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
  from: localDate(EARNINGS_MESSAGES.fromInvalid).optional(),
  to: localDate(EARNINGS_MESSAGES.toInvalid).optional(),
});

/** One order's money and payout. */
export const earningsPayoutSchema = z.object({
  orderId: z.number().int(),
  confirmationId: z.string(),
  appointmentAt: z.string(),
  fulfilledAt: z.string().nullable(),
  customer: z.string(),
  service: z.string(),
  subtotal: z.number(),
  serviceCharge: z.number(),
  commission: z.number(),
  refunds: z.number(),
  payout: z.number(),
  status: z.enum(EARNINGS_STATUSES),
  /** When a scheduled payout falls due (72 hours after fulfilment). */
  dueAt: z.string().nullable(),
  /** When it was sent (a transfer recorded, or a Paper Check marked sent). */
  sentAt: z.string().nullable(),
  method: z.enum(['transfer', 'paper_check', 'none']).nullable(),
  /** The provider's transfer id, or the Paper Check's number. */
  transferId: z.string().nullable(),
});
export type EarningsPayout = z.infer<typeof earningsPayoutSchema>;

export const earningsPayoutsPageSchema = z.object({
  payouts: z.array(earningsPayoutSchema),
  nextCursor: z.string().nullable(),
});
export type EarningsPayoutsPage = z.infer<typeof earningsPayoutsPageSchema>;

/** POST /api/vendors/{id}/earnings/stripe-payouts: a session for Stripe's embedded payouts component. */
export const stripePayoutsSessionSchema = z.object({
  /** stripe: load Connect's payouts component with the secret; sandbox: no bank payouts view (null). */
  provider: z.enum(['stripe', 'sandbox']),
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
});
export type StripePayoutsSession = z.infer<typeof stripePayoutsSessionSchema>;
