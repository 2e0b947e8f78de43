/**
 * The built web app (ADR 0023) and its pages with their first data (ADR 0025).
 *
 * Files: each file's .br or .gz twin, written at build time, is sent by content negotiation; hashed
 * /assets/* are cached for a year, anything else is revalidated on every use.
 *
 * Pages (`/` and every address the SPA answers): index.html with, for this visitor and this address,
 *  - a data block `<script type="application/json" id="boot-data">` holding exactly what the first render
 *    would fetch: GET /api/session's answer for this cookie and the page's public data (the vendor list on
 *    `/`, `/services` and `/home`, the vendor on `/vendors/{id}`), read through the same public read cache
 *    as the API routes. Not a script the browser runs (the page's CSP allows no inline script), only JSON
 *    the app reads before its first render; every `<` is written `\u003c`, so no value can end the element.
 *  - `<link rel="preload" as="image" fetchpriority="high">` for the page's largest picture (the provider
 *    page's banner, with the srcset and sizes its <img> has, so it is fetched once),
 *  - `<link rel="modulepreload">` for the page's lazy chunk and its imports (from Vite's manifest), and a
 *    preload of its style sheets, so they load beside the first bundle instead of after it.
 * The page is one visitor's: `Cache-Control: private, no-cache`, `Vary: Cookie, Accept-Encoding`, a weak
 * ETag of its content (a 304 when unchanged), compressed per request (brotli quality 5 or gzip 6: a few
 * kB in well under a millisecond).
 */
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { addressOf, pathOf } from '@stg/domain/api/endpoint';
import { calendarsApi } from '@stg/domain/api/calendars.endpoints';
import { earningsApi } from '@stg/domain/api/earnings.endpoints';
import { operatorApi } from '@stg/domain/api/operator.endpoints';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { LISTED_CATEGORIES } from '@stg/domain/constants';
import { pageFrame } from '@stg/domain/page-frames';
import {
  BANNER_COVER_SIZES,
  CARD_COVER_SIZES,
  coverSource,
  type CoverSource,
} from '@stg/domain/cover-images';
import { parseId } from './http/params';
import { loadRequestSession } from './modules/auth/session-plugin';
import { matches, publicReadCache, readAt, type Representation } from './modules/public-read-cache/cache';
import { sessionPayload } from './modules/session/service';
import { publicVendor, publicVendorCards, type PublicReadsContext } from './modules/vendors/public-reads';

export const BOOT_DATA_ID = 'boot-data';

/** Where Vite writes its manifest (build.manifest: true). */
const MANIFEST_PATH = path.join('.vite', 'manifest.json');

/** The lazy page chunk each address shows (its module in Vite's manifest). */
const PAGE_CHUNKS: { pattern: RegExp; module: string }[] = [
  { pattern: /^\/vendors\/[^/]+\/?$/, module: 'src/features/provider/routes/provider-page.tsx' },
];

/** A signed-in user's header, in its own chunk (ADR 0023): every signed-in page draws it first. */
const SIGNED_IN_HEADER = 'src/app/layouts/signed-in-header.tsx';
const contract = (name: string) => `../../packages/domain/src/api/${name}.ts`;
const DASHBOARD_FRAME = [
  'src/features/dashboard/routes/dashboard-layout.tsx',
  'src/features/dashboard/routes/dashboard-section-page.tsx',
];

/** A signed-in page (ADR 0041): who it is for, its lazy chunks, and the GETs of its first render. */
interface SignedInPage {
  pattern: RegExp;
  /** Whether this user sees the page (else the route guard sends them elsewhere: nothing is added). */
  for: (user: UserRow) => boolean;
  /** Vite manifest keys: the page's chunks, the frames it sits in, the contracts its answers are read with. */
  modules: string[];
  /**
   * The addresses the page's first render GETs, exactly as the web app writes them (addressOf, with the
   * page sizes of its queries), so the API client finds them in the boot data (lib/boot-answers.ts).
   */
  calls: (user: UserRow, match: RegExpExecArray, search: URLSearchParams) => string[];
}

type UserRow = NonNullable<FastifyRequest['user']>;

const isVendor = (user: UserRow) => user.vendorId !== null;

