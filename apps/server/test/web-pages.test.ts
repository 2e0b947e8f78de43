/**
 * Issue 15 (ADR 0025): the web app's pages carry their first data. `/`, `/services`, `/home` and
 * `/vendors/{id}` are index.html with a `<script type="application/json" id="boot-data">` block holding
 * exactly what GET /api/session answers for this cookie and the page's public answer (the same bytes as
 * the API's, from the same cache), a preload of the provider page's banner and of its lazy chunk; marked
 * private, revalidated by a weak ETag, compressed per request. Issue 27: a signed-in user's own pages also
 * preload the signed-in header and their chunks, and carry the answers of their first GETs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTED_CATEGORIES } from '@stg/domain/constants';
import { CARD_COVER_SIZES } from '@stg/domain/cover-images';
import { SecretBox } from '../src/adapters/calendars/secret-box';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { images, vendors } from '../src/db/schema';
import { bannerImage, chunkPreloads, escapeJsonForHtml, negotiateEncoding } from '../src/web-pages';
import { signedUpCustomer } from './checkout-fixtures';
import { createPricedVendor } from './pricing-fixtures';
import { TestClient } from './test-app';
import { createTestDatabase } from './test-db';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON answers the test reads
type Json = Record<string, any>;

const PASSWORD = 'Password123!';
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Servo</title>' +
  '<script type="module" crossorigin src="/assets/index-AbC123.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-Sh4r3d.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-Css111.css"></head>' +
  '<body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': {
    file: 'assets/index-AbC123.js',
    isEntry: true,
    imports: ['_vendor-Sh4r3d.js'],
    css: ['assets/index-Css111.css'],
    dynamicImports: ['src/features/provider/routes/provider-page.tsx'],
  },
  '_vendor-Sh4r3d.js': { file: 'assets/vendor-Sh4r3d.js' },
  'src/app/layouts/signed-in-header.tsx': {
    file: 'assets/signed-in-header-H3ad.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  'src/features/orders/routes/orders-page.tsx': {
    file: 'assets/orders-page-0rd3r5.js',
    isDynamicEntry: true,
    imports: ['index.html', '_booking-B00k99.js'],
    css: ['assets/orders-page-Css333.css'],
  },
  '_booking-B00k99.js': { file: 'assets/booking-B00k99.js', imports: ['_vendor-Sh4r3d.js'] },
  'src/features/provider/routes/provider-page.tsx': {
    file: 'assets/provider-page-Pr0v1d.js',
    isDynamicEntry: true,
    imports: ['index.html', '_booking-B00k99.js'],
    css: ['assets/provider-page-Css222.css'],
  },
};

let webDist: string;
let app: FastifyInstance;
let vendorId: number;
let otherVendorId: number;
/** Every instant the app read from its clock (the wall clock, recorded): a page is stamped with one. */
const clockReads: number[] = [];
const recordingClock = () => {
  const d = new Date();
  clockReads.push(d.getTime());
  return d;
};

