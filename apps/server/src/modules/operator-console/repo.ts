/**
 * What the operator's console reads (issue 25 §3): the dashboard's sums, made in SQL over the orders'
 * own money columns (the ledger: total collected = service charge + commission + vendor payout + refunds),
 * grouped by week and month in St George time, and the pages of the operator's lists. The module's Drizzle.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client';

export const TIME_ZONE = 'America/Denver';
const TZ = sql.raw(`'${TIME_ZONE}'`);

const rows = queryRows;

/** A count or a sum as PostgreSQL answers it (bigint arrives as a string). */
export const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** The weeks and months the dashboard shows: their first days (St George) and the instants they begin. */
export interface Periods {
  /** The first day (YYYY-MM-DD, St George) of each week (a Monday) and month, oldest first. */
  weeks: string[];
  months: string[];
  /** Where each week (month) begins and the last one ends, as a PostgreSQL timestamptz[] literal. */
  weekEdges: string;
  monthEdges: string;
}

const edgesLiteral = (ms: unknown[]) => `{${ms.map((m) => new Date(int(m)).toISOString()).join(',')}}`;

/**
 * The last `weeks` weeks and `months` months in St George, the current one last: their first days, and
 * the instants they begin (St George midnight, daylight saving time included) for width_bucket.
 */
export async function periodStarts(db: Db | Tx, now: Date, weeks: number, months: number): Promise<Periods> {
  const at = sql`(${now.toISOString()}::timestamptz at time zone ${TZ})`;
  const series = (unit: 'week' | 'month', count: number, extra: 0 | 1) =>
    sql`generate_series(date_trunc(${unit}, ${at}) - make_interval(${sql.raw(unit)}s => ${count - 1}),
      date_trunc(${unit}, ${at}) + make_interval(${sql.raw(unit)}s => ${extra}), ${sql.raw(`interval '1 ${unit}'`)})`;
  const epochMs = sql.raw(`(extract(epoch from (d at time zone '${TIME_ZONE}')) * 1000)::bigint`);
  const [row] = await rows<{
    weeks: string[];
    months: string[];
    week_edges: unknown[];
    month_edges: unknown[];
  }>(
    db,
    sql`select
      array(select to_char(d, 'YYYY-MM-DD') from ${series('week', weeks, 0)} d) as weeks,
      array(select to_char(d, 'YYYY-MM-DD') from ${series('month', months, 0)} d) as months,
      array(select ${epochMs} from ${series('week', weeks, 1)} d) as week_edges,
      array(select ${epochMs} from ${series('month', months, 1)} d) as month_edges`,
  );
  const r = row!;
  return {
    weeks: r.weeks,
    months: r.months,
    weekEdges: edgesLiteral(r.week_edges),
    monthEdges: edgesLiteral(r.month_edges),
  };
}

/**
 * The periods as a table p(period, bucket, lo, hi): 12 weeks then 12 months, each from its first instant
 * (St George midnight) to the next one's. Joined to a table on its timestamp, each period reads only its
 * own range of the index (no time-zone arithmetic per row, and a planner that knows there are 24 groups).
 */
function periodsTable(p: Periods) {
  const one = (period: 'week' | 'month', edges: string, count: number) =>
    sql`select ${period}::text as period, n::int as bucket, e[n] as lo, e[n + 1] as hi
      from (select ${edges}::timestamptz[] as e) a, generate_series(1, ${count}::int) n`;
  return sql`p as (${one('week', p.weekEdges, p.weeks.length)} union all ${one('month', p.monthEdges, p.months.length)})`;
}

export interface OrderSums {
  orders: number;
  gross: number;
  serviceFees: number;
  commission: number;
  refunds: number;
  payouts: number;
  cancellations: number;
}

export interface PeriodRow extends OrderSums {
  period: 'week' | 'month';
  start: string;
}