/** The signed-in pages whose chunks and first answers come with the page (issue 27). */
export const SIGNED_IN_PAGES: SignedInPage[] = [
  {
    pattern: /^\/orders\/?$/,
    for: (user) => user.userType === 'customer',
    modules: ['src/features/orders/routes/orders-page.tsx', contract('orders'), contract('plans')],
    calls: () => [addressOf(ordersApi.customerOrders), addressOf(plansApi.customerPlans)],
  },
  {
    // The Order History list of ?filter= (features/vendor-orders: 50 a page, VENDOR_ORDERS_PAGE_SIZE).
    pattern: /^\/dashboard\/orders\/?$/,
    for: isVendor,
    modules: [
      ...DASHBOARD_FRAME,
      'src/features/vendor-orders/routes/vendor-orders-page.tsx',
      contract('orders'),
    ],
    calls: (user, _match, search) => {
      const raw = search.get('filter');
      const filter = raw === 'active' || raw === 'past' ? raw : 'all';
      return [
        addressOf(ordersApi.vendorOrders, { params: { id: user.vendorId! }, query: { filter, limit: 50 } }),
      ];
    },
  },
  {
    // Totals and the first 25 payouts (features/vendor-earnings: EARNINGS_PAGE_SIZE).
    pattern: /^\/dashboard\/earnings\/?$/,
    for: isVendor,
    modules: [
      ...DASHBOARD_FRAME,
      'src/features/vendor-earnings/routes/earnings-page.tsx',
      contract('earnings'),
    ],
    calls: (user) => [
      addressOf(earningsApi.summary, { params: { id: user.vendorId! } }),
      addressOf(earningsApi.payouts, { params: { id: user.vendorId! }, query: { limit: 25 } }),
    ],
  },
  {
    // The Plans list of ?status= (features/vendor-orders: 50 a page, VENDOR_PLANS_PAGE_SIZE).
    pattern: /^\/dashboard\/plans\/?$/,
    for: isVendor,
    modules: [
      ...DASHBOARD_FRAME,
      'src/features/vendor-orders/routes/vendor-plans-page.tsx',
      contract('plans'),
    ],
    calls: (user, _match, search) => {
      const raw = search.get('status');
      const status = raw === 'active' || raw === 'paused' || raw === 'cancelled' ? raw : 'all';
      return [
        addressOf(plansApi.vendorPlans, { params: { id: user.vendorId! }, query: { status, limit: 50 } }),
      ];
    },
  },
  {
    pattern: /^\/dashboard\/pricing\/?$/,
    for: isVendor,
    modules: [...DASHBOARD_FRAME, 'src/features/pricing-admin/routes/pricing-page.tsx'],
    calls: () => [],
  },
  {
    pattern: /^\/dashboard\/scheduling\/?$/,
    for: isVendor,
    modules: [
      ...DASHBOARD_FRAME,
      'src/features/scheduling-admin/routes/scheduling-page.tsx',
      contract('calendars'),
    ],
    calls: () => [addressOf(calendarsApi.providers)],
  },
  {
    pattern: /^\/dashboard\/(setup|general|support)\/?$/,
    for: isVendor,
    modules: DASHBOARD_FRAME,
    calls: () => [],
  },
  {
    // The console's figures and the first page of each list.
    pattern: /^\/operator\/?$/,
    for: (user) => user.isOperator,
    modules: [
      'src/app/operator-routes.tsx',
      'src/features/operator-console/routes/operator-console-page.tsx',
      contract('operator'),
    ],
    calls: () => [
      addressOf(operatorApi.dashboard),
      addressOf(operatorApi.failedRefunds, { query: { page: 1 } }),
      addressOf(operatorApi.openDisputes, { query: { page: 1 } }),
      addressOf(operatorApi.payoutsDue, { query: { page: 1 } }),
    ],
  },
];

/** Pages whose first cards are above the fold (their covers load eagerly: priorityCount in the web app). */
const CARD_PAGES = new Set(['/services', '/home']);

/**
 * Compressed on the event loop: for a page of 5-15 kB brotli quality 5 takes about 0.2 ms and gzip 6
 * about 0.1 ms here, less than a hop to zlib's thread pool and back (measured: about twice the throughput of the
 * async calls under load: 1,330 against 700 pages/s). Quality 11 would take 12 ms for 12% fewer bytes.
 */
