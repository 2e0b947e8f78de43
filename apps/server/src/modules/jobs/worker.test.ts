import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, jobs, sessions, vendors } from '../../db/schema';
import { createTestDatabase } from '../../../test/test-db';
import { createSession } from '../auth/session-repo';
import { MAINTENANCE, runMaintenance } from './maintenance';
import { enqueueJob } from './repo';
import { JobWorker, type JobHandler } from './worker';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
});

const t0 = new Date('2026-03-08T08:00:00Z');

describe('job worker', () => {
  it('runs a due job once, and leaves a future one alone', async () => {
    const seen: unknown[] = [];
    const handler: JobHandler = async (job) => {
      seen.push(job.payload);
    };
    await enqueueJob(database.db, { kind: 'echo', payload: { n: 1 }, runAt: t0 });
    await enqueueJob(database.db, {
      kind: 'echo',
      payload: { n: 2 },
      runAt: new Date(t0.getTime() + 60_000),
    });
    const a = new JobWorker({ db: database.db, handlers: { echo: handler }, now: () => t0 });
    const b = new JobWorker({ db: database.db, handlers: { echo: handler }, now: () => t0 });
    const ran = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ran[0] + ran[1]).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await a.runOnce()).toBe(0);
  });

  it('retries a failing job with backoff, then marks it failed', async () => {
    let now = t0;
    const worker = new JobWorker({
      db: database.db,
      handlers: {
        boom: async () => {
          throw new Error('provider down');
        },
      },
      now: () => now,
    });
    await enqueueJob(database.db, { kind: 'boom', runAt: t0, maxAttempts: 2 });
    expect(await worker.runOnce()).toBe(1);
    let [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'provider down' });
    expect(row!.runAt.getTime()).toBe(t0.getTime() + 30_000);
    expect(await worker.runOnce()).toBe(0); // not due yet
    now = new Date(t0.getTime() + 30_000);
    expect(await worker.runOnce()).toBe(1);
    [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('enqueues recurring work once per period, whatever the number of instances', async () => {
    let runs = 0;
    const make = () =>
      new JobWorker({
        db: database.db,
        handlers: {
          [MAINTENANCE.kind]: async () => {
            runs++;
          },
        },
        recurring: [MAINTENANCE],
        now: () => t0,
      });
    await make().runOnce();
    await make().runOnce();
    expect(runs).toBe(1);
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'maintenance'))).toHaveLength(1);
  });

  it('maintenance removes expired sessions, with the bookings only they owned', async () => {
    const old = await createSession(database.db, {
      userId: null,
      ttlDays: 1,
      now: new Date('2026-01-01T00:00:00Z'),
    });
    const live = await createSession(database.db, { userId: null, ttlDays: 30, now: t0 });
    await database.db.execute(sql`
      insert into vendors (name, category, phone_number, email) values ('V', 'house_cleaning', '4355550000', 'v@example.com')`);
    const [vendor] = await database.db.select({ id: vendors.id }).from(vendors).limit(1);
    await database.db
      .insert(bookings)
      .values({ sessionId: old.session.id, vendorId: vendor!.id, priceCents: 5000, durationMins: 60 });
    await runMaintenance(
      { id: 0, kind: 'maintenance', payload: {}, attempts: 1, maxAttempts: 1 },
      { db: database.db, now: t0 },
    );
    const ids = (await database.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id);
    expect(ids).toContain(live.session.id);
    expect(ids).not.toContain(old.session.id);
    expect(await database.db.select().from(bookings)).toHaveLength(0);
  });
});

describe('job worker polling', () => {
  it('runs the next pass at once after a full batch, so a backlog drains without waiting for the poll', async () => {
    for (let n = 1; n <= 5; n++) await enqueueJob(database.db, { kind: 'echo', payload: { n }, runAt: t0 });
    const seen: number[] = [];
    // A poll an hour apart: only passes run back to back can finish five jobs two at a time.
    const worker = new JobWorker({
      db: database.db,
      handlers: {
        echo: async (job) => {
          seen.push(Number(job.payload.n));
        },
      },
      now: () => t0,
      batchSize: 2,
      pollMs: 3_600_000,
    });
    worker.start();
    try {
      await vi.waitFor(() => expect(seen.sort()).toEqual([1, 2, 3, 4, 5]), { timeout: 20_000 });
      const left = await database.db.select().from(jobs).where(eq(jobs.status, 'queued'));
      expect(left).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('claims the next batch while a lane is still busy: no lane waits for the rest of its batch', async () => {
    for (let n = 1; n <= 4; n++) await enqueueJob(database.db, { kind: 'echo', payload: { n }, runAt: t0 });
    const seen: number[] = [];
    let thirdStarted: () => void = () => undefined;
    const third = new Promise<void>((resolve) => (thirdStarted = resolve));
    // Job 1 ends only once job 3, of the next batch, has started: a pass that waited for its whole batch
    // (1 and 2) before claiming 3 and 4 would never end.
    const worker = new JobWorker({
      db: database.db,
      handlers: {
        echo: async (job) => {
          const n = Number(job.payload.n);
          if (n === 1) await third;
          if (n === 3) thirdStarted();
          seen.push(n);
        },
      },
      now: () => t0,
      batchSize: 2,
      concurrency: 2,
      pollMs: 3_600_000,
    });
    worker.start();
    try {
      await vi.waitFor(() => expect(seen.sort()).toEqual([1, 2, 3, 4]), { timeout: 20_000 });
      await vi.waitFor(
        async () =>
          expect(await database.db.select().from(jobs).where(eq(jobs.status, 'done'))).toHaveLength(4),
        { timeout: 20_000 },
      );
    } finally {
      await worker.stop();
    }
  });
});