const SUMS = sql.raw(`count(*)::int as orders,
  coalesce(sum(total_collected_cents), 0)::bigint as gross,
  coalesce(sum(service_fee_cents), 0)::bigint as service_fees,
  coalesce(sum(commission_cents), 0)::bigint as commission,
  coalesce(sum(refund_amount_cents), 0)::bigint as refunds,
  coalesce(sum(vendor_payout_cents), 0)::bigint as payouts,
  (count(*) filter (where fulfillment_status = 'cancelled'))::int as cancellations`);

type RawSums = Record<
  'orders' | 'gross' | 'service_fees' | 'commission' | 'refunds' | 'payouts' | 'cancellations',
  unknown
>;
const sumsOf = (r: RawSums): OrderSums => ({
  orders: int(r.orders),
  gross: int(r.gross),
  serviceFees: int(r.service_fees),
  commission: int(r.commission),
  refunds: int(r.refunds),
  payouts: int(r.payouts),
  cancellations: int(r.cancellations),
});

/**
 * The orders placed in the periods shown, by the week and by the month (St George) they were placed in,
 * with their money as it stands now: one scan (of the covering index orders_created_money_idx when the
 * table is vacuumed), hashed into at most 26 groups.
 */
export async function orderSumsByPeriod(db: Db | Tx, p: Periods): Promise<PeriodRow[]> {
  const result = await rows<RawSums & { period: 'week' | 'month'; bucket: number }>(
    db,
    sql`with ${periodsTable(p)}
    select p.period, p.bucket, ${SUMS}
      from p join orders on created_at >= p.lo and created_at < p.hi
      group by p.period, p.bucket`,
  );
  return result.flatMap((r) => {
    const start = (r.period === 'week' ? p.weeks : p.months)[r.bucket - 1];
    return start === undefined ? [] : [{ period: r.period, start, ...sumsOf(r) }];
  });
}

/**
 * The orders placed before the periods shown, summed (with the months' sums, every order's): a range of
 * the index, not a second scan of the year.
 */
export async function orderSumsBefore(db: Db | Tx, p: Periods): Promise<OrderSums> {
  const [row] = await rows<RawSums>(
    db,
    sql`select ${SUMS} from orders where created_at < (${p.monthEdges}::timestamptz[])[1]`,
  );
  return sumsOf(row!);
}

/** Adds two sets of sums. */
export function addSums(a: OrderSums, b: OrderSums): OrderSums {
  return {
    orders: a.orders + b.orders,
    gross: a.gross + b.gross,
    serviceFees: a.serviceFees + b.serviceFees,
    commission: a.commission + b.commission,
    refunds: a.refunds + b.refunds,
    payouts: a.payouts + b.payouts,
    cancellations: a.cancellations + b.cancellations,
  };
}

/** Vendors and customers (operators left out) who joined in the periods shown, by week and by month. */
export async function signUpsByPeriod(db: Db | Tx, p: Periods) {
  const result = await rows<{
    period: 'week' | 'month';
    bucket: number;
    vendors: unknown;
    customers: unknown;
  }>(
    db,
    sql`with ${periodsTable(p)}
    select p.period, p.bucket,
      (select count(*) from vendors v where v.created_at >= p.lo and v.created_at < p.hi)::int as vendors,
      (select count(*) from users u where u.user_type = 'customer' and not u.is_operator
         and u.created_at >= p.lo and u.created_at < p.hi)::int as customers
      from p`,
  );
  return result.flatMap((r) => {
    const start = (r.period === 'week' ? p.weeks : p.months)[r.bucket - 1];
    return start === undefined
      ? []
      : [{ period: r.period, start, vendors: int(r.vendors), customers: int(r.customers) }];
  });
}

export async function vendorsByListingStatus(db: Db | Tx) {
  const result = await rows<{ status: string; count: unknown }>(
    db,
    sql`select listing_status as status, count(*)::int as count from vendors group by listing_status`,
  );
  return new Map(result.map((r) => [r.status, int(r.count)]));
}