function brotli(data: Buffer): Buffer {
  return zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const CONTRACT_SOURCE = /^\.\.\/\.\.\/packages\/domain\/src\/api\/([\w-]+)\.ts$/;

/**
 * A module's manifest key. A contract that the web app also imports statically (a mutation's request
 * schema) is not a dynamic entry of its own: its chunk is keyed by its file (`_c-….js`), without its
 * source. Then it is the one chunk of that name that some chunk imports dynamically (its endpoints'
 * `import('./name')`); a name that matches no chunk, or several, is left out.
 */
function manifestKey(manifest: Manifest, module: string): string | null {
  if (manifest[module]) return module;
  const name = CONTRACT_SOURCE.exec(module)?.[1];
  if (!name) return null;
  const loaded = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
  const found = [...loaded].filter((key) => manifest[key]?.name === name && !manifest[key]?.src);
  return found.length === 1 ? found[0]! : null;
}

/** The built index.html and manifest, read again when the build changes (a rebuild under a running server). */
interface Template {
  mtimeMs: number;
  html: string;
  manifest: Manifest | null;
}

/** What this page's answer is made of. */
export interface PageParts {
  /** API path → its answer's exact JSON text. */
  answers: [string, string][];
  /** The page's largest picture. */
  image: { href: string; srcset?: string; sizes?: string } | null;
  /** Manifest keys of the lazy chunks this visitor's page needs beside the address's own. */
  modules?: string[];
  /**
   * The page's frame (ADR 0041, @stg/domain/page-frames): markup for `#root` that React's first render
   * replaces. With a frame, the style sheets of the page's chunks are applied from the start (the frame
   * uses their classes) rather than preloaded.
   */
  frame?: string | null;
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON text made safe inside a <script> element: no `</script>` or `<!--` can be formed. */
export const escapeJsonForHtml = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The preloads of a page's lazy chunks (its page chunk, and for a signed-in user the header and the
 * frames and contracts of their page: `extra`): each chunk and its static imports not already in the
 * entry's.
 */
export function chunkPreloads(
  manifest: Manifest | null,
  pathname: string,
  extra: string[] = [],
  applyStyles = false,
): string[] {
  if (!manifest) return [];
  const page = PAGE_CHUNKS.find((p) => p.pattern.test(pathname));
  const modules = [...(page ? [page.module] : []), ...extra]
    .map((m) => manifestKey(manifest, m))
    .filter((m): m is string => m !== null);
  if (!modules.length) return [];
  const inEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) collect(next, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, inEntry);
  const needed = new Set<string>();
  for (const module of modules) collect(module, needed);
  const links: string[] = [];
  // With a frame, the style sheets are applied, first (they hold the first paint); Vite's loader finds
  // them in the head and does not add them again when their chunk is imported. The page's scripts are not
  // needed for that paint: at low priority they leave the bandwidth to the style sheets and the page's
  // largest picture first (the provider page's banner) rather than compete with them, 20-odd files.
  const priority = applyStyles ? ' fetchpriority="low"' : '';
  const styles: string[] = [];
  for (const key of needed) {
    if (inEntry.has(key)) continue;
    const chunk = manifest[key]!;
    links.push(`<link rel="modulepreload"${priority} crossorigin href="/${escapeAttr(chunk.file)}">`);
    for (const css of chunk.css ?? [])
      if (applyStyles) styles.push(`<link rel="stylesheet" crossorigin href="/${escapeAttr(css)}">`);
      else links.push(`<link rel="preload" as="style" crossorigin href="/${escapeAttr(css)}">`);
  }
  return [...styles, ...links];
}

type Cover = { thumbnailImageUrl?: string | null; bannerImageUrl?: string | null };

const imageOf = (source: CoverSource | null): PageParts['image'] =>
  source && { href: source.src, srcset: source.srcSet, sizes: source.sizes };

/** The provider page's banner as it draws it (VendorCover): the thumbnail, the full banner for wide screens. */
export function bannerImage(vendorJson: string): PageParts['image'] {
  const v = JSON.parse(vendorJson) as Cover;
  return imageOf(
    coverSource(v.thumbnailImageUrl ?? v.bannerImageUrl ?? null, v.bannerImageUrl, BANNER_COVER_SIZES),
  );
}

