/**
 * The operator's console (issue 25 §3; ADR 0035): the dashboard's figures and the operator's read-only
 * lists. Every figure is a sum of the orders' own money columns, made in SQL (repo.ts); this file names
 * the periods, fills the empty ones with zeros and turns cents into dollars. The actions on refunds that
 * gave up are in refund-actions.ts.
 */
import {
  DASHBOARD_MONTHS,
  DASHBOARD_WEEKS,
  OPERATOR_PAGE_SIZE,
  PAYOUTS_DUE_DAYS,
  type OperatorDashboard,
  type PeriodFigures,
} from '@stg/domain/api/operator';
import { LISTING_STATUSES } from '@stg/domain/constants';
import { centsToDollars } from '@stg/domain/money';
import { formatLocalDate, localDateTimeOf } from '@stg/domain/zoned-time';
import type { PaymentsDeps } from '../../deps';
import { signedInRead, signedInReadWhile, type SignedInReadAt } from '../public-read-cache/cache';
import {
  int,
  listCounts,
  nextPayoutDueAfter,
  orderSumsBefore,
  addSums,
  orderSumsByPeriod,
  pageFailedRefunds,
  pageOpenDisputes,
  pagePayoutsDue,
  periodStarts,
  signUpsByPeriod,
  TIME_ZONE,
  vendorsByListingStatus,
  type OrderSums,
} from './repo';

export type ConsoleDeps = Pick<PaymentsDeps, 'db' | 'now' | 'payments' | 'log' | 'background'>;

const DAY_MS = 86_400_000;
const payoutsUntil = (now: Date) => new Date(now.getTime() + PAYOUTS_DUE_DAYS * DAY_MS);

const EMPTY: OrderSums = {
  orders: 0,
  gross: 0,
  serviceFees: 0,
  commission: 0,
  refunds: 0,
  payouts: 0,
  cancellations: 0,
};

function figures(sums: OrderSums, signUps = { vendors: 0, customers: 0 }): Omit<PeriodFigures, 'start'> {
  return {
    orders: sums.orders,
    grossBookings: centsToDollars(sums.gross),
    serviceCharges: centsToDollars(sums.serviceFees),
    commission: centsToDollars(sums.commission),
    refunds: centsToDollars(sums.refunds),
    vendorPayouts: centsToDollars(sums.payouts),
    cancellations: sums.cancellations,
    newVendors: signUps.vendors,
    newCustomers: signUps.customers,
  };
}

/**
 * An answer of the console kept in the signed-in reads' cache (ADR 0040) while no write has been committed
 * and no payout has fallen due since it was made: made with the payouts due by `until`, it holds for any
 * later `until` before the next payout's due time.
 */
interface DueWindowed<T> {
  value: T;
  until: number;
  nextDue: number | null;
}

async function withinDueWindow<T>(
  deps: ConsoleDeps,
  at: SignedInReadAt | undefined,
  key: string,
  make: (now: Date) => Promise<T>,
): Promise<T> {
  const now = deps.now();
  const until = payoutsUntil(now).getTime();
  const kept = await signedInReadWhile<DueWindowed<T>>(
    at,
    key,
    (k) => k.until <= until && (k.nextDue === null || until < k.nextDue),
    async () => {
      const [value, nextDue] = await Promise.all([make(now), nextPayoutDueAfter(deps.db, new Date(until))]);
      return { value, until, nextDue };
    },
  );
  return kept.value;
}

/** GET /api/operator/dashboard: kept per St George date (its weeks and months) and due window. */
export async function operatorDashboard(deps: ConsoleDeps, at?: SignedInReadAt): Promise<OperatorDashboard> {
  const now = deps.now();
  const day = formatLocalDate(localDateTimeOf(now.getTime(), TIME_ZONE));
  const figures = await withinDueWindow(deps, at, `operator:dashboard:${day}`, (made) =>
    makeOperatorDashboard(deps, made),
  );
  // Nothing it counts has changed since it was made: the figures are as of now.
  return { ...figures, asOf: now.toISOString() };
}

