/**
 * What an operator can watch (issue 27, ADR 0039): the app's metrics in one prom-client registry per app
 * (tests build many apps in one process), the process's default metrics (CPU, memory, GC, event-loop lag)
 * in one registry per process. Names follow Prometheus' conventions: the `marketplace_` prefix, base units
 * in the name (`_seconds`), `_total` on counters, labels of few values (a route's pattern, never its URL).
 */
import client from 'prom-client';
import type { Database, Db, PoolStats, QueryEvent } from '../../db/client';
import { scrapeGauges, type GaugeRow } from './repo';

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

/** The label of a request no route matched (an unknown address, a page of the web app's fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The states the scrape query reports, always written (0 when none), so an alert never meets a gap. */
const FIXED_STATES: Record<string, readonly string[]> = {
  payouts: ['sending', 'owed', 'needs_review'],
  refunds: ['pending', 'failed'],
  holds: ['active', 'expired'],
};
const JOB_STATES = ['due', 'scheduled', 'running', 'failed'] as const;
/** The states whose oldest row's age is meaningful (how long it has waited). */
const AGED: Record<string, readonly string[]> = {
  jobs: ['due', 'running'],
  payouts: ['sending', 'owed', 'needs_review'],
  refunds: ['pending', 'failed'],
  holds: ['expired'],
};