/**
 * The first card's cover on a page of category lists (CategoryListings): the first vendor of the first
 * category shown (`?category=` on /services), as the card draws it.
 */
export function firstCardImage(cardsJson: string, search: URLSearchParams): PageParts['image'] {
  const filter = search.get('category');
  const category = (LISTED_CATEGORIES as readonly string[]).includes(filter ?? '')
    ? filter
    : LISTED_CATEGORIES[0];
  const cards = JSON.parse(cardsJson) as (Cover & { category: string })[];
  const first = cards.find((card) => card.category === category);
  return first
    ? imageOf(coverSource(first.thumbnailImageUrl ?? null, first.bannerImageUrl, CARD_COVER_SIZES))
    : null;
}

/** Inserts the page's preloads and data into index.html. `at` is the data's time (ms since the epoch). */
export function renderPage(template: Template, pathname: string, parts: PageParts, at: number): string {
  let html = template.html;
  if (parts.image) {
    // First in the head, before the app's own scripts and styles: the browser asks for it first.
    const { href, srcset, sizes } = parts.image;
    const link =
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(href)}"` +
      (srcset ? ` imagesrcset="${escapeAttr(srcset)}" imagesizes="${escapeAttr(sizes ?? '')}"` : '') +
      '>';
    const first = html.search(/<(script|link)\b/i);
    const head = html.search(/<\/head>/i);
    html = insertAt(html, first >= 0 && (head < 0 || first < head) ? first : head, link);
  }
  // After the first bundle's own links (Vite writes them at the end of the head).
  const chunks = chunkPreloads(template.manifest, pathname, parts.modules, Boolean(parts.frame));
  if (chunks.length) html = insertAt(html, html.search(/<\/head>/i), chunks.join(''));
  if (parts.frame) html = html.replace(ROOT_ELEMENT, () => `<div id="root">${parts.frame}</div>`);
  const answers = parts.answers.map(([apiPath, json]) => `${JSON.stringify(apiPath)}:${json}`).join(',');
  const data = escapeJsonForHtml(`{"at":${at},"answers":{${answers}}}`);
  const block = `<script type="application/json" id="${BOOT_DATA_ID}">${data}</script>`;
  return insertAt(html, html.search(/<\/body>/i), block);
}

/** The app's (empty) root element in index.html, where a page's frame goes. */
const ROOT_ELEMENT = /<div id="root"><\/div>/;

/** `text` inserted at `index` (at the end when the marker was not found, -1). */
function insertAt(html: string, index: number, text: string): string {
  return index < 0 ? html + text : html.slice(0, index) + text + html.slice(index);
}

/** The encoding to send: brotli, else gzip, else none, as Accept-Encoding allows (q=0 refuses). */
export function negotiateEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const q = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepted = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

