/**
 * A stopping worker (SIGTERM) hands its leases back: jobs claimed but not started at once, the job in
 * hand after the grace period; another worker then takes them at its next pass, the attempt not counted.
 * A worker whose lease was handed back or taken over no longer writes the job's outcome.
 */
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { createTestDatabase } from '../../../test/test-db';
import { claimDueJobs, completeJob, enqueueJob, releaseJobs } from './repo';
import { JobWorker } from './worker';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
});

const t0 = new Date('2026-03-08T08:00:00Z');
const rows = () => database.db.select().from(jobs).orderBy(asc(jobs.id));

it('hands back the jobs not started at once and the one in hand after the grace; another worker runs them', async () => {
  for (let n = 1; n <= 3; n++) await enqueueJob(database.db, { kind: 'slow', payload: { n }, runAt: t0 });
  let letGo: () => void = () => undefined;
  const started: number[] = [];
  const a = new JobWorker({
    db: database.db,
    now: () => t0,
    handlers: {
      slow: async (job) => {
        started.push(Number(job.payload.n));
        await new Promise<void>((resolve) => (letGo = resolve));
      },
    },
  });
  a.start();
  while (started.length === 0) await new Promise((r) => setTimeout(r, 10));
  expect((await rows()).map((r) => [r.status, r.lockedBy])).toEqual([
    ['running', a.id],
    ['running', a.id],
    ['running', a.id],
  ]);

  const stopping = a.stop(200);
  // The two not started are queued again at once, their attempt not counted; the first is still in hand
  // (the grace's 200 ms only start once they are handed back).
  await vi.waitFor(
    async () =>
      expect(
        (await rows()).map((r) => [
          Number(r.payload.n) === started[0] ? 'in hand' : 'other',
          r.status,
          r.attempts,
        ]),
      ).toEqual(
        [1, 2, 3].map((n) => (n === started[0] ? ['in hand', 'running', 1] : ['other', 'queued', 0])),
      ),
    { timeout: 5_000, interval: 10 },
  );
  await stopping; // the grace ran out: the job in hand is handed back too
  expect((await rows()).map((r) => [r.status, r.lockedBy, r.attempts])).toEqual([
    ['queued', null, 0],
    ['queued', null, 0],
    ['queued', null, 0],
  ]);

  const ran: number[] = [];
  const b = new JobWorker({
    db: database.db,
    now: () => t0,
    handlers: { slow: async (job) => void ran.push(Number(job.payload.n)) },
  });
  expect(await b.runOnce()).toBe(3);
  expect(ran.sort()).toEqual([1, 2, 3]);
  // A's handler finishing late changes nothing: the lease is no longer its own.
  letGo();
  // Stopping again waits (within its grace) for A's pass to end, so for its late write of the outcome.
  await a.stop(5_000);
  expect((await rows()).map((r) => [r.status, r.lockedBy, r.attempts])).toEqual([
    ['done', b.id, 1],
    ['done', b.id, 1],
    ['done', b.id, 1],
  ]);
  expect(started).toHaveLength(1);
});

it('lets the job in hand finish within the grace, then stops without handing anything back', async () => {
  await enqueueJob(database.db, { kind: 'quick', runAt: t0 });
  let started = false;
  let finish: () => void = () => undefined;
  const worker = new JobWorker({
    db: database.db,
    now: () => t0,
    handlers: {
      quick: async () => {
        started = true;
        await new Promise<void>((resolve) => (finish = resolve));
      },
    },
  });
  worker.start();
  while (!started) await new Promise((r) => setTimeout(r, 10));
  // The job ends after the stop began, well within its grace.
  const stopping = worker.stop(5_000);
  finish();
  await stopping;
  const [row] = await rows();
  expect(row).toMatchObject({ status: 'done', lockedBy: worker.id, attempts: 1 });
  expect(await worker.runOnce()).toBe(0); // stopped: claims nothing more
});

it('writes the outcome only while the worker holds the lease', async () => {
  await enqueueJob(database.db, { kind: 'k', runAt: t0 });
  const [job] = await claimDueJobs(database.db, 'worker-a', t0, 1);
  expect(await releaseJobs(database.db, [job!.id], 'worker-b', t0)).toBe(0); // not b's to give back
  expect(await releaseJobs(database.db, [job!.id], 'worker-a', t0)).toBe(1);
  const [again] = await claimDueJobs(database.db, 'worker-b', t0, 1);
  expect(again!.id).toBe(job!.id);
  expect(again!.attempts).toBe(1);
  expect(await completeJob(database.db, { id: job!.id, workerId: 'worker-a' }, t0)).toBe(false);
  expect((await database.db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]!.status).toBe('running');
  expect(await completeJob(database.db, { id: job!.id, workerId: 'worker-b' }, t0)).toBe(true);
});

it('runs a pass’s jobs several at a time, each once, and a stop hands back only those not in hand', async () => {
  for (let n = 1; n <= 5; n++) await enqueueJob(database.db, { kind: 'slow', payload: { n }, runAt: t0 });
  const started: number[] = [];
  const gates = new Map<number, () => void>();
  const worker = new JobWorker({
    db: database.db,
    now: () => t0,
    pollMs: 3_600_000,
    concurrency: 2,
    handlers: {
      slow: async (job) => {
        const n = Number(job.payload.n);
        started.push(n);
        // Each job reads the database while another is in hand (on PGlite, its one connection).
        await database.db.select().from(jobs).where(eq(jobs.id, job.id));
        await new Promise<void>((resolve) => gates.set(n, resolve));
      },
    },
  });
  worker.start();
  // Two lanes: two jobs start together (the claim returns its rows in no set order), a third waits for one
  // of them to finish.
  await vi.waitFor(() => expect(gates.size).toBe(2), { timeout: 5_000, interval: 10 });
  const [first, second] = started as [number, number];
  gates.get(second)!();
  await vi.waitFor(() => expect(gates.size).toBe(3), { timeout: 5_000, interval: 10 });
  const third = started[2]!;
  const rest = [1, 2, 3, 4, 5].filter((n) => !started.includes(n));
  const byN = async () =>
    Object.fromEntries((await rows()).map((r) => [Number(r.payload.n), [r.status, r.attempts]]));
  await vi.waitFor(async () => expect((await byN())[second]).toEqual(['done', 1]), { timeout: 5_000 });

  // Stopping now: two are in hand and may finish within the grace; the two not started are handed back.
  const stopping = worker.stop(5_000);
  const expected = (inHand: string) => ({
    [first]: [inHand, 1],
    [second]: ['done', 1],
    [third]: [inHand, 1],
    [rest[0]!]: ['queued', 0],
    [rest[1]!]: ['queued', 0],
  });
  await vi.waitFor(async () => expect(await byN()).toEqual(expected('running')), {
    timeout: 5_000,
    interval: 10,
  });
  gates.get(first)!();
  gates.get(third)!();
  await stopping;
  expect(await byN()).toEqual(expected('done'));

  // Another worker, four at a time, runs the two handed back, once each.
  const ran: number[] = [];
  const other = new JobWorker({
    db: database.db,
    now: () => t0,
    concurrency: 4,
    handlers: { slow: async (job) => void ran.push(Number(job.payload.n)) },
  });
  expect(await other.runOnce()).toBe(2);
  expect(ran.sort()).toEqual(rest.sort());
  expect((await rows()).map((r) => r.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
  expect(started).toHaveLength(3);
});