let processRegistry: client.Registry | null = null;
/** The process's own metrics, started on the first scrape (their event-loop monitor runs from then on). */
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The first word of a statement, lower case, as the `operation` label (select, insert, update, begin…). */
export function operationOf(sql: string): string {
  // A transaction's BEGIN sent with its first statement (db/client.ts) counts as that statement.
  const text = sql.replace(/^\s*begin;\s*/i, '');
  const word = /^\s*(?:with\b[\s\S]*?\)\s*)?([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? '';
  return [
    'select',
    'insert',
    'update',
    'delete',
    'begin',
    'commit',
    'rollback',
    'savepoint',
    'release',
  ].includes(word)
    ? word
    : 'other';
}

export class AppMetrics {
  readonly registry = new client.Registry();
  private readonly requests: client.Counter<'method' | 'route' | 'status_code'>;
  private readonly requestErrors: client.Counter<'method' | 'route' | 'status_code'>;
  private readonly requestDuration: client.Histogram<'method' | 'route'>;
  private readonly queryDuration: client.Histogram<'operation'>;
  private readonly queryErrors: client.Counter<'operation'>;
  private readonly jobsFinished: client.Counter<'kind' | 'outcome'>;
  private readonly jobDuration: client.Histogram<'kind'>;
  private readonly gauges: Record<
    'jobs' | 'payouts' | 'refunds' | 'holds',
    client.Gauge<'kind' | 'state' | 'status'>
  >;
  private readonly ages: Record<
    'jobs' | 'payouts' | 'refunds' | 'holds',
    client.Gauge<'kind' | 'state' | 'status'>
  >;
  private readonly databaseUp: client.Gauge;
  private readonly jobKinds = new Set<string>();
  private readonly stopListening: () => void;

  constructor(
    private readonly opts: {
      database: Database;
      /** How many websockets are open now (the order-confirmation socket). */
      websockets: () => number;
    },
  ) {
    const registers = [this.registry];
    this.requests = new client.Counter({
      name: 'marketplace_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.requestErrors = new client.Counter({
      name: 'marketplace_http_request_errors_total',
      help: 'HTTP requests answered with a 4xx or 5xx status, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.requestDuration = new client.Histogram({
      name: 'marketplace_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.queryDuration = new client.Histogram({
      name: 'marketplace_db_query_duration_seconds',
      help: 'Database query time, including the wait for the connection, by statement kind.',
      labelNames: ['operation'],
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.queryErrors = new client.Counter({
      name: 'marketplace_db_query_errors_total',
      help: 'Database queries that failed (constraint refusals included), by statement kind.',
      labelNames: ['operation'],
      registers,
    });
    const pool = (): PoolStats => this.opts.database.poolStats();
    new client.Gauge({
      name: 'marketplace_db_pool_connections',
      help: 'Database connections open, by state (idle, in_use). PGlite has one connection.',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = pool();
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'in_use' }, stats.total - stats.idle);
      },
    });
    new client.Gauge({
      name: 'marketplace_db_pool_waiting',
      help: 'Queries waiting for a database connection.',
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
    const websockets = this.opts.websockets;
    new client.Gauge({
      name: 'marketplace_websocket_connections',
      help: 'Open websockets (the order confirmation) on this instance.',
      registers,
      collect() {
        this.set(websockets());
      },
    });
    this.jobsFinished = new client.Counter({
      name: 'marketplace_jobs_finished_total',
      help: "Jobs this instance's worker ran, by kind and outcome (done, failed, postponed).",
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.jobDuration = new client.Histogram({
      name: 'marketplace_job_duration_seconds',
      help: "Time a job's handler took on this instance, by kind.",
      labelNames: ['kind'],
      buckets: JOB_BUCKETS,
      registers,
    });
    const gauge = (name: string, help: string, labelNames: ('kind' | 'state' | 'status')[]) =>
      new client.Gauge({ name, help, labelNames, registers });
    this.gauges = {
      jobs: gauge(
        'marketplace_jobs',
        'Jobs in the shared jobs table, by kind and state: due (waiting to run), scheduled (later), running, failed (gave up).',
        ['kind', 'state'],
      ),
      payouts: gauge(
        'marketplace_payouts',
        'Payouts not yet settled, by status: sending (a transfer in flight), owed (a paper check), needs_review (the transfer gave up).',
        ['status'],
      ),
      refunds: gauge(
        'marketplace_refunds',
        'Refunds not yet settled, by status: pending, failed (given up and not yet resolved by an operator).',
        ['status'],
      ),
      holds: gauge(
        'marketplace_checkout_holds',
        "Checkout holds on a vendor's time, by state: active (the customer is paying), expired (waiting to be released).",
        ['state'],
      ),
    };
    this.ages = {
      jobs: gauge(
        'marketplace_jobs_oldest_age_seconds',
        'Age of the oldest job by kind and state: due (since it fell due), running (since it was claimed).',
        ['kind', 'state'],
      ),
      payouts: gauge(
        'marketplace_payouts_oldest_age_seconds',
        'Age of the oldest unsettled payout, by status.',
        ['status'],
      ),
      refunds: gauge(
        'marketplace_refunds_oldest_age_seconds',
        'Age of the oldest unsettled refund, by status.',
        ['status'],
      ),
      holds: gauge(
        'marketplace_checkout_holds_oldest_age_seconds',
        'How long the oldest expired checkout hold has waited to be released.',
        ['state'],
      ),
    };
    this.databaseUp = new client.Gauge({
      name: 'marketplace_database_up',
      help: "1 when this scrape's database query answered, else 0.",
      registers,
    });
    this.stopListening = this.opts.database.onQuery((e) => this.observeQuery(e));
  }

  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number) {
    const labels = { method, route: route ?? UNMATCHED_ROUTE };
    const status_code = String(statusCode);
    this.requests.inc({ ...labels, status_code });
    if (statusCode >= 400) this.requestErrors.inc({ ...labels, status_code });
    this.requestDuration.observe(labels, seconds);
  }

  private observeQuery(event: QueryEvent) {
    const operation = operationOf(event.sql);
    this.queryDuration.observe({ operation }, event.seconds);
    if (event.failed) this.queryErrors.inc({ operation });
  }

  jobFinished(kind: string, outcome: 'done' | 'failed' | 'postponed', seconds: number) {
    this.jobsFinished.inc({ kind, outcome });
    this.jobDuration.observe({ kind }, seconds);
  }

  /** Reads the database gauges (one query) and answers the whole exposition text. */
  async scrape(db: Db, now: Date): Promise<string> {
    const rows: GaugeRow[] | null = await scrapeGauges(db, now).catch(() => null);
    this.databaseUp.set(rows ? 1 : 0);
    if (rows) this.setGauges(rows);
    const [own, proc] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${proc}`;
  }

  private setGauges(rows: GaugeRow[]) {
    for (const family of Object.keys(this.gauges) as (keyof AppMetrics['gauges'])[]) {
      this.gauges[family].reset();
      this.ages[family].reset();
    }
    const key = (family: string) => (family === 'holds' || family === 'jobs' ? 'state' : 'status');
    for (const [family, states] of Object.entries(FIXED_STATES))
      for (const state of states) {
        this.gauges[family as 'payouts'].set({ [key(family)]: state }, 0);
        if (AGED[family]?.includes(state)) this.ages[family as 'payouts'].set({ [key(family)]: state }, 0);
      }
    for (const row of rows) if (row.family === 'jobs') this.jobKinds.add(row.kind);
    // Every kind seen by this process keeps its series at 0 when it has no jobs left in a state.
    for (const kind of this.jobKinds)
      for (const state of JOB_STATES) {
        this.gauges.jobs.set({ kind, state }, 0);
        if (AGED.jobs!.includes(state)) this.ages.jobs.set({ kind, state }, 0);
      }
    for (const row of rows) {
      const family = row.family;
      const labels = family === 'jobs' ? { kind: row.kind, state: row.state } : { [key(family)]: row.state };
      this.gauges[family].set(labels, row.count);
      if (AGED[family]?.includes(row.state)) this.ages[family].set(labels, Math.max(0, row.ageSeconds));
    }
  }

  close() {
    this.stopListening();
  }
}