/** The body as sent, decoded by its Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

/** The page's boot data block: its raw text and its parsed value. */
function bootOf(html: string): { text: string; data: { at: number; answers: Record<string, unknown> } } {
  const match = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html);
  expect(match, 'boot data block').not.toBeNull();
  return { text: match![1]!, data: JSON.parse(match![1]!) };
}

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip', ...headers } });
const answersOf = async (url: string, client?: TestClient) => {
  const res = client
    ? await client.request({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })
    : await page(url);
  expect(res.statusCode, url).toBe(200);
  return bootOf(decoded(res)).data.answers;
};

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-pages-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  app = await buildApp({
    database: await createTestDatabase(),
    storage: new MemoryStorage(),
    now: recordingClock,
    webDistDir: webDist,
    rateLimitScale: 1000,
    publicUrl: 'http://localhost:3000',
    calendarSync: { secretBox: new SecretBox(randomBytes(32)), ics: {} },
  });
  vendorId = (await createPricedVendor(app, { email: 'page-vendor@example.com' })).vendorId;
  otherVendorId = (await createPricedVendor(app, { email: 'page-other@example.com' })).vendorId;
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('a guest’s pages', () => {
  it('/ carries the signed-out session and the exact bytes of GET /api/vendors', async () => {
    clockReads.length = 0;
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const vary = String(res.headers.vary).toLowerCase();
    expect(vary).toContain('cookie');
    expect(vary).toContain('accept-encoding');
    // The page's policy (scripts from this origin only): the data block is not a script it runs.
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = decoded(res);
    const { text, data } = bootOf(html);
    expect(clockReads).toContain(data.at); // stamped by the app's clock while answering, not a guess
    expect(Object.keys(data.answers)).toEqual(['/api/session', '/api/vendors']);
    expect(data.answers['/api/session']).toEqual({
      user: null,
      addresses: [],
      orders: [],
      vendor: null,
      bookings: [],
      guestInputs: {},
    });
    const api = await app.inject({ method: 'GET', url: '/api/vendors' });
    expect(text).toContain(`"/api/vendors":${api.body}`);
    // The rest of the page is index.html unchanged; no preloads on a page without a lazy chunk.
    expect(html.replace(/<script type="application\/json" id="boot-data">.*?<\/script>/s, '')).toBe(
      INDEX_HTML,
    );
    // No session is started for a mere page view.
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('/services and /home carry the vendor list too; other pages only the session', async () => {
    for (const url of ['/services?category=all', '/services', '/home'])
      expect(Object.keys(await answersOf(url)), url).toEqual(['/api/session', '/api/vendors']);
    for (const url of ['/about-us', '/dashboard/orders?x=1', '/vendors', '/vendors/1/extra'])
      expect(Object.keys(await answersOf(url)), url).toEqual(['/api/session']);
  });

  it('/vendors/{id} carries the exact bytes of GET /api/vendors/{id} and preloads the page’s chunk', async () => {
    const res = await page(`/vendors/${vendorId}`);
    const html = decoded(res);
    const api = await app.inject({ method: 'GET', url: `/api/vendors/${vendorId}` });
    expect(api.statusCode).toBe(200);
    const { text, data } = bootOf(html);
    expect(Object.keys(data.answers)).toEqual(['/api/session', `/api/vendors/${vendorId}`]);
    expect(text).toContain(`"/api/vendors/${vendorId}":${api.body}`);
    // The lazy chunk and what it imports beyond the first bundle, its style sheet; not the entry's chunks.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/provider-page-Pr0v1d.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/booking-B00k99.js">');
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/provider-page-Css222.css">',
    );
    expect(html.match(/vendor-Sh4r3d\.js/g)).toHaveLength(1);
    // No banner uploaded: nothing to preload.
    expect(html).not.toContain('as="image"');
  });

  it('an unknown, malformed or inactive vendor id gets no vendor data (the app asks the API, which says 404)', async () => {
    await app.deps.db.update(vendors).set({ listingStatus: 'inactive' }).where(eq(vendors.id, otherVendorId));
    for (const url of ['/vendors/999999', '/vendors/abc', '/vendors/0', `/vendors/${otherVendorId}`])
      expect(Object.keys(await answersOf(url)), url).toEqual(['/api/session']);
    await app.deps.db.update(vendors).set({ listingStatus: 'active' }).where(eq(vendors.id, otherVendorId));
    expect(Object.keys(await answersOf(`/vendors/${otherVendorId}`))).toEqual([
      '/api/session',
      `/api/vendors/${otherVendorId}`,
    ]);
  });

  it('preloads the provider banner as its <img> draws it (thumbnail, full banner for wide screens)', async () => {
    const [banner] = await app.deps.db
      .insert(images)
      .values({
        blobId: 'banner-blob-for-pages',
        vendorId,
        kind: 'banner',
        contentType: 'image/webp',
        byteSize: 1000,
        width: 1600,
        height: 900,
        storageKey: 'vendors/banner.webp',
        thumbnailKey: 'vendors/banner-thumb.webp',
      })
      .returning();
    await app.deps.db.update(vendors).set({ bannerImageId: banner!.id }).where(eq(vendors.id, vendorId));
    const html = decoded(await page(`/vendors/${vendorId}`));
    const vendor = (await app.inject({ method: 'GET', url: `/api/vendors/${vendorId}` })).json<Json>();
    expect(vendor.thumbnailImageUrl).toBeTruthy();
    const link = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0];
    expect(link).toBe(
      `<link rel="preload" as="image" fetchpriority="high" href="${vendor.thumbnailImageUrl}"` +
        ` imagesrcset="${vendor.thumbnailImageUrl} 480w, ${vendor.bannerImageUrl} 1600w" imagesizes="100vw">`,
    );
    // Before the page's own scripts and styles, so the browser asks for it first.
    expect(html.indexOf(link!)).toBeLessThan(html.indexOf('<script type="module"'));

    // The services page: the first card's cover (the first vendor of the first category shown).
    const cards = (await app.inject({ method: 'GET', url: '/api/vendors' })).json<Json[]>();
    const first = cards.find((c) => c.category === LISTED_CATEGORIES[0])!;
    expect(first.id).toBe(vendorId);
    const cardLink =
      `<link rel="preload" as="image" fetchpriority="high" href="${first.thumbnailImageUrl}"` +
      ` imagesrcset="${first.thumbnailImageUrl} 480w, ${first.bannerImageUrl} 1600w" imagesizes="${CARD_COVER_SIZES}">`;
    for (const url of [
      '/services',
      '/services?category=all',
      `/services?category=${first.category}`,
      '/home',
    ])
      expect(decoded(await page(url)), url).toContain(cardLink);
    // Another category first, whose first vendor has no banner; the landing page's lists are below the fold.
    for (const url of [`/services?category=${LISTED_CATEGORIES[1]}`, '/'])
      expect(decoded(await page(url)), url).not.toContain('as="image"');
  });

  it('no value can end the data block: every < is written \\u003c', async () => {
    const name = 'Evil </script><script>alert(1)</script> <!-- Co & "Sons" \u2028';
    await app.deps.db.update(vendors).set({ name }).where(eq(vendors.id, vendorId));
    for (const url of ['/', `/vendors/${vendorId}`]) {
      const html = decoded(await page(url));
      expect(html.match(/<\/script>/g), url).toHaveLength(2); // the module script's and the block's own
      expect(html).not.toContain('<!--');
      expect(html).not.toContain('alert(1)</script>');
      const { text, data } = bootOf(html);
      expect(text).not.toContain('<');
      const answer =
        url === '/'
          ? (data.answers['/api/vendors'] as Json[]).find((v) => v.id === vendorId)
          : data.answers[url.replace('/vendors', '/api/vendors')];
      expect((answer as Json).name).toBe(name);
    }
    expect(escapeJsonForHtml(JSON.stringify({ a: '</script>' }))).toBe('{"a":"\\u003c/script>"}');
    await app.deps.db.update(vendors).set({ name: 'Page Vendor' }).where(eq(vendors.id, vendorId));
  });
});

