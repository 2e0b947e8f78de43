/**
 * A vendor's earnings and payouts (issue 25 §2; ADR 0036), from the same ledger the
 * payout job writes: the orders' money columns (total collected = service fee + commission + payout +
 * refunds) and the payouts table. Everything is summed in SQL (earnings-repo.ts); this file lays the
 * sums out by period and status, pages the orders, writes the CSV and asks Stripe for its payouts view.
 * The routes (earnings-routes.ts) answer from here; the summary is kept serialized (ADR 0040).
 */
import {
  EARNINGS_MESSAGES,
  EARNINGS_STATUS_LABELS,
  EARNINGS_STATUSES,
  EARNINGS_WEEKS,
  type EarningsBucket,
  type EarningsPayout,
  type EarningsPayoutsPage,
  type EarningsStatus,
  type EarningsSummary,
  type EarningsTotals,
  type StripePayoutsSession,
  earningsSummarySchema,
} from '@stg/domain/api/earnings';
import { CATEGORY_LABELS, TIME_ZONE } from '@stg/domain/constants';
import { earningsCalendar, localRangeInstants } from '@stg/domain/earnings-calendar';
import { isInstantInRange } from '@stg/domain/instants';
import { centsToDollars } from '@stg/domain/money';
import { toZonedIso } from '@stg/domain/zoned-time';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import { HttpError } from '../../http/errors';
import { CSV_BOM, csvLine, csvMoney, csvText } from './earnings-csv';
import {
  listEarningsOrders,
  sumEarnings,
  type EarningsKey,
  type EarningsOrderRow,
  type EarningsSumRow,
} from './earnings-repo';
import { findPayoutVendor } from './repo';
import { serializeWith, signedInRead, type SignedInReadAt } from '../public-read-cache/cache';

export interface EarningsDeps {
  db: Db;
  now: () => Date;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}

/** Sums in cents; the API's dollars are made once, at the end. */
interface CentsTotals {
  orders: number;
  grossCents: number;
  subtotalCents: number;
  serviceFeeCents: number;
  commissionCents: number;
  refundCents: number;
  payoutCents: number;
  byStatus: Record<EarningsStatus, number>;
}

const emptyTotals = (): CentsTotals => ({
  orders: 0,
  grossCents: 0,
  subtotalCents: 0,
  serviceFeeCents: 0,
  commissionCents: 0,
  refundCents: 0,
  payoutCents: 0,
  byStatus: Object.fromEntries(EARNINGS_STATUSES.map((s) => [s, 0])) as Record<EarningsStatus, number>,
});

function add(into: CentsTotals, row: Omit<EarningsSumRow, 'start' | 'unit'>): void {
  into.orders += row.orders;
  into.grossCents += row.grossCents;
  into.subtotalCents += row.subtotalCents;
  into.serviceFeeCents += row.serviceFeeCents;
  into.commissionCents += row.commissionCents;
  into.refundCents += row.refundCents;
  into.payoutCents += row.payoutCents;
  into.byStatus[row.status] += row.payoutCents;
}

function dollarsOf(t: CentsTotals): EarningsTotals {
  return {
    orders: t.orders,
    gross: centsToDollars(t.grossCents),
    subtotal: centsToDollars(t.subtotalCents),
    serviceCharge: centsToDollars(t.grossCents - t.subtotalCents),
    serviceFee: centsToDollars(t.serviceFeeCents),
    commission: centsToDollars(t.commissionCents),
    refunds: centsToDollars(t.refundCents),
    payout: centsToDollars(t.payoutCents),
    byStatus: Object.fromEntries(EARNINGS_STATUSES.map((s) => [s, centsToDollars(t.byStatus[s])])) as Record<
      EarningsStatus,
      number
    >,
  };
}

/** Buckets in the given order, each the sum of its rows (zero when it has none). */
function bucketsOf(starts: readonly string[], rows: readonly EarningsSumRow[]): Map<string, CentsTotals> {
  const buckets = new Map(starts.map((start) => [start, emptyTotals()]));
  for (const row of rows) {
    const bucket = buckets.get(row.start);
    if (bucket) add(bucket, row);
  }
  return buckets;
}

/**
 * The vendor's totals for this week, month and year (St George time, weeks from Monday; an order counts
 * in the period of its appointment's date), the last 12 weeks and the year's 12 months, in cents.
 */