// ---- The operator's lists: each a WHERE clause, counted and paged alike ----

/** Payouts not begun that fall due by `until` (the payout job has not decided them yet). */
const payoutsDueWhere = (until: Date) =>
  sql`o.fulfillment_status = 'fulfilled' and o.payment_status in ('collected', 'partially_refunded')
    and o.payout_due_at <= ${until.toISOString()}::timestamptz
    and not exists (select 1 from payouts p where p.order_id = o.id)`;

/**
 * The first moment after `after` at which a payout not begun falls due (null: none): until then, the
 * payouts due by any moment from `after` on are the same (the operator's answers kept in the signed-in
 * reads' cache use it, ADR 0040).
 */
export async function nextPayoutDueAfter(db: Db | Tx, after: Date): Promise<number | null> {
  const [row] = await rows<{ next_ms: unknown }>(
    db,
    sql`select (extract(epoch from min(o.payout_due_at)) * 1000)::bigint as next_ms from orders o
      where o.fulfillment_status = 'fulfilled' and o.payment_status in ('collected', 'partially_refunded')
        and o.payout_due_at > ${after.toISOString()}::timestamptz
        and not exists (select 1 from payouts p where p.order_id = o.id)`,
  );
  return row?.next_ms === null || row?.next_ms === undefined ? null : int(row.next_ms);
}

/** Refunds that failed (refund_failed) of an order, neither retried nor marked handled. */
const FAILED_REFUNDS_WHERE = sql`r.status = 'failed' and r.resolution is null`;

/** The order's newest dispute event, when it is not a closing one: the dispute is open. */
const OPEN_DISPUTE = sql`join lateral (
    select e.amount_cents, e.details, e.created_at from order_events e
     where e.order_id = o.id and e.action = 'disputed' order by e.id desc limit 1) d on true`;
const OPEN_DISPUTES_WHERE = sql`o.fulfillment_status = 'disputed' and (d.details ->> 'closed') is null`;

/**
 * The payout's order is not disputed: an anti-join on the few disputed orders (orders_disputed_idx), not a
 * join of every payout to its order (which scanned the orders table: 35 ms of 100,000 orders).
 */
const NOT_DISPUTED = sql`not exists (select 1 from orders o where o.id = p.order_id and o.fulfillment_status = 'disputed')`;

export async function listCounts(db: Db | Tx, payoutsUntil: Date) {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`select
      (select count(*) from refunds r join orders o on o.id = r.order_id where ${FAILED_REFUNDS_WHERE}) as refunds_failed,
      (select count(*) from orders o ${OPEN_DISPUTE} where ${OPEN_DISPUTES_WHERE}) as disputes_open,
      (select count(*) from orders o where ${payoutsDueWhere(payoutsUntil)}) as payouts_due,
      (select count(*) from payouts p where p.status = 'owed' and ${NOT_DISPUTED}) as paper_checks,
      (select count(*) from payouts p where p.needs_review_at is not null and ${NOT_DISPUTED}) as transfers_to_check`,
  );
  return {
    refundsFailed: int(row!.refunds_failed),
    disputesOpen: int(row!.disputes_open),
    payoutsDue: int(row!.payouts_due),
    paperChecks: int(row!.paper_checks),
    transfersToCheck: int(row!.transfers_to_check),
  };
}

export interface Page {
  limit: number;
  offset: number;
}

