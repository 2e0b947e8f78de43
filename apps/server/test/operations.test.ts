/**
 * What an operator can watch (issue 27, ADR 0039): GET /metrics in Prometheus' text format and who may
 * read it, request ids in headers, error answers and log lines, job ids in job log lines, and the
 * readiness check. Runs on PGlite and on PostgreSQL (scripts/with-postgres.mjs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../src/adapters/storage/local-storage';
import { queryRows } from '../src/db/client';
import { contextualLogger } from '../src/log-context';
import { enqueueJob } from '../src/modules/jobs/repo';
import { JobWorker } from '../src/modules/jobs/worker';
import { METRICS_TOKEN_MESSAGE } from '../src/modules/metrics/routes';
import { READINESS_MESSAGES } from '../src/modules/health/readiness';
import { parsePrometheusText, sampleValue } from './prometheus-text';
import { createTestApp } from './test-app';

const NOW = new Date('2026-03-02T17:00:00Z');
const TOKEN = 'a'.repeat(16) + '0123456789abcdef0123456789abcdef';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let app: FastifyInstance;
/** A second app: no METRICS_TOKEN, and an upload folder under a file, where no one (root included) can write. */
let plain: FastifyInstance;
const unwritableDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ready-'));
/** Every log line the app wrote, parsed. */
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  fs.writeFileSync(path.join(unwritableDir, 'file'), 'x');
  plain = await createTestApp({ storage: new LocalStorage(path.join(unwritableDir, 'file', 'uploads')) });
  app = await createTestApp({
    now: () => NOW,
    metricsToken: TOKEN,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  // A route whose handler logs as a service does (through deps.log, the app's logger).
  app.get('/test/service-log', async () => {
    app.deps.log.info({ marker: 'service-line' }, 'a service writes');
    return { ok: true };
  });
  // The same after a JSON body was read (stream events run outside the request's async context).
  app.post('/test/service-log', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    app.deps.log.info({ marker: 'service-line-after-body' }, 'a service writes after the body');
    return { ok: true };
  });
});

afterAll(async () => {
  await app.close();
  await plain.close();
  fs.rmSync(unwritableDir, { recursive: true, force: true });
});

const scrape = async (headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  return parsePrometheusText(res.body);
};

