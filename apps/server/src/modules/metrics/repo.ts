/**
 * The gauges read from the database at each scrape, in ONE query (ADR 0039): the jobs table by kind and
 * state, the payouts and refunds not yet settled, the checkout holds. Each part reads only rows that are
 * not finished, through an index: the jobs' (status, run_at), and partial indexes on the payouts in
 * flight, the pending and failed refunds and the open payments (migration 0025), so a scrape costs the
 * same with 100,000 orders as with ten. Settled rows (sent payouts, refunds that went through) only grow
 * and are not counted here; their rates are in the logs and the operator console.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

export interface GaugeRow {
  family: 'jobs' | 'payouts' | 'refunds' | 'holds';
  /** The job kind ('' for the other families). */
  kind: string;
  state: string;
  count: number;
  /** Seconds since the oldest row of the group began waiting (see each part). */
  ageSeconds: number;
}

export async function scrapeGauges(db: Db, now: Date): Promise<GaugeRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const age = (column: ReturnType<typeof sql.raw>) =>
    sql`coalesce(extract(epoch from (${at} - min(${column}))), 0)::float8`;
  const rows = await queryRows<{
    family: GaugeRow['family'];
    kind: string;
    state: string;
    count: number | string;
    age: number | string;
  }>(
    db,
    sql`
    select 'jobs' as family, kind,
      case when status = 'queued' and run_at <= ${at} then 'due' when status = 'queued' then 'scheduled'
        else status end as state,
      count(*)::int as count,
      ${age(sql.raw(`case when status = 'running' then locked_at else run_at end`))} as age
    from jobs where status in ('queued', 'running', 'failed') group by 1, 2, 3
    union all
    select 'payouts', '', status, count(*)::int, ${age(sql.raw('started_at'))}
    from payouts where status in ('sending', 'owed') group by status
    union all
    select 'payouts', '', 'needs_review', count(*)::int, ${age(sql.raw('needs_review_at'))}
    from payouts where needs_review_at is not null
    union all
    select 'refunds', '', 'pending', count(*)::int, ${age(sql.raw('created_at'))}
    from refunds where status = 'pending'
    union all
    select 'refunds', '', 'failed', count(*)::int, ${age(sql.raw('updated_at'))}
    from refunds where status = 'failed' and resolution is null
    union all
    select 'holds', '', case when hold_expires_at > ${at} then 'active' else 'expired' end, count(*)::int,
      ${age(sql.raw('hold_expires_at'))}
    from payments where status = 'open' group by 3`,
  );
  return rows
    .filter((r) => Number(r.count) > 0)
    .map((r) => ({
      family: r.family,
      kind: r.kind,
      state: r.state,
      count: Number(r.count),
      ageSeconds: Number(r.age),
    }));
}