export async function registerWebPages(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    index: 'index.html',
    preCompressed: true,
    // setHeaders runs after @fastify/send's own Cache-Control, so it has the last word.
    setHeaders(res, filePath) {
      const hashed = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const cache = await publicReadCache(app.deps.database);
  const publicReads: PublicReadsContext = {
    cache,
    db: app.deps.db,
    urlFor: (key) => app.deps.storage.url(key),
  };

  let template: Template | null = null;
  function currentTemplate(): Template {
    const indexPath = path.join(webDist, 'index.html');
    const { mtimeMs } = fs.statSync(indexPath);
    if (template?.mtimeMs !== mtimeMs) {
      let manifest: Manifest | null = null;
      try {
        manifest = JSON.parse(fs.readFileSync(path.join(webDist, MANIFEST_PATH), 'utf8')) as Manifest;
      } catch {
        // No manifest (an older build): no chunk preloads.
      }
      template = { mtimeMs, html: fs.readFileSync(indexPath, 'utf8'), manifest };
    }
    return template;
  }

  /** The answers the page's first render asks for, for this visitor, and its largest picture. */
  async function partsFor(
    req: FastifyRequest,
    pathname: string,
    search: URLSearchParams,
  ): Promise<PageParts> {
    await loadRequestSession(app.sessionOptions, req);
    const { db, now } = app.deps;
    const session = sessionPayload(db, req.user, req.session, publicReads.urlFor, now(), readAt(app, req));
    let page: Promise<{
      path: string;
      rep: Representation | null;
      image: (json: string) => PageParts['image'];
    }> | null = null;
    if (pathname === '/' || CARD_PAGES.has(pathname)) {
      page = publicVendorCards(publicReads, req.publicReadVersion).then((rep) => ({
        path: pathOf(vendorReadsApi.vendors),
        rep,
        // On / the lists start below the fold: no picture is the largest.
        image: (json) => (CARD_PAGES.has(pathname) ? firstCardImage(json, search) : null),
      }));
    } else {
      const match = /^\/vendors\/([^/]+)\/?$/.exec(pathname);
      const id = match ? parseId(match[1]!) : null;
      // The owner sees their own variant (ADR 0022): their page fetches it as before.
      if (id !== null && req.user?.vendorId !== id)
        page = publicVendor(publicReads, id, req.publicReadVersion).then((rep) => ({
          path: pathOf(vendorReadsApi.vendor, { id }),
          rep,
          image: bannerImage,
        }));
    }
    const signedIn = req.user ? signedInParts(req, req.user, pathname, search) : null;
    const [sessionAnswer, pageAnswer, userAnswers] = await Promise.all([
      session,
      page,
      signedIn?.answers ?? [],
    ]);
    // GET /api/session has no response schema: Fastify writes it with JSON.stringify.
    const answers: [string, string][] = [[pathOf(sessionApi.current), JSON.stringify(sessionAnswer)]];
    let image: PageParts['image'] = null;
    if (pageAnswer?.rep) {
      answers.push([pageAnswer.path, pageAnswer.rep.body]);
      image = pageAnswer.image(pageAnswer.rep.body);
    }
    answers.push(...userAnswers);
    const frame = req.user ? pageFrame(pathname, search, sessionAnswer) : null;
    return { answers, image, modules: signedIn?.modules ?? [], frame };
  }

  /**
   * A signed-in user's page: the header's chunk, the page's chunks, and the answers its first render
   * GETs, each asked of the API itself in-process (app.inject with the visitor's cookie), so every check,
   * cache and presenter of the route applies; an answer other than 200 is left out (the app asks again).
   */
  function signedInParts(req: FastifyRequest, user: UserRow, pathname: string, search: URLSearchParams) {
    let match: RegExpExecArray | null = null;
    const page = SIGNED_IN_PAGES.find((p) => (match = p.pattern.exec(pathname)) !== null && p.for(user));
    const calls = page && match ? page.calls(user, match, search) : [];
    const headers = { cookie: req.headers.cookie ?? '', accept: 'application/json' };
    const answers = Promise.all(
      calls.map(async (url): Promise<[string, string] | null> => {
        const res = await app.inject({ method: 'GET', url, headers });
        return res.statusCode === 200 ? [url, res.body] : null;
      }),
    ).then((all) => all.filter((a): a is [string, string] => a !== null));
    // An endpoint's schemas load with its error answers' contract.
    const modules = [
      SIGNED_IN_HEADER,
      ...(page?.modules ?? []),
      ...(calls.length ? [contract('errors')] : []),
    ];
    return { modules, answers };
  }

  /** Answers a GET or HEAD of one of the app's pages. */
  async function sendPage(req: FastifyRequest, reply: FastifyReply) {
    const [pathname = '/', query = ''] = req.url.split('?');
    const parts = await partsFor(req, pathname, new URLSearchParams(query));
    const tpl = currentTemplate();
    // The tag covers everything but the data's time, so an unchanged page revalidates with a 304 (its
    // older time only makes the app refetch in the background sooner).
    const etag = `W/"${createHash('sha1')
      .update(renderPage(tpl, pathname, parts, 0))
      .digest('base64url')}"`;
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Cookie, Accept-Encoding')
      .header('ETag', etag);
    if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
    const html = renderPage(tpl, pathname, parts, app.deps.now().getTime());
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    let body: Buffer = Buffer.from(html);
    if (encoding === 'br') body = brotli(body);
    else if (encoding === 'gzip') body = zlib.gzipSync(body, { level: 6 });
    if (encoding) reply.header('Content-Encoding', encoding);
    reply.header('Content-Length', body.length);
    return reply.send(req.method === 'HEAD' ? undefined : body);
  }

  app.get('/', { schema: { hide: true } }, sendPage);
  return { sendPage };
}