export async function vendorEarningsTotals(deps: Pick<EarningsDeps, 'db' | 'now'>, vendorId: number) {
  const calendar = earningsCalendar(deps.now().getTime(), EARNINGS_WEEKS);
  const midnight = (date: string) => new Date(localRangeInstants(date, date).fromMs);
  // One pass over the 12 weeks and the year (whichever starts first, whichever ends last).
  const rows = await sumEarnings(deps.db, {
    vendorId,
    from: midnight(calendar.weeks[0]! < calendar.year.from ? calendar.weeks[0]! : calendar.year.from),
    to: midnight(calendar.week.to > calendar.year.to ? calendar.week.to : calendar.year.to),
  });
  const weekRows = rows.filter((r) => r.unit === 'week');
  const monthRows = rows.filter((r) => r.unit === 'month');
  const weeks = bucketsOf(calendar.weeks, weekRows);
  const months = bucketsOf(calendar.months, monthRows);
  const yearTotals = emptyTotals();
  for (const row of monthRows) if (months.has(row.start)) add(yearTotals, row);
  return {
    calendar,
    week: weeks.get(calendar.week.from)!,
    month: months.get(calendar.month.from)!,
    year: yearTotals,
    weeks,
    months,
  };
}

const earningsSummaryJson = serializeWith(earningsSummarySchema);

/**
 * GET /api/vendors/{id}/earnings, serialized: kept as its bytes in the signed-in reads' cache (ADR 0040),
 * so a kept answer is sent without being encoded again. The answer depends on the clock only through its
 * periods (St George's week, month and year), which are part of the key.
 */
export async function vendorEarningsSummaryBody(
  deps: EarningsDeps,
  vendorId: number,
  at: SignedInReadAt,
): Promise<string> {
  const { week, month, year } = earningsCalendar(deps.now().getTime(), EARNINGS_WEEKS);
  return signedInRead(at, `earnings:${vendorId}:${week.from}:${month.from}:${year.from}`, async () =>
    earningsSummaryJson(await makeEarningsSummary(deps, vendorId)),
  );
}

async function makeEarningsSummary(deps: EarningsDeps, vendorId: number): Promise<EarningsSummary> {
  const t = await vendorEarningsTotals(deps, vendorId);
  const series = (buckets: Map<string, CentsTotals>): EarningsBucket[] =>
    [...buckets].map(([start, totals]) => ({ start, ...dollarsOf(totals) }));
  return {
    timeZone: TIME_ZONE,
    periods: {
      week: { ...t.calendar.week, ...dollarsOf(t.week) },
      month: { ...t.calendar.month, ...dollarsOf(t.month) },
      year: { ...t.calendar.year, ...dollarsOf(t.year) },
    },
    weekly: series(t.weeks),
    monthly: series(t.months),
    provider: deps.payments.name === 'stripe' ? 'stripe' : 'sandbox',
  };
}

const iso = (d: Date | null) => (d ? toZonedIso(d.getTime(), TIME_ZONE) : null);

/** One order's row as the API answers it (dollars, St George times). */
export function presentEarningsRow(row: EarningsOrderRow): EarningsPayout {
  return {
    orderId: row.orderId,
    confirmationId: row.confirmationId,
    appointmentAt: iso(row.appointmentAt)!,
    fulfilledAt: iso(row.fulfilledAt),
    customer: `${row.firstName} ${row.lastName}`.trim(),
    service: CATEGORY_LABELS[row.category] ?? row.category,
    subtotal: centsToDollars(row.subtotalCents),
    serviceCharge: centsToDollars(row.totalCents - row.subtotalCents),
    commission: centsToDollars(row.commissionCents),
    refunds: centsToDollars(row.refundCents),
    payout: centsToDollars(row.payoutCents),
    status: row.status,
    dueAt: row.status === 'scheduled' ? iso(row.dueAt) : null,
    sentAt: row.status === 'sent' ? iso(row.sentAt) : null,
    method: row.method ?? null,
    transferId: row.transferId,
  };
}

export function encodeEarningsCursor(key: EarningsKey): string {
  return Buffer.from(`${key.appointmentAt.getTime()}:${key.id}`, 'utf8').toString('base64url');
}

