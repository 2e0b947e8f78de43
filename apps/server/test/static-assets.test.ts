/**
 * Issue 15 (ADR 0023): the built web app is sent precompressed by content negotiation (brotli, then
 * gzip, then the file itself), hashed assets are cached for a year, index.html is always revalidated,
 * and the SPA's pages answer the same way (with their first data, private: ADR 0025).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { createTestDatabase } from './test-db';

const INDEX_HTML = `<!doctype html><html><head><title>Servo</title><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const ASSET_JS = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let webDist: string;
let app: FastifyInstance;

function writeWithTwins(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}

/** The body as sent, decoded by its Content-Encoding. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

const varyTokens = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim());

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  writeWithTwins(path.join(webDist, 'index.html'), INDEX_HTML);
  writeWithTwins(path.join(webDist, 'assets', 'index-AbC123.js'), ASSET_JS);
  // Too small to be worth compressing: no twins, the file itself is sent.
  fs.writeFileSync(path.join(webDist, 'assets', 'tiny-XyZ789.js'), 'export {};\n');
  app = await buildApp({
    database: await createTestDatabase(),
    storage: new MemoryStorage(),
    webDistDir: webDist,
  });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('hashed assets', () => {
  const url = '/assets/index-AbC123.js';

  it('sends brotli when it is accepted, even listed after gzip', async () => {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(varyTokens(res.headers.vary)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(res.headers['content-length'])).toBeLessThan(ASSET_JS.length);
    expect(decoded(res)).toBe(ASSET_JS);
  });

  it('sends gzip to a client that does not take brotli', async () => {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varyTokens(res.headers.vary)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(decoded(res)).toBe(ASSET_JS);
  });

  it('sends the file itself without Accept-Encoding, still marked as varying on it', async () => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varyTokens(res.headers.vary)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(ASSET_JS);
  });

  it('honours a refusal of brotli (br;q=0)', async () => {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decoded(res)).toBe(ASSET_JS);
  });

  it('gives each encoding its own ETag, and answers a matching revalidation with 304', async () => {
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sends a file without twins as it is', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/tiny-XyZ789.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe('export {};\n');
  });

  it('answers a missing hashed file (a chunk of an older build) with 404, not the page', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-Old999.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
  });
});

/** A page without its first data (ADR 0025: the pages carry a boot data block, see web-pages.test.ts). */
const withoutBootData = (html: string) =>
  html.replace(/<script type="application\/json" id="boot-data">.*?<\/script>/s, '');

describe('index.html', () => {
  it('/index.html: the file itself, brotli, no-cache, Vary: Accept-Encoding', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varyTokens(res.headers.vary)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(INDEX_HTML);
  });

  // The pages are index.html with this visitor's first data (ADR 0025): one visitor's, never shared.
  for (const url of ['/', '/vendors/1', '/dashboard/orders?x=1']) {
    it(`${url}: brotli, private, no-cache, Vary: Cookie, Accept-Encoding`, async () => {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(varyTokens(res.headers.vary)).toContain('accept-encoding');
      expect(varyTokens(res.headers.vary)).toContain('cookie');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['cache-control']).not.toContain('immutable');
      expect(withoutBootData(decoded(res))).toBe(INDEX_HTML);
    });
  }

  it('the SPA fallback sends gzip to a client that does not take brotli, and the page itself to one that takes neither', async () => {
    const gz = await app.inject({ method: 'GET', url: '/vendors/1', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('private, no-cache');
    expect(withoutBootData(decoded(gz))).toBe(INDEX_HTML);

    const plain = await app.inject({ method: 'GET', url: '/vendors/1' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varyTokens(plain.headers.vary)).toContain('accept-encoding');
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(withoutBootData(plain.body)).toBe(INDEX_HTML);
  });

  it('revalidates: a matching ETag gets 304, still private, no-cache', async () => {
    const first = await app.inject({
      method: 'GET',
      url: '/vendors/1',
      headers: { 'accept-encoding': 'br' },
    });
    const again = await app.inject({
      method: 'GET',
      url: '/vendors/1',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers HEAD for a page like GET, without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/vendors/1', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toBe('');
  });

  it('keeps API misses as JSON 404s', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
