/**
 * What PostgreSQL does during a bench run (issue 26, where a plan visit's time goes), on a server on this
 * machine (scripts/with-postgres.mjs):
 * - its CPU seconds: the postmaster's, its ended children's and its running processes' (from /proc, as
 *   with-postgres.mjs's PG_CPU=1 reads them), before and after, so the run's share is their difference;
 * - its sessions sampled from pg_stat_activity: how many of the bench database's connections are running a
 *   statement, waiting on a lock, idle in a transaction waiting for their client, or idle;
 * - pg_stat_statements' heaviest statements of the run, when the server preloads it
 *   (PG_STAT_STATEMENTS=1 node scripts/with-postgres.mjs …).
 * Figures only; anything unreadable is reported as such and never fails the bench.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { wrapPostgres } from '../../apps/server/src/db/client';

type Rows<T> = { rows: T[] };

const CLOCK_HZ = 100; // USER_HZ

/** The server's CPU seconds so far (user + system), or null when its processes cannot be read. */
function serverCpuSeconds(dataDir: string): number | null {
  const stat = (pid: string) => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (n: number) => Number(fields[n - 3]); // field n of proc(5), 1-based
  };
  try {
    const pid = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
    const main = stat(pid);
    let ticks = main(14) + main(15) + main(16) + main(17);
    for (const child of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const s = stat(child);
        if (String(s(4)) === pid) ticks += s(14) + s(15);
      } catch {
        // ended meanwhile (its time is in the postmaster's children's now)
      }
    }
    return ticks / CLOCK_HZ;
  } catch {
    return null;
  }
}

/** A process's CPU ticks so far (user + system), or null when it has ended. */
function processTicks(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of proc(5))
  } catch {
    return null;
  }
}

export interface ActivityTally {
  samples: number;
  /** Sum over the samples of the connections in each state: divide by `samples` for the mean. */
  byState: Map<string, number>;
  /** Lock waits seen, by the waiting statement's first 80 characters. */
  lockWaits: Map<string, number>;
}

export async function pgObserver(databaseUrl: string) {
  const pg = wrapPostgres(databaseUrl, 1);
  const one = async <T>(q: ReturnType<typeof sql>) => ((await pg.db.execute(q)) as Rows<T>).rows;
  const dataDir = (await one<{ data_directory: string }>(sql`show data_directory`))[0]!.data_directory;
  const statements = await (async () => {
    try {
      await pg.db.execute(sql`create extension if not exists pg_stat_statements`);
      await one(sql`select 1 from pg_stat_statements limit 1`);
      return true;
    } catch {
      return false;
    }
  })();
  const tally: ActivityTally = { samples: 0, byState: new Map(), lockWaits: new Map() };
  /** The server's processes by pid: what each is (a LISTEN connection, a client, a background process). */
  const processes = async () => {
    const rows = await one<{ pid: number; kind: string }>(sql`
      select pid, case
          when backend_type <> 'client backend' then backend_type
          when query ilike 'listen %' then 'client: LISTEN connections'
          when datname = current_database() then 'client: the bench database''s other connections'
          else 'client: other databases' end as kind
      from pg_stat_activity`);
    return new Map(rows.map((r) => [r.pid, { kind: r.kind, ticks: processTicks(r.pid) ?? 0 }]));
  };
  let processesAtStart = new Map<number, { kind: string; ticks: number }>();
  let sampling: NodeJS.Timeout | null = null;

  const sample = async () => {
    const rows = await one<{ state: string; query: string; n: number }>(sql`
      select case
          when wait_event_type = 'Lock' then 'waiting on a lock (' || wait_event || ')'
          when state = 'active' and wait_event_type is not null then 'active, waiting ' || wait_event_type || '/' || wait_event
          when state = 'active' then 'active, on CPU'
          when state = 'idle in transaction' then 'idle in transaction (waiting for its client)'
          else coalesce(state, 'unknown') end as state,
        case when wait_event_type = 'Lock' then left(query, 80) else '' end as query,
        count(*)::int as n
      from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
      group by 1, 2`);
    tally.samples++;
    for (const r of rows) {
      tally.byState.set(r.state, (tally.byState.get(r.state) ?? 0) + r.n);
      if (r.query) tally.lockWaits.set(r.query, (tally.lockWaits.get(r.query) ?? 0) + r.n);
    }
  };

  return {
    statements,
    cpuSeconds: () => serverCpuSeconds(dataDir),
    /** Starts sampling pg_stat_activity every `everyMs` and clears pg_stat_statements. */
    async start(everyMs = 250) {
      if (statements) await pg.db.execute(sql`select pg_stat_statements_reset()`);
      processesAtStart = await processes();
      const tick = () => {
        sampling = setTimeout(() => void sample().then(tick, tick), everyMs);
      };
      tick();
    },
    stop() {
      if (sampling) clearTimeout(sampling);
      sampling = null;
    },
    tally,
    /** CPU seconds since start() of the server's processes still running now, by what they are. */
    async cpuByKind() {
      const now = await processes();
      const by = new Map<string, number>();
      for (const [pid, p] of now) {
        const ticks = processTicks(pid);
        if (ticks === null) continue;
        const before = processesAtStart.get(pid)?.ticks ?? 0;
        by.set(p.kind, (by.get(p.kind) ?? 0) + (ticks - before) / CLOCK_HZ);
      }
      return [...by.entries()].sort((a, b) => b[1] - a[1]);
    },
    /** pg_stat_statements' `limit` heaviest statements of this database since start(), by total time. */
    async top(limit = 15) {
      if (!statements) return [];
      return one<{
        calls: number;
        total_ms: number;
        mean_ms: number;
        max_ms: number;
        rows: number;
        query: string;
      }>(sql`
        select calls::int, round(total_exec_time::numeric + total_plan_time::numeric, 1)::float as total_ms,
          round((total_exec_time + total_plan_time)::numeric / greatest(calls, 1), 3)::float as mean_ms,
          round(max_exec_time::numeric, 2)::float as max_ms,
          rows::int, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query
        from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = current_database()
        order by total_exec_time + total_plan_time desc limit ${limit}`);
    },
    /** pg_stat_statements' totals of this database since start(): statements and their time. */
    async totals() {
      if (!statements) return null;
      return (
        await one<{ calls: number; total_ms: number }>(sql`
        select coalesce(sum(calls), 0)::int as calls,
          coalesce(round(sum(total_exec_time + total_plan_time)::numeric, 1), 0)::float as total_ms
        from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = current_database()`)
      )[0]!;
    },
    close: () => pg.close(),
  };
}

/** The sampled states as "mean connections in each state", busiest first. */
export function activityLines(tally: ActivityTally): string[] {
  if (tally.samples === 0) return ['  (no pg_stat_activity samples)'];
  const lines = [...tally.byState.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([state, n]) => `    ${(n / tally.samples).toFixed(2).padStart(6)}  ${state}`);
  const waits = [...tally.lockWaits.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([q, n]) => `      lock wait in ${n} samples: ${q}`);
  return [
    `  PostgreSQL sessions of the bench database, mean over ${tally.samples} samples:`,
    ...lines,
    ...waits,
  ];
}
