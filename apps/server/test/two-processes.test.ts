/**
 * Production shape (issue 14, ARCHITECTURE §5): TWO server processes (src/main.ts, as `npm start` runs it)
 * on ONE PostgreSQL, uploads in one S3 bucket (s3rver, in this process). Shows: customers racing for one
 * time through both instances — one hold; the order confirmation reaching a socket on the other instance;
 * jobs both workers poll run once each; an upload on A served by B; and a graceful shutdown (SIGTERM with a
 * request in flight: it is answered, new connections are refused, the process exits 0 and the job it held
 * is handed back, so the other instance runs it at once rather than after the 10-minute lease).
 * PostgreSQL only (npm run test:pg, which CI runs): the embedded database belongs to one process.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { SecretBox } from '../src/adapters/calendars/secret-box';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { wrapPostgres, type Database } from '../src/db/client';
import { jobs, mailOutbox, orders, vendorCalendars } from '../src/db/schema';
import { connectIcs } from '../src/modules/calendar-sync/connections';
import { enqueueJob } from '../src/modules/jobs/repo';
import { multipartBody, pictureFile } from './multipart';
import { createPayableVendor, houseAnswers, type PayableVendor } from './payable-vendor';
import { createPricedVendor } from './pricing-fixtures';
import { freePort, startServerProcess } from './server-process';
import { signUpPayload } from './test-app';
import { createTestDatabase } from './test-db';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON answers the test reads
type Json = Record<string, any>;

const onPostgres = Boolean(inject('templateDatabaseUrl'));
const BUCKET = 'marketplace-uploads';
const PASSWORD = 'Password123!';

/** A local iCal feed server whose answers the test can hold back (a slow calendar). */
function feedServer() {
  const holding = new Set<string>();
  const held = new Map<string, http.ServerResponse[]>();
  const hits: string[] = [];
  const answer = (res: http.ServerResponse) => {
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.end(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'END:VCALENDAR'].join('\r\n'));
  };
  const server = http.createServer((req, res) => {
    const p = req.url ?? '/';
    hits.push(p);
    if (!holding.has(p)) return answer(res);
    held.set(p, [...(held.get(p) ?? []), res]);
  });
  return {
    server,
    hits,
    hold: (p: string) => holding.add(p),
    heldCount: (p: string) => held.get(p)?.length ?? 0,
    release(p: string) {
      holding.delete(p);
      for (const res of held.get(p) ?? []) answer(res);
      held.delete(p);
    },
    releaseAll() {
      for (const p of [...holding]) this.release(p);
    },
  };
}

/** A browser-like client that can talk to either instance with one session (cookie and CSRF token). */
function client() {
  let cookie = '';
  let csrf = '';
  const call = async (
    base: string,
    method: string,
    url: string,
    body?: unknown,
    raw?: { payload: Buffer; headers: Record<string, string> },
  ) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...raw?.headers,
      },
      body: raw ? new Uint8Array(raw.payload) : body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    const token = res.headers.get('x-csrf-token');
    if (token) csrf = token;
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json };
  };
  return { call, cookie: () => cookie };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Whether a new TCP connection to the port is refused. */
function refused(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return resolve({ code: child.exitCode, signal: child.signalCode });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });

