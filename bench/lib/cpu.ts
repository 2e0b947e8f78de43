/**
 * CPU seconds of the processes of a bench, read from /proc (Linux): load-insensitive figures to put
 * beside the latencies (issue 27: the checkout's latency is set by the CPU each path costs). A process's
 * own user + system time; PostgreSQL's is the postmaster's, its ended children's (cutime, cstime) and
 * its running children's (the backends, the background workers), as `scripts/with-postgres.mjs`' PG_CPU
 * reads it. On a machine without /proc the readers answer null.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { queryRows } from '../../apps/server/src/db/client';

const HZ = 100; // USER_HZ

/** Fields of /proc/PID/stat, numbered as in proc(5) (1-based). */
function stat(pid: number | string): ((n: number) => number) | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (n) => Number(fields[n - 3]);
  } catch {
    return null;
  }
}

/** A process's CPU seconds (user + system), or null. */
export function processCpuSeconds(pid: number): number | null {
  const s = stat(pid);
  return s ? (s(14) + s(15)) / HZ : null;
}

/** The PostgreSQL server's pid (the postmaster: the parent of a backend), or null when not readable. */
export async function postmasterPid(db: Db): Promise<number | null> {
  const rows = await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
  const backend = rows[0]?.pid;
  const s = backend ? stat(backend) : null;
  return s ? s(4) : null;
}

/** The PostgreSQL server's CPU seconds: the postmaster, its ended children and its running ones. */
export function postgresCpuSeconds(postmaster: number): number | null {
  const main = stat(postmaster);
  if (!main) return null;
  let ticks = main(14) + main(15) + main(16) + main(17);
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(name);
    if (s && s(4) === postmaster) ticks += s(14) + s(15);
  }
  return ticks / HZ;
}

/** This process's CPU seconds. */
export function ownCpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}