describe('GET /metrics', () => {
  it("answers Prometheus' text format with the app's, the database's and the process's metrics", async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const metrics = parsePrometheusText(res.body);
    const expected: [string, string][] = [
      ['marketplace_http_requests_total', 'counter'],
      ['marketplace_http_request_errors_total', 'counter'],
      ['marketplace_http_request_duration_seconds', 'histogram'],
      ['marketplace_db_query_duration_seconds', 'histogram'],
      ['marketplace_db_query_errors_total', 'counter'],
      ['marketplace_db_pool_connections', 'gauge'],
      ['marketplace_db_pool_waiting', 'gauge'],
      ['marketplace_jobs', 'gauge'],
      ['marketplace_jobs_oldest_age_seconds', 'gauge'],
      ['marketplace_jobs_finished_total', 'counter'],
      ['marketplace_job_duration_seconds', 'histogram'],
      ['marketplace_payouts', 'gauge'],
      ['marketplace_refunds', 'gauge'],
      ['marketplace_checkout_holds', 'gauge'],
      ['marketplace_websocket_connections', 'gauge'],
      ['marketplace_database_up', 'gauge'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['process_cpu_seconds_total', 'counter'],
      ['process_resident_memory_bytes', 'gauge'],
    ];
    for (const [name, type] of expected) expect(metrics.types.get(name), name).toBe(type);
    expect(sampleValue(metrics, 'marketplace_database_up')).toBe(1);
    expect(sampleValue(metrics, 'marketplace_websocket_connections')).toBe(0);
    for (const status of ['sending', 'owed', 'needs_review'])
      expect(sampleValue(metrics, 'marketplace_payouts', { status })).toBe(0);
    for (const status of ['pending', 'failed'])
      expect(sampleValue(metrics, 'marketplace_refunds', { status })).toBe(0);
    for (const state of ['active', 'expired'])
      expect(sampleValue(metrics, 'marketplace_checkout_holds', { state })).toBe(0);
    const pool = sampleValue(metrics, 'marketplace_db_pool_connections');
    expect(pool).toBeGreaterThanOrEqual(1);
  });

  it('counts requests by route pattern, never by the address asked for', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/vendors/:id' };
    const count = (m: typeof before, labels: Record<string, string>) =>
      sampleValue(m, 'marketplace_http_requests_total', labels) ?? 0;
    const errors = (m: typeof before, labels: Record<string, string>) =>
      sampleValue(m, 'marketplace_http_request_errors_total', labels) ?? 0;
    for (const id of [987_654, 987_655, 987_656])
      expect((await app.inject({ method: 'GET', url: `/api/vendors/${id}` })).statusCode).toBe(404);
    await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    await app.inject({ method: 'GET', url: '/api/health' });
    const after = await scrape();
    expect(
      count(after, { ...route, status_code: '404' }) - count(before, { ...route, status_code: '404' }),
    ).toBe(3);
    expect(
      errors(after, { ...route, status_code: '404' }) - errors(before, { ...route, status_code: '404' }),
    ).toBe(3);
    expect(
      count(after, { route: '/api/health', status_code: '200' }) -
        count(before, { route: '/api/health', status_code: '200' }),
    ).toBe(1);
    expect(count(after, { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    // The histogram counted the same three answers; no label holds a raw address.
    const hist = (m: typeof before) =>
      sampleValue(m, 'marketplace_http_request_duration_seconds_count', route) ?? 0;
    expect(hist(after) - hist(before)).toBe(3);
    const routes = new Set(after.samples.map((s) => s.labels.route).filter(Boolean));
    expect([...routes].filter((r) => /\d{6}|no-such-thing/.test(r!))).toEqual([]);
    // Their database queries were timed.
    const queries = (m: typeof before) =>
      sampleValue(m, 'marketplace_db_query_duration_seconds_count', { operation: 'select' }) ?? 0;
    expect(queries(after)).toBeGreaterThan(queries(before));
  });

  it('reads the job queue by kind and state from the database at each scrape', async () => {
    const hour = 3_600_000;
    await enqueueJob(app.deps.db, { kind: 'metrics-test', runAt: new Date(NOW.getTime() - hour) });
    await enqueueJob(app.deps.db, { kind: 'metrics-test', runAt: new Date(NOW.getTime() - 2 * hour) });
    await enqueueJob(app.deps.db, { kind: 'metrics-test', runAt: new Date(NOW.getTime() + hour) });
    const metrics = await scrape();
    expect(sampleValue(metrics, 'marketplace_jobs', { kind: 'metrics-test', state: 'due' })).toBe(2);
    expect(sampleValue(metrics, 'marketplace_jobs', { kind: 'metrics-test', state: 'scheduled' })).toBe(1);
    expect(sampleValue(metrics, 'marketplace_jobs', { kind: 'metrics-test', state: 'running' })).toBe(0);
    expect(
      sampleValue(metrics, 'marketplace_jobs_oldest_age_seconds', { kind: 'metrics-test', state: 'due' }),
    ).toBe(7200);
    // Once they are gone the kind stays, at 0.
    await app.deps.db.execute(sql`delete from jobs where kind = 'metrics-test'`);
    const later = await scrape();
    expect(sampleValue(later, 'marketplace_jobs', { kind: 'metrics-test', state: 'due' })).toBe(0);
  });

  it('counts the jobs a worker runs, and each job logs its job id', async () => {
    await enqueueJob(app.deps.db, { kind: 'metrics-log-test', runAt: NOW });
    const log = contextualLogger(app.log);
    const worker = new JobWorker({
      db: app.deps.db,
      now: () => NOW,
      log: app.log,
      handlers: {
        'metrics-log-test': async () => {
          log.info({ marker: 'job-line' }, 'a job handler writes');
        },
      },
      onFinished: (kind, outcome, seconds) => app.metrics.jobFinished(kind, outcome, seconds),
    });
    await worker.drain();
    const line = lines.find((l) => l.marker === 'job-line');
    expect(line).toMatchObject({ kind: 'metrics-log-test', jobId: expect.any(Number) });
    const metrics = await scrape();
    expect(
      sampleValue(metrics, 'marketplace_jobs_finished_total', { kind: 'metrics-log-test', outcome: 'done' }),
    ).toBe(1);
  });

  describe('who may read it', () => {
    const remote = { remoteAddress: '203.0.113.7' };

    it('answers this machine without a token, in every loopback form', async () => {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
        expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode).toBe(200);
    });

    it('answers elsewhere only with the bearer token; 401 and WWW-Authenticate otherwise', async () => {
      const none = await app.inject({ method: 'GET', url: '/metrics', ...remote });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(none.json()).toEqual({
        errors: [METRICS_TOKEN_MESSAGE],
        requestId: none.headers['x-request-id'],
      });
      expect(none.body).not.toContain('marketplace_');
      for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`])
        expect(
          (await app.inject({ method: 'GET', url: '/metrics', ...remote, headers: { authorization } }))
            .statusCode,
        ).toBe(401);
      const ok = await app.inject({
        method: 'GET',
        url: '/metrics',
        ...remote,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('marketplace_http_requests_total');
    });

    it('treats a request relayed by a proxy on this machine as from elsewhere', async () => {
      const relayed = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { 'x-forwarded-for': '198.51.100.4' },
      });
      expect(relayed.statusCode).toBe(401);
    });

    it('is not found from elsewhere when no token is configured', async () => {
      const res = await plain.inject({ method: 'GET', url: '/metrics', ...remote });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errors: ['Not found'] });
      const withHeader = await plain.inject({
        method: 'GET',
        url: '/metrics',
        ...remote,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(withHeader.statusCode).toBe(404);
      expect((await plain.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    });
  });
});

describe('request ids', () => {
  it('makes one for every request and sends it back as X-Request-Id', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/health' });
    const b = await app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it("keeps a well-formed incoming X-Request-Id (nginx's $request_id) and replaces any other", async () => {
    const nginx = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    const kept = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': nginx } });
    expect(kept.headers['x-request-id']).toBe(nginx);
    for (const bad of [
      'short',
      'has space in it',
      'a'.repeat(129),
      'line\\nbreak-injected',
      '<script>alert(1)</script>',
    ]) {
      const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
  });

  it('is in the body of every error answer, the same as the header', async () => {
    const id = 'report-1234-abcd';
    const answers = [
      // An unknown id (404), an unknown address (404), signed out (401), no CSRF token (403), a NUL (422).
      await app.inject({ method: 'GET', url: '/api/vendors/987654', headers: { 'x-request-id': id } }),
      await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-request-id': id } }),
      await app.inject({ method: 'GET', url: '/api/orders', headers: { 'x-request-id': id } }),
      await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { message: {} },
        headers: { 'x-request-id': id },
      }),
      await app.inject({ method: 'GET', url: '/api/vendors?q=%00', headers: { 'x-request-id': id } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 401, 403, 422]);
    for (const res of answers) {
      expect(res.headers['x-request-id']).toBe(id);
      expect(res.json()).toEqual({ errors: [expect.any(String)], requestId: id });
    }
    // A success answer is left as it was.
    const ok = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(ok.json()).not.toHaveProperty('requestId');
  });

  it("is on every log line of the request, the services' lines too", async () => {
    const id = 'trace-service-line-1';
    const res = await app.inject({
      method: 'GET',
      url: '/test/service-log',
      headers: { 'x-request-id': id },
    });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'a service writes', 'request completed']);
    // Over a real socket: the body's stream events are what leave the request's async context.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const posted = await fetch(`${address}/test/service-log`, {
      method: 'POST',
      body: JSON.stringify({ some: 'body' }),
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-after-body-2' },
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('x-request-id')).toBe('trace-after-body-2');
    expect(lines.find((l) => l.marker === 'service-line-after-body')).toMatchObject({
      reqId: 'trace-after-body-2',
    });
    // Outside any request, the app's own lines carry none.
    app.deps.log.info({ marker: 'no-request' }, 'outside');
    expect(lines.find((l) => l.marker === 'no-request')).not.toHaveProperty('reqId');
  });
});

describe('GET /api/ready', () => {
  it('is ready when the database answers, its migrations are current and storage takes a write', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      status: 'ready',
      database: app.deps.database.kind,
      checks: { database: { ok: true }, migrations: { ok: true }, storage: { ok: true } },
    });
  });

  it('answers 503 naming the migrations when the database is behind this build', async () => {
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      app.deps.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await app.deps.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'not_ready',
        checks: {
          database: { ok: true },
          migrations: { ok: false, message: READINESS_MESSAGES.migrationsBehind(1) },
          storage: { ok: true },
        },
      });
      expect(READINESS_MESSAGES.migrationsBehind(1)).toBe('1 migration is not applied to the database.');
    } finally {
      await app.deps.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('answers 503 naming the storage when uploads cannot be written', async () => {
    const res = await plain.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not_ready',
      checks: {
        database: { ok: true },
        migrations: { ok: true },
        storage: { ok: false, message: READINESS_MESSAGES.storageUnwritable },
      },
    });
    // Liveness is another question: the process and its database are fine.
    expect((await plain.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
