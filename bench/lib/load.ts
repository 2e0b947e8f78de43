/**
 * The load generator, run as its own process by bench/lib/measure.ts (never inside the server's or the
 * bench's process): `node --import tsx bench/lib/load.ts '<LoadSpec as JSON>'`. Runs autocannon for a
 * warm-up (not reported) and then for the measured period, and prints one JSON line (LoadResult).
 */
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Connection errors and timeouts. */
  errors: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
  /** Answers outside 2xx, as autocannon counts them. */
  non2xx: number;
  bytesPerSecond: number;
}

async function run(spec: LoadSpec, seconds: number) {
  return autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: seconds,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
  });
}

const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
if (spec.warmupSeconds > 0) await run(spec, spec.warmupSeconds);
const r = await run(spec, spec.durationSeconds);
const statuses: Record<string, number> = {};
for (const [code, stat] of Object.entries(
  (r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {},
))
  statuses[code] = stat.count;
const result: LoadResult = {
  requestsPerSecond: r.requests.average,
  requests: r.requests.total,
  latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
  errors: r.errors + r.timeouts,
  statuses,
  non2xx: r.non2xx,
  bytesPerSecond: r.throughput.average,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
