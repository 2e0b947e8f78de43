/**
 * Issue 14, findings 6 and 9: security headers on every answer (a page policy that admits Stripe.js and
 * Connect, frame-ancestors, nosniff, Referrer-Policy, HSTS over https), and no development tools (the API
 * document's UI, the mail outbox) unless asked for.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { API_POLICY, pagePolicy } from '../src/http/security-headers';
import { createTestDatabase } from './test-db';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );

let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Servo</title><div id="root"></div>',
  );
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

async function appWith(opts: Partial<Parameters<typeof buildApp>[0]> = {}) {
  const storage = new MemoryStorage();
  await storage.put('vendors/1/logo.webp', Buffer.from('RIFF0000WEBP'), 'image/webp');
  return buildApp({ database: await createTestDatabase(), storage, webDistDir: webDist, ...opts });
}

describe('security headers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ devTools: false });
  });
  afterAll(() => app.close());

  it('gives pages a policy that admits this origin and Stripe only, and forbids framing', async () => {
    const res = await app.inject({ method: 'GET', url: '/vendors/1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://js.stripe.com', 'https://connect-js.stripe.com']),
    );
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining([
        'https://js.stripe.com',
        'https://hooks.stripe.com',
        'https://connect-js.stripe.com',
      ]),
    );
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining(["'self'", 'ws://localhost:3000', 'https://api.stripe.com']),
    );
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain http: no HSTS (a browser would pin a site that cannot answer over https).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("keeps the page's policy on a 304 (browsers update the cached page's headers from it)", async () => {
    const first = await app.inject({ method: 'GET', url: '/' });
    expect(first.headers.etag).toBeTruthy();
    const again = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('gives API answers, errors included, a policy that allows nothing', async () => {
    for (const url of ['/api/health', '/api/vendors/999999', '/api/nothing-here']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(API_POLICY);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('keeps the sandboxing policy of uploaded files', async () => {
    const res = await app.inject({ method: 'GET', url: '/uploads/vendors/1/logo.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('admits the uploads store of an S3 deployment as an image origin', () => {
    const csp = directives(
      pagePolicy({ publicUrl: 'https://stgservices.example', imageOrigins: ['https://cdn.example'] }),
    );
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'https://cdn.example']));
    expect(csp['connect-src']).toContain('wss://stgservices.example');
  });

  it('sends HSTS when served over https, directly or behind a proxy', async () => {
    const https = await appWith({ publicUrl: 'https://stgservices.example' });
    const proxied = await appWith({ trustProxy: true });
    try {
      const direct = await https.inject({ method: 'GET', url: '/api/health' });
      expect(direct.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const viaProxy = await proxied.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await proxied.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await https.close();
      await proxied.close();
    }
  });
});

describe('development tools (finding 9)', () => {
  it('serves neither the API document UI nor the outbox without dev tools (production)', async () => {
    const app = await appWith({ devTools: false });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/dev/outbox']) {
        const res = await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await app.close();
    }
  });

  it('serves both in development and tests', async () => {
    const app = await appWith({ devTools: true });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
      expect(outbox.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