export async function pagePayoutsDue(db: Db | Tx, until: Date, page: Page) {
  const where = payoutsDueWhere(until);
  const [total] = await rows<{ count: unknown; amount: unknown }>(
    db,
    sql`select count(*) as count, coalesce(sum(o.vendor_payout_cents), 0) as amount from orders o where ${where}`,
  );
  const items = await rows<{
    order_id: number;
    confirmation_id: string;
    vendor_id: number;
    vendor_name: string;
    due_ms: unknown;
    amount_cents: number;
    transfer: boolean;
  }>(
    db,
    sql`select o.id as order_id, o.confirmation_id, v.id as vendor_id, v.name as vendor_name,
        (extract(epoch from o.payout_due_at) * 1000)::bigint as due_ms, o.vendor_payout_cents as amount_cents,
        (v.stripe_integrated = 'active' and v.payment_account_id is not null) as transfer
      from orders o join vendors v on v.id = o.vendor_id
      where ${where} order by o.payout_due_at, o.id limit ${page.limit} offset ${page.offset}`,
  );
  return { total: int(total!.count), amountCents: int(total!.amount), items };
}

export async function pageFailedRefunds(db: Db | Tx, page: Page) {
  const [total] = await rows<{ count: unknown }>(
    db,
    sql`select count(*) as count from refunds r join orders o on o.id = r.order_id where ${FAILED_REFUNDS_WHERE}`,
  );
  const items = await rows<{
    id: number;
    order_id: number;
    confirmation_id: string;
    vendor_id: number;
    vendor_name: string;
    first_name: string;
    last_name: string;
    email: string;
    kind: 'cancel' | 'partial' | 'conflict' | 'provider';
    amount_cents: number;
    reason: string | null;
    failed_ms: unknown;
    last_error: string | null;
    owed_cents: unknown;
    payment_provider: string;
    has_intent: boolean;
  }>(
    db,
    sql`select r.id, o.id as order_id, o.confirmation_id, v.id as vendor_id, v.name as vendor_name,
        u.first_name, u.last_name, u.email, r.kind, r.amount_cents, r.reason, (extract(epoch from r.updated_at) * 1000)::bigint as failed_ms,
        r.last_error, ${owedCentsOf(sql`o`)} as owed_cents,
        o.payment_provider, (o.payment_intent_id is not null) as has_intent
      from refunds r join orders o on o.id = r.order_id
        join vendors v on v.id = o.vendor_id join users u on u.id = o.user_id
      where ${FAILED_REFUNDS_WHERE} order by r.updated_at, r.id limit ${page.limit} offset ${page.offset}`,
  );
  return { total: int(total!.count), items };
}

/**
 * What the order's figures say was refunded and no refund under way or made covers: money still owed to
 * the customer (a failed refund whose order got its figures back owes nothing).
 */
function owedCentsOf(order: SQL) {
  return sql`greatest(0, ${order}.refund_amount_cents - coalesce((select sum(x.amount_cents) from refunds x
    where x.order_id = ${order}.id and x.status in ('pending', 'succeeded')), 0))`;
}

export async function owedCents(db: Db | Tx, orderId: number): Promise<number> {
  const [row] = await rows<{ owed: unknown }>(
    db,
    sql`select ${owedCentsOf(sql`o`)} as owed from orders o where o.id = ${orderId}`,
  );
  return int(row?.owed);
}

export async function pageOpenDisputes(db: Db | Tx, page: Page) {
  const [total] = await rows<{ count: unknown }>(
    db,
    sql`select count(*) as count from orders o ${OPEN_DISPUTE} where ${OPEN_DISPUTES_WHERE}`,
  );
  const items = await rows<{
    order_id: number;
    confirmation_id: string;
    vendor_id: number;
    vendor_name: string;
    amount_cents: number | null;
    details: Record<string, unknown>;
    opened_ms: unknown;
  }>(
    db,
    sql`select o.id as order_id, o.confirmation_id, v.id as vendor_id, v.name as vendor_name,
        d.amount_cents, d.details, (extract(epoch from d.created_at) * 1000)::bigint as opened_ms
      from orders o ${OPEN_DISPUTE} join vendors v on v.id = o.vendor_id
      where ${OPEN_DISPUTES_WHERE} order by d.created_at, o.id limit ${page.limit} offset ${page.offset}`,
  );
  return { total: int(total!.count), items };
}
