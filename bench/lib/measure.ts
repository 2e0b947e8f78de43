/**
 * Measuring HTTP targets against the yardstick: each target is loaded by a separate load-generator
 * process (bench/lib/load.ts, autocannon), right after the bare Fastify server is loaded the same way
 * (same connections, same duration), so each ratio compares two figures taken seconds apart on the same
 * machine — the machine may be busy with other work, the ratio stays meaningful. Figures, never verdicts.
 *
 * BENCH_SECONDS (default 5) is the measured period of each run, BENCH_WARMUP (default 1) the warm-up
 * before it (not reported).
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult, LoadSpec } from './load';
import type { RunningProcess } from './processes';

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 1);

const loadScript = path.join(import.meta.dirname, 'load.ts');

/** Runs one load in its own process and answers its figures. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', loadScript, JSON.stringify(spec)],
      { maxBuffer: 1 << 20, timeout: (spec.durationSeconds + spec.warmupSeconds + 60) * 1000 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`load generator failed: ${err.message}\n${stderr}`));
        const line = stdout.trim().split('\n').at(-1) ?? '';
        try {
          resolve(JSON.parse(line) as LoadResult);
        } catch {
          reject(new Error(`load generator printed no result: ${stdout}\n${stderr}`));
        }
      },
    );
  });
}

export interface Target {
  /** As printed, e.g. `GET /api/vendors/{id}`. */
  name: string;
  url: string;
  connections: number;
  headers?: Record<string, string>;
  /** The status every answer should have; default any 2xx. */
  expectStatus?: number;
  /** Printed after the row: what one answer holds, etc. */
  note?: string;
}

export interface Row {
  target: Target;
  result: LoadResult;
  bare: LoadResult;
  /** The target's req/s over the bare server's in the run just before it. */
  ratio: number;
  /** Answers whose status is not the expected one. */
  badStatus: number;
}

function badStatus(target: Target, result: LoadResult) {
  let bad = 0;
  for (const [code, n] of Object.entries(result.statuses)) {
    const c = Number(code);
    const ok = target.expectStatus ? c === target.expectStatus : c >= 200 && c < 300;
    if (!ok) bad += n;
  }
  // Without per-status figures, autocannon's own count.
  return Object.keys(result.statuses).length ? bad : result.non2xx;
}

/** Loads the bare server and then each target, one after another; prints a progress line per target. */
export async function compare(bare: RunningProcess, targets: Target[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const target of targets) {
    const spec = (url: string, headers?: Record<string, string>): LoadSpec => ({
      url,
      connections: target.connections,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      headers,
    });
    const bareResult = await runLoad(spec(`${bare.base}/`));
    const result = await runLoad(spec(target.url, target.headers));
    const row: Row = {
      target,
      result,
      bare: bareResult,
      ratio: result.requestsPerSecond / Math.max(1, bareResult.requestsPerSecond),
      badStatus: badStatus(target, result),
    };
    rows.push(row);
    console.info(
      `  measured ${target.name} at ${target.connections} connections: ${fmtRate(result.requestsPerSecond)} req/s (bare ${fmtRate(bareResult.requestsPerSecond)})`,
    );
  }
  return rows;
}

const fmtRate = (n: number) => n.toFixed(0);
const fmtMs = (n: number) =>
  Number.isInteger(n) ? String(n) : n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0);

/** A plain-text table, one row per target, with the ratio to the bare Fastify measured before it. */
export function printTable(title: string, rows: Row[]) {
  const header = [
    'endpoint',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'bad status',
    'bare req/s',
    'ratio',
  ];
  const body = rows.map((r) => [
    r.target.name,
    String(r.target.connections),
    fmtRate(r.result.requestsPerSecond),
    fmtMs(r.result.latencyMs.p50),
    fmtMs(r.result.latencyMs.p99),
    String(r.result.errors),
    String(r.badStatus),
    fmtRate(r.bare.requestsPerSecond),
    r.ratio.toFixed(3),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.info(`\n${title}`);
  console.info(line(header));
  console.info(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.info(line(b));
  const notes = rows.filter((r) => r.target.note);
  if (notes.length) {
    console.info('');
    for (const r of notes) console.info(`  ${r.target.name}: ${r.target.note}`);
  }
  console.info(
    `\n  ratio = req/s ÷ bare Fastify's req/s at the same connections, measured just before; ${DURATION_S} s each after ${WARMUP_S} s warm-up;` +
      `\n  errors = connection errors and timeouts; bad status = answers other than 2xx (other than 304 where 304 is expected).`,
  );
}

/** One line saying where the figures come from. */
export function machineLine(databaseLabel: string) {
  const cpu = os.cpus();
  return `machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, ${os.platform()} ${os.release()}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; database: ${databaseLabel}`;
}

/** What one answer holds: status, size, ETag. */
export async function probe(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  const text = await res.text();
  return {
    status: res.status,
    bytes: Buffer.byteLength(text),
    etag: res.headers.get('etag'),
    text,
    describe: `HTTP ${res.status}, ${(Buffer.byteLength(text) / 1024).toFixed(1)} kB${res.headers.get('etag') ? ', ETag' : ''}`,
  };
}