describe('a signed-in visitor’s pages', () => {
  it('carry exactly their GET /api/session answer', async () => {
    const { client } = await signedUpCustomer(app, 'pages');
    const answers = await answersOf('/', client);
    const session = await client.session();
    expect(answers['/api/session']).toEqual(session.json());
    expect((answers['/api/session'] as Json).user.email).toMatch(/^pages-/);
  });

  it('a vendor on their own page gets no public data (their page fetches their own variant); on another’s, the public one', async () => {
    const owner = new TestClient(app);
    expect((await owner.signIn('page-vendor@example.com', PASSWORD)).statusCode).toBe(200);
    const own = await answersOf(`/vendors/${vendorId}`, owner);
    expect(Object.keys(own)).toEqual(['/api/session']);
    expect((own['/api/session'] as Json).vendor.id).toBe(vendorId);
    expect(own['/api/session'] as Json).toEqual((await owner.session()).json());
    const other = await answersOf(`/vendors/${otherVendorId}`, owner);
    expect(Object.keys(other)).toEqual(['/api/session', `/api/vendors/${otherVendorId}`]);
  });

  it('a vendor’s write is in the very next page’s data', async () => {
    const owner = new TestClient(app);
    await owner.signIn('page-vendor@example.com', PASSWORD);
    const minPriceOf = async () =>
      ((await answersOf(`/vendors/${vendorId}`))[`/api/vendors/${vendorId}`] as Json).minPrice as number;
    const nameOnList = async () =>
      ((await answersOf('/services'))['/api/vendors'] as Json[]).find((v) => v.id === vendorId)?.name;
    await minPriceOf();
    await nameOnList();
    for (let i = 1; i <= 3; i++) {
      const patched = await owner.request({
        method: 'PATCH',
        url: `/api/vendors/${vendorId}`,
        payload: { vendor: { minPrice: 50 + i } },
      });
      expect(patched.statusCode).toBe(200);
      expect(await minPriceOf()).toBe(50 + i);
    }
    const renamed = await owner.request({
      method: 'PATCH',
      url: `/api/vendors/${vendorId}`,
      payload: { vendor: { name: 'Renamed Crew' }, password: PASSWORD },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await nameOnList()).toBe('Renamed Crew');
  });
});

describe('revalidation, HEAD and encodings', () => {
  it('a weak ETag of the content: 304 while unchanged, 200 after a write', async () => {
    const url = `/vendors/${vendorId}`;
    const first = await page(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const again = await page(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // The same tag whatever the encoding (weak: the content, not the bytes).
    expect((await page(url, { 'accept-encoding': 'identity', 'if-none-match': etag })).statusCode).toBe(304);
    await app.deps.db.update(vendors).set({ minPriceCents: 9900 }).where(eq(vendors.id, vendorId));
    const changed = await page(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('HEAD answers like GET, without a body', async () => {
    for (const url of ['/', `/vendors/${vendorId}`]) {
      const get = await page(url);
      const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(head.statusCode, url).toBe(200);
      expect(head.body).toBe('');
      for (const name of ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary'])
        expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
    }
  });

  it('brotli, gzip or the page itself, as Accept-Encoding allows', async () => {
    const url = `/vendors/${vendorId}`;
    const withoutTime = (html: string) => html.replace(/"at":\d+/, '"at":0');
    const br = await page(url);
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await page(url, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await page(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBeLessThan(plain.rawPayload.length);
    expect(withoutTime(decoded(br))).toBe(withoutTime(decoded(gz)));
    expect(withoutTime(decoded(plain))).toBe(withoutTime(decoded(br)));
    expect(negotiateEncoding('gzip;q=1, *;q=0.5')).toBe('br');
    expect(negotiateEncoding('gzip, *;q=0')).toBe('gzip');
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('signed-in pages (issue 27): their chunks and the answers of their first GETs', () => {
  const preloadsOf = (html: string) =>
    [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)"/g)].map((m) => m[1]);
  const stylesOf = (html: string) =>
    [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((m) => m[1]);

  it('a customer’s /orders carries exactly their GET /api/orders and /api/plans and preloads its chunks', async () => {
    const { client } = await signedUpCustomer(app, 'orders-page');
    const res = await client.request({ method: 'GET', url: '/orders', headers: { 'accept-encoding': 'br' } });
    const html = decoded(res);
    const { answers } = bootOf(html).data;
    expect(Object.keys(answers)).toEqual(['/api/session', '/api/orders', '/api/plans']);
    for (const url of ['/api/orders', '/api/plans'])
      expect(answers[url]).toEqual((await client.request({ method: 'GET', url })).json());
    expect(preloadsOf(html)).toEqual(
      expect.arrayContaining([
        '/assets/signed-in-header-H3ad.js',
        '/assets/orders-page-0rd3r5.js',
        '/assets/booking-B00k99.js',
      ]),
    );
    // The page comes with its frame (ADR 0041), which uses the page's styles: applied, not preloaded.
    expect(stylesOf(html)).toContain('/assets/orders-page-Css333.css');
    expect(preloadsOf(html)).not.toContain('/assets/orders-page-Css333.css');
    // The first bundle's own files only once (Vite's own link).
    expect(preloadsOf(html).filter((href) => href === '/assets/vendor-Sh4r3d.js')).toHaveLength(1);
  });

  it('a signed-in page comes with its frame in #root (ADR 0041); a guest’s and a page without one, an empty #root', async () => {
    const rootOf = (html: string) =>
      /<div id="root">(.*)<\/div><script type="application\/json"/s.exec(html)?.[1] ?? '';
    const { client } = await signedUpCustomer(app, 'framed');
    const framed = decoded(await client.request({ method: 'GET', url: '/orders' }));
    expect(rootOf(framed)).toContain('<h1>Orders</h1>');
    expect(rootOf(framed)).toContain('<header class="site-header site-header--customer">');
    // One header, one main, one h1: the frame is the page's top, React's first render replaces it.
    expect(framed.match(/<header\b/g)).toHaveLength(1);
    expect(framed.match(/<main\b/g)).toHaveLength(1);
    expect(framed.match(/<h1\b/g)).toHaveLength(1);
    const owner = new TestClient(app);
    await owner.signIn('page-vendor@example.com', PASSWORD);
    const history = decoded(await owner.request({ method: 'GET', url: '/dashboard/orders?filter=past' }));
    expect(rootOf(history)).toContain('Past orders (completed or cancelled), latest appointment first.');
    expect(rootOf(history)).toContain('Hi, ');
    const guest = decoded(await new TestClient(app).request({ method: 'GET', url: '/orders' }));
    expect(guest).toContain('<div id="root"></div>');
    expect(stylesOf(guest)).not.toContain('/assets/orders-page-Css333.css');
    const account = decoded(await client.request({ method: 'GET', url: '/account' }));
    expect(account).toContain('<div id="root"></div>');
  });

  it('a vendor’s Order History carries the list of its ?filter=, 50 a page, as GET answers it', async () => {
    const owner = new TestClient(app);
    await owner.signIn('page-vendor@example.com', PASSWORD);
    const answers = await answersOf('/dashboard/orders?filter=past', owner);
    const url = `/api/vendors/${vendorId}/orders?filter=past&limit=50`;
    expect(Object.keys(answers)).toEqual(['/api/session', url]);
    expect(answers[url]).toEqual((await owner.request({ method: 'GET', url })).json());
  });

  it('a vendor’s Plans carries the list of its ?status=, 50 a page, as GET answers it', async () => {
    const owner = new TestClient(app);
    await owner.signIn('page-vendor@example.com', PASSWORD);
    const answers = await answersOf('/dashboard/plans?status=paused', owner);
    const url = `/api/vendors/${vendorId}/plans?status=paused&limit=50`;
    expect(Object.keys(answers)).toEqual(['/api/session', url]);
    expect(answers[url]).toEqual((await owner.request({ method: 'GET', url })).json());
  });

  it('nothing of a page that is not the visitor’s: a guest’s or a customer’s vendor page, a vendor’s /orders', async () => {
    expect(Object.keys(await answersOf('/orders'))).toEqual(['/api/session']);
    const { client } = await signedUpCustomer(app, 'not-theirs');
    expect(Object.keys(await answersOf('/dashboard/orders', client))).toEqual(['/api/session']);
    expect(Object.keys(await answersOf('/operator', client))).toEqual(['/api/session']);
    const owner = new TestClient(app);
    await owner.signIn('page-vendor@example.com', PASSWORD);
    expect(Object.keys(await answersOf('/orders', owner))).toEqual(['/api/session']);
    const guestHtml = decoded(await page('/orders'));
    expect(guestHtml).not.toContain('signed-in-header');
  });
});

describe('the pieces', () => {
  it('chunkPreloads: nothing without a manifest or for a page in the first bundle', () => {
    expect(chunkPreloads(null, '/vendors/1')).toEqual([]);
    expect(chunkPreloads(MANIFEST, '/services')).toEqual([]);
    expect(chunkPreloads({}, '/vendors/1')).toEqual([]);
  });

  it('chunkPreloads: a contract in a shared chunk is found by its name among the dynamic imports', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['_endpoints.js'] },
      '_endpoints.js': { file: 'assets/e.js', name: 'orders.endpoints', dynamicImports: ['_orders.js'] },
      '_orders.js': { file: 'assets/o.js', name: 'orders', imports: ['_zod.js'] },
      '_zod.js': { file: 'assets/z.js', name: 'schemas' },
      // The same name, imported statically only (packages/domain/src/plans.ts beside api/plans.ts).
      '_plans.js': { file: 'assets/p.js', name: 'plans' },
    };
    const contract = (name: string) => `../../packages/domain/src/api/${name}.ts`;
    expect(chunkPreloads(manifest, '/orders', [contract('orders')])).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/o.js">',
      '<link rel="modulepreload" crossorigin href="/assets/z.js">',
    ]);
    expect(chunkPreloads(manifest, '/orders', [contract('plans'), contract('nothing')])).toEqual([]);
  });

  it('bannerImage: no srcset when there is one rendition, nothing without a banner', () => {
    expect(bannerImage('{"thumbnailImageUrl":null,"bannerImageUrl":null}')).toBeNull();
    expect(bannerImage('{"thumbnailImageUrl":"/u/a.webp","bannerImageUrl":"/u/a.webp"}')).toEqual({
      href: '/u/a.webp',
    });
  });
});
