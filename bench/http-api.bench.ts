/**
 * Load on the read endpoints a visitor hits first, in-process on 127.0.0.1 with seeded demo data.
 * Bounded: a few seconds per endpoint, 10 connections. Prints requests/s and latency percentiles.
 */
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import { MemoryStorage } from '../apps/server/src/adapters/storage/local-storage';
import { buildApp } from '../apps/server/src/app';
import { pgliteExtensions, wrapPglite } from '../apps/server/src/db/client';
import { seedDemoData } from '../apps/server/src/db/seed/seed-demo-data';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

const database = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }));
await database.migrate();
const storage = new MemoryStorage();
await seedDemoData(database.db, storage, { now: new Date() });
const app = await buildApp({ database, storage });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const vendors = (await (await fetch(`${address}/api/vendors`)).json()) as { id: number }[];

async function run(title: string, path: string) {
  const result = await autocannon({ url: `${address}${path}`, connections: 10, duration: DURATION_S });
  console.info(
    `${title.padEnd(28)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`,
  );
}

await run('GET /api/health', '/api/health');
await run('GET /api/vendors', '/api/vendors');
await run('GET /api/vendors/{id}', `/api/vendors/${vendors[0]!.id}`);
await run('GET /api/session (guest)', '/api/session');
await app.close();