describe.skipIf(!onPostgres)(
  'two server processes on one PostgreSQL (skipped on PGlite: the embedded database is one process only; runs in npm run test:pg)',
  () => {
    let keepAlive: Database & { url?: string };
    let db: Database;
    let s3: S3rver;
    let s3Folder: string;
    let feeds: ReturnType<typeof feedServer>;
    let feedBase: string;
    const dataDirs: string[] = [];
    const servers: { child: ChildProcess; port: number; base: string }[] = [];
    let vendor: PayableVendor;
    let vendorEmail: string;
    let vendorCalendarId: number;
    let winner: { customer: ReturnType<typeof client>; email: string; confirmationId: string };
    let winnerIntent: { clientSecret: string; paymentIntentId: string };
    let ownerClient: ReturnType<typeof client>;

    beforeAll(async () => {
      keepAlive = await createTestDatabase();
      const url = keepAlive.url!;
      db = wrapPostgres(url, 2);
      s3Folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stg-two-s3-'));
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: s3Folder,
        configureBuckets: [{ name: BUCKET, configs: [] }],
      });
      const { port: s3Port } = await s3.run();
      feeds = feedServer();
      await new Promise<void>((resolve) => feeds.server.listen(0, '127.0.0.1', resolve));
      feedBase = `http://127.0.0.1:${(feeds.server.address() as net.AddressInfo).port}`;

      // What an operator and the vendors did before: a vendor ready to be paid, another with a calendar feed.
      const key = randomBytes(32);
      const setup = await buildApp({
        database: wrapPostgres(url, 2),
        storage: new MemoryStorage(),
        calendarSync: { secretBox: new SecretBox(key), ics: { allowPrivateAddresses: true } },
      });
      vendorEmail = 'two-processes-vendor@example.com';
      vendor = await createPayableVendor(setup, vendorEmail);
      const [own] = await db.db
        .select({ id: vendorCalendars.id })
        .from(vendorCalendars)
        .where(eq(vendorCalendars.vendorId, vendor.vendorId));
      vendorCalendarId = own!.id;
      const withFeed = await createPricedVendor(setup, { email: 'feed-vendor@example.com' });
      const [calendar] = await db.db
        .insert(vendorCalendars)
        .values({ vendorId: withFeed.vendorId })
        .returning();
      await connectIcs(setup.deps, calendar!, `${feedBase}/feed-vendor.ics`, new Date());
      await setup.close();

      const env = {
        TRUST_PROXY: 'true',
        STORAGE_DRIVER: 's3',
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        CALENDAR_TOKEN_KEY: key.toString('hex'),
        CALENDAR_ALLOW_PRIVATE_URLS: 'true',
        RATE_LIMIT_SCALE: '100',
      };
      const ports = [await freePort(), await freePort()];
      const children = await Promise.all(
        ports.map((port) => {
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stg-two-'));
          dataDirs.push(dataDir);
          return startServerProcess({ port, dataDir, databaseUrl: url, env });
        }),
      );
      children.forEach((child, i) =>
        servers.push({ child, port: ports[i]!, base: `http://127.0.0.1:${ports[i]}` }),
      );
    }, 180_000);

    afterAll(async () => {
      for (const s of servers)
        if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => exited(s.child)));
      feeds?.releaseAll();
      await new Promise((r) => feeds?.server.close(r));
      feeds?.server.closeAllConnections();
      await s3?.close();
      await db?.close();
      await keepAlive?.close();
      for (const d of [...dataDirs, s3Folder]) if (d) fs.rmSync(d, { recursive: true, force: true });
    });

    const A = () => servers[0]!.base;
    const B = () => servers[1]!.base;

    it('customers racing for one time through both instances: exactly one hold, every other refused', async () => {
      const probe = client();
      const times = await probe.call(
        A(),
        'GET',
        `/api/vendors/${vendor.vendorId}/vendor_calendars?duration=30`,
      );
      // A day at least two ahead, so the order's reminder (24 h before) is still to come.
      const day = (times.json.days as { ranges: { start_time: string }[] }[]).find(
        (d) => d.ranges.length > 0 && Date.parse(d.ranges[0]!.start_time) > Date.now() + 48 * 3_600_000,
      )!;
      const slot = day.ranges[0]!.start_time;

      const racers = [];
      for (let i = 0; i < 6; i++) {
        const base = i % 2 === 0 ? A() : B();
        const customer = client();
        const email = `racer-${i}@example.com`;
        await customer.call(base, 'GET', '/api/session');
        expect((await customer.call(base, 'POST', '/api/users', signUpPayload({ email }))).status).toBe(201);
        const priced = await customer.call(base, 'POST', '/api/bookings', {
          booking: { vendorId: vendor.vendorId, answers: houseAnswers(vendor) },
        });
        const bookingId = priced.json.booking.id as number;
        const put = await customer.call(base, 'PUT', `/api/bookings/${bookingId}`, {
          booking: { appointmentAt: slot },
        });
        expect(put.status).toBe(200);
        racers.push({ base, customer, email, bookingId });
      }
      const answers = await Promise.all(
        racers.map((r) =>
          r.customer.call(r.base, 'POST', '/api/payments/create-payment-intent', {
            booking: { id: r.bookingId },
          }),
        ),
      );
      const won = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
      expect(won).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status).toBe(409);
        expect(a.json.error_type).toBe('appointment_unavailable');
      }
      const w = racers[won[0]!]!;
      winner = {
        customer: w.customer,
        email: w.email,
        confirmationId: answers[won[0]!]!.json.confirmationId,
      };
      winnerIntent = answers[won[0]!]!.json as { clientSecret: string; paymentIntentId: string };
    }, 120_000);

    it('the order confirmation reaches a socket on instance B when the payment completes through instance A', async () => {
      const frames: Json[] = [];
      const ws = new WebSocket(`${B().replace('http', 'ws')}/api/cable`, ['actioncable-v1-json'], {
        headers: { cookie: winner.customer.cookie() },
      });
      ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Json));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const identifier = JSON.stringify({
        channel: 'OrderConfirmationChannel',
        confirmation_id: winner.confirmationId,
      });
      ws.send(JSON.stringify({ command: 'subscribe', identifier }));
      await until('the subscription', async () => frames.some((f) => f.type === 'confirm_subscription'));

      const paid = await winner.customer.call(A(), 'POST', '/api/payments/sandbox/confirm', {
        clientSecret: winnerIntent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
        returnUrl: '/orders',
      });
      expect(paid.json.status).toBe('succeeded');
      const confirmed = await winner.customer.call(A(), 'POST', '/api/payments/confirm', {
        paymentIntentId: winnerIntent.paymentIntentId,
      });
      expect(confirmed.json.status).toBe('succeeded');
      const delivered = await until('the confirmation on B', async () =>
        frames.find((f) => f.identifier === identifier && f.message),
      );
      expect(delivered.message).toMatchObject({
        confirmationId: winner.confirmationId,
        status: 'confirmed',
        order: { confirmationId: winner.confirmationId, paymentStatus: 'collected' },
      });
      ws.close();
      expect(await db.db.select().from(orders).where(eq(orders.vendorId, vendor.vendorId))).toHaveLength(1);
    }, 60_000);

    it('jobs due at once while both instances’ workers poll: each runs exactly once', async () => {
      const [order] = await db.db
        .select()
        .from(orders)
        .where(eq(orders.confirmationId, winner.confirmationId));
      // The order's reminder, enqueued once by the payment, made due now, plus 29 more like it.
      const key = `order-reminder:${order!.id}:${order!.appointmentAt.getTime()}`;
      const [reminder] = await db.db.select().from(jobs).where(eq(jobs.uniqueKey, key));
      expect(reminder).toMatchObject({ status: 'queued', attempts: 0 });
      const now = new Date();
      await db.db.update(jobs).set({ runAt: now }).where(eq(jobs.uniqueKey, key));
      for (let i = 1; i < 30; i++)
        await enqueueJob(db.db, {
          kind: 'order-reminder',
          payload: reminder!.payload,
          runAt: now,
          uniqueKey: `${key}:copy-${i}`,
        });
      const reminders = () =>
        db.db
          .select()
          .from(jobs)
          .where(like(jobs.uniqueKey, `${key}%`));
      const done = await until(
        'the reminders to run',
        async () => {
          const rows = await reminders();
          return rows.every((r) => r.status === 'done') && rows;
        },
        40_000,
      );
      // Both workers poll again and nothing runs again: each runs one more job, a reminder of no order (it
      // sends nothing). The first probe goes to whichever worker polls first; that worker's process is then
      // paused (SIGSTOP) while the second probe waits, so only the other worker can run it. (Enqueuing probes
      // one at a time until both had taken one depended on timing: with the two 5-second polls close together,
      // the same worker could take all ten probes, or they outlasted the test's time.)
      const runProbe = async (name: string) => {
        const probeKey = `${randomBytes(4).toString('hex')}:poll-probe`;
        await enqueueJob(db.db, {
          kind: 'order-reminder',
          payload: { orderId: 0, appointmentAt: now.toISOString() },
          runAt: new Date(),
          uniqueKey: probeKey,
        });
        const probe = await until(`the ${name} poll probe to run`, async () => {
          const [row] = await db.db.select().from(jobs).where(eq(jobs.uniqueKey, probeKey));
          return row?.status === 'done' && row;
        });
        return probe.lockedBy!;
      };
      const first = await runProbe('first');
      const firstServer = servers.find((s) => first.startsWith(`worker-${s.child.pid}-`))!;
      // Paused once it has written the probe done (it holds no lock then: each claim and each outcome is its
      // own statement), and the second probe is enqueued after the pause, so this worker cannot claim it.
      firstServer.child.kill('SIGSTOP');
      const second = await runProbe('second').finally(() => firstServer.child.kill('SIGCONT'));
      const pollers = new Set([first, second]);
      expect(pollers.size).toBe(2);
      expect(done).toHaveLength(30);
      for (const r of await reminders()) expect(r).toMatchObject({ status: 'done', attempts: 1 });
      const mails = await db.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, winner.email), like(mailOutbox.subject, 'Reminder:%')));
      expect(mails).toHaveLength(30);
      const byWorker: Record<string, number> = {};
      for (const r of done) byWorker[r.lockedBy!] = (byWorker[r.lockedBy!] ?? 0) + 1;
      console.info(`reminder jobs run per worker: ${JSON.stringify(byWorker)}`);
    }, 90_000);

    it('an upload through instance A is served by instance B (one S3 bucket)', async () => {
      const owner = client();
      await owner.call(A(), 'GET', '/api/session');
      expect(
        (await owner.call(A(), 'POST', '/api/session', { user: { email: vendorEmail, password: PASSWORD } }))
          .status,
      ).toBe(200);
      const form = await multipartBody([
        { field: 'vendor[logoImageUrl]', data: await pictureFile('png', 300, 300), name: 'logo.png' },
      ]);
      const res = await owner.call(A(), 'PATCH', `/api/vendors/${vendor.vendorId}`, undefined, form);
      expect(res.status).toBe(200);
      const logo = res.json.logoImageUrl as string;
      expect(logo).toMatch(/^\/uploads\/logo\//);
      const [fromA, fromB] = await Promise.all([fetch(`${A()}${logo}`), fetch(`${B()}${logo}`)]);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(
        true,
      );
      ownerClient = owner;
    }, 60_000);

    it('SIGTERM with a request in flight: it is answered, new connections are refused, exit 0, the held job is taken over at once', async () => {
      // A calendar-sync job whose feed does not answer: the instance that claims it holds its lease.
      feeds.hold('/feed-vendor.ics');
      await enqueueJob(db.db, {
        kind: 'calendar-sync',
        runAt: new Date(),
        uniqueKey: 'calendar-sync:shutdown-test',
        maxAttempts: 1,
      });
      const job = await until(
        'an instance to claim the job',
        async () => {
          const [row] = await db.db
            .select()
            .from(jobs)
            .where(eq(jobs.uniqueKey, 'calendar-sync:shutdown-test'));
          return row?.status === 'running' && feeds.heldCount('/feed-vendor.ics') > 0 && row;
        },
        20_000,
      );
      const holder = servers.find((s) => job.lockedBy!.startsWith(`worker-${s.child.pid}-`))!;
      const other = servers.find((s) => s !== holder)!;

      // A slow request on that instance: the vendor connects a calendar whose feed answers late.
      feeds.hold('/slow.ics');
      let answered = false;
      const slow = ownerClient
        .call(holder.base, 'POST', `/api/vendor_calendars/${vendorCalendarId}/ics`, {
          icsUrl: `${feedBase}/slow.ics`,
        })
        .finally(() => (answered = true));
      await until('the slow feed to be asked', async () => feeds.heldCount('/slow.ics') > 0);

      const signalled = Date.now();
      const exit = exited(holder.child);
      holder.child.kill('SIGTERM');
      // A bound to catch a hang, not a timing claim: a busy machine may take seconds to run the handler.
      await until('new connections to be refused', () => refused(holder.port), 20_000);
      const refusedAfterMs = Date.now() - signalled;
      expect(answered).toBe(false); // still in flight
      feeds.release('/slow.ics');
      const res = await slow;
      expect(res.status).toBe(200);
      const { code, signal } = await exit;
      const exitedAfterMs = Date.now() - signalled;
      expect({ code, signal }).toEqual({ code: 0, signal: null });

      // The lease was handed back before the process ended: not still "running" on the dead instance.
      const [after] = await db.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(after!.status === 'running' && after!.lockedBy === job.lockedBy).toBe(false);
      const takenOver = await until(
        'the other instance to run the job',
        async () => {
          const [row] = await db.db.select().from(jobs).where(eq(jobs.id, job.id));
          return row?.status === 'done' && row;
        },
        20_000,
      );
      const takenAfterMs = Date.now() - signalled - exitedAfterMs;
      expect(takenOver.lockedBy!.startsWith(`worker-${other.child.pid}-`)).toBe(true);
      expect(takenOver.attempts).toBe(1);
      expect((await fetch(`${other.base}/api/health`)).status).toBe(200);
      console.info(
        `shutdown: refused new connections after ${refusedAfterMs} ms, exited 0 after ${exitedAfterMs} ms, ` +
          `job taken over ${takenAfterMs} ms after the exit (lease: 600000 ms)`,
      );
    }, 90_000);
  },
);