async function makeOperatorDashboard(deps: ConsoleDeps, now: Date): Promise<OperatorDashboard> {
  const { db } = deps;
  const periods = await periodStarts(db, now, DASHBOARD_WEEKS, DASHBOARD_MONTHS);
  // PGlite answers one query at a time; PostgreSQL's pool runs these side by side.
  const [sums, signUps, before, statuses, counts] = await Promise.all([
    orderSumsByPeriod(db, periods),
    signUpsByPeriod(db, periods),
    orderSumsBefore(db, periods),
    vendorsByListingStatus(db),
    listCounts(db, payoutsUntil(now)),
  ]);
  const series = (period: 'week' | 'month', starts: string[]): PeriodFigures[] =>
    starts.map((start) => {
      const money = sums.find((r) => r.period === period && r.start === start) ?? EMPTY;
      const joined = signUps.find((r) => r.period === period && r.start === start);
      return { start, ...figures(money, joined) };
    });
  return {
    asOf: now.toISOString(),
    timeZone: TIME_ZONE,
    weeks: series('week', periods.weeks),
    months: series('month', periods.months),
    // The months shown begin before the weeks shown: with what came before them, every order.
    allTime: figures(
      sums.filter((r) => r.period === 'month').reduce<OrderSums>((total, r) => addSums(total, r), before),
    ),
    vendorsByStatus: LISTING_STATUSES.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
    counts: { ...counts, listingsUnderReview: statuses.get('under_review') ?? 0 },
  };
}

const pageOf = (page: number) => ({ limit: OPERATOR_PAGE_SIZE, offset: (page - 1) * OPERATOR_PAGE_SIZE });
const iso = (ms: unknown) => new Date(int(ms)).toISOString();

/** GET /api/operator/payouts/due?page= (kept while no write is committed and no payout falls due). */
export function payoutsDue(deps: ConsoleDeps, page: number, at?: SignedInReadAt) {
  return withinDueWindow(deps, at, `operator:payouts-due:${page}`, (now) => makePayoutsDue(deps, page, now));
}

async function makePayoutsDue(deps: ConsoleDeps, page: number, now: Date) {
  const result = await pagePayoutsDue(deps.db, payoutsUntil(now), pageOf(page));
  return {
    payouts: result.items.map((r) => ({
      order: { id: r.order_id, confirmationId: r.confirmation_id },
      vendor: { id: r.vendor_id, name: r.vendor_name },
      dueAt: iso(r.due_ms),
      amount: centsToDollars(r.amount_cents),
      method: r.transfer ? ('transfer' as const) : ('paper_check' as const),
    })),
    totalAmount: centsToDollars(result.amountCents),
    page,
    pageSize: OPERATOR_PAGE_SIZE,
    total: result.total,
  };
}

/** GET /api/operator/refunds/failed?page= (nothing in it depends on the clock: kept whole, ADR 0040). */
export function failedRefunds(deps: ConsoleDeps, page: number, at?: SignedInReadAt) {
  return signedInRead(at, `operator:refunds-failed:${page}`, () => makeFailedRefunds(deps, page));
}

async function makeFailedRefunds(deps: ConsoleDeps, page: number) {
  const result = await pageFailedRefunds(deps.db, pageOf(page));
  return {
    refunds: result.items.map((r) => {
      const owed = Math.min(int(r.owed_cents), r.amount_cents);
      return {
        id: r.id,
        order: { id: r.order_id, confirmationId: r.confirmation_id },
        vendor: { id: r.vendor_id, name: r.vendor_name },
        customer: { name: `${r.first_name} ${r.last_name}`, email: r.email },
        kind: r.kind,
        amount: centsToDollars(r.amount_cents),
        reason: r.reason,
        failedAt: iso(r.failed_ms),
        lastError: r.last_error ? r.last_error.slice(0, 500) : null,
        owed: centsToDollars(owed),
        retryable: owed > 0 && r.has_intent && r.payment_provider === deps.payments.name,
      };
    }),
    page,
    pageSize: OPERATOR_PAGE_SIZE,
    total: result.total,
  };
}

/** GET /api/operator/disputes?page= (nothing in it depends on the clock: kept whole, ADR 0040). */
export function openDisputes(deps: ConsoleDeps, page: number, at?: SignedInReadAt) {
  return signedInRead(at, `operator:disputes:${page}`, () => makeOpenDisputes(deps, page));
}

async function makeOpenDisputes(deps: ConsoleDeps, page: number) {
  const result = await pageOpenDisputes(deps.db, pageOf(page));
  return {
    disputes: result.items.map((r) => ({
      order: { id: r.order_id, confirmationId: r.confirmation_id },
      vendor: { id: r.vendor_id, name: r.vendor_name },
      amount: r.amount_cents === null ? null : centsToDollars(r.amount_cents),
      reason: typeof r.details.reason === 'string' ? r.details.reason : null,
      openedAt: iso(r.opened_ms),
    })),
    page,
    pageSize: OPERATOR_PAGE_SIZE,
    total: result.total,
  };
}