export function decodeEarningsCursor(cursor: string): EarningsKey | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const match = /^(-?\d{1,15}):([1-9]\d{0,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return null;
  const at = new Date(Number(match[1]));
  const id = Number(match[2]);
  if (!isInstantInRange(at.getTime()) || id > 2_147_483_647) return null;
  return { appointmentAt: at, id };
}

/** The instants of an optional St George date range (both days included). */
function rangeOf(range: { from?: string; to?: string }): { from?: Date; to?: Date } {
  return {
    from: range.from ? new Date(localRangeInstants(range.from, range.from).fromMs) : undefined,
    to: range.to ? new Date(localRangeInstants(range.to, range.to).toMs) : undefined,
  };
}

/** GET /api/vendors/{id}/earnings/payouts: a page, latest appointment first. */
export async function vendorEarningsPage(
  deps: Pick<EarningsDeps, 'db'>,
  vendorId: number,
  query: { limit: number; cursor?: string; from?: string; to?: string },
): Promise<EarningsPayoutsPage> {
  const after = query.cursor ? decodeEarningsCursor(query.cursor) : null;
  if (query.cursor && !after) throw new HttpError(422, [EARNINGS_MESSAGES.cursorInvalid]);
  const rows = await listEarningsOrders(deps.db, {
    vendorId,
    ...rangeOf(query),
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    payouts: page.map(presentEarningsRow),
    nextCursor:
      rows.length > query.limit && last
        ? encodeEarningsCursor({ appointmentAt: last.appointmentAt, id: last.orderId })
        : null,
  };
}

/** Every order of the vendor with an appointment in the range, as the CSV and the bench read them. */
export async function vendorEarningsRows(
  deps: Pick<EarningsDeps, 'db'>,
  vendorId: number,
  range: { from: string; to: string },
): Promise<EarningsPayout[]> {
  const rows = await listEarningsOrders(deps.db, { vendorId, ...rangeOf(range) });
  return rows.map(presentEarningsRow);
}

const CSV_HEADER = [
  'Confirmation',
  'Appointment',
  'Completed',
  'Customer',
  'Service',
  'Subtotal',
  'Service charge',
  'Commission',
  'Refunds',
  'Payout',
  'Payout status',
  'Due',
  'Sent',
  'Transfer id',
];

const dollarsCell = (dollars: number) => csvMoney(Math.round(dollars * 100));
const dateCell = (isoText: string | null) => (isoText ? isoText.slice(0, 16).replace('T', ' ') : '');

/** The CSV export: a byte order mark, the header, one row per order, CRLF line ends. */
export async function vendorEarningsCsv(
  deps: Pick<EarningsDeps, 'db'>,
  vendorId: number,
  range: { from: string; to: string },
  at?: SignedInReadAt,
): Promise<string> {
  // Nothing in it depends on the clock: kept whole in the signed-in reads' cache (ADR 0040).
  return signedInRead(at, `earnings-csv:${vendorId}:${range.from}:${range.to}`, () =>
    makeEarningsCsv(deps, vendorId, range),
  );
}

async function makeEarningsCsv(
  deps: Pick<EarningsDeps, 'db'>,
  vendorId: number,
  range: { from: string; to: string },
): Promise<string> {
  const rows = await vendorEarningsRows(deps, vendorId, range);
  const lines = [csvLine(CSV_HEADER.map(csvText))];
  for (const r of rows)
    lines.push(
      csvLine([
        csvText(r.confirmationId),
        dateCell(r.appointmentAt),
        dateCell(r.fulfilledAt),
        csvText(r.customer),
        csvText(r.service),
        dollarsCell(r.subtotal),
        dollarsCell(r.serviceCharge),
        dollarsCell(r.commission),
        dollarsCell(r.refunds),
        dollarsCell(r.payout),
        csvText(EARNINGS_STATUS_LABELS[r.status]),
        dateCell(r.dueAt),
        dateCell(r.sentAt),
        csvText(r.transferId),
      ]),
    );
  return CSV_BOM + lines.join('');
}

/**
 * POST /api/vendors/{id}/earnings/stripe-payouts: in Stripe mode, with the vendor's connected account,
 * an account session for Connect's embedded payouts component — the bank payouts are Stripe's, so the
 * vendor sees them there rather than a guess of ours. The sandbox (or a vendor with no account) answers
 * no session. A provider failure answers 502.
 */
export async function stripePayoutsSession(
  deps: Pick<EarningsDeps, 'db' | 'payments' | 'log'>,
  vendorId: number,
): Promise<StripePayoutsSession> {
  const none = { provider: 'sandbox' as const, clientSecret: null, publishableKey: null };
  if (deps.payments.name !== 'stripe') return none;
  const vendor = await findPayoutVendor(deps.db, vendorId);
  if (!vendor?.paymentAccountId || vendor.stripeIntegrated !== 'active')
    return { ...none, provider: 'stripe' };
  try {
    const session = await deps.payments.createAccountSession({
      accountId: vendor.paymentAccountId,
      components: ['payouts'],
    });
    return {
      provider: 'stripe',
      clientSecret: session.clientSecret,
      publishableKey: deps.payments.publishableKey,
    };
  } catch (err) {
    deps.log.error({ err, vendorId }, 'payouts view account session failed');
    throw new HttpError(502, [EARNINGS_MESSAGES.stripeUnavailable]);
  }
}
