/**
 * Security headers on every answer (issue 14, finding 6). Pages get a Content Security Policy that lets
 * in only this origin, Stripe.js and Stripe Connect's embedded components (their documented script,
 * frame, connect and image origins) and the uploads' store; no page may be framed by another site
 * (frame-ancestors 'none', X-Frame-Options for old browsers). API answers get a policy that allows
 * nothing at all, since they are never meant to render. nosniff and Referrer-Policy everywhere; HSTS when
 * the app is reached over https (PUBLIC_URL https://, or the proxy says so). An answer that set its own
 * policy (uploads are sandboxed) keeps it.
 */
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@stg/domain/api/endpoint';

const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://connect-js.stripe.com'],
  frame: [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://hooks.stripe.com',
    'https://connect-js.stripe.com',
  ],
  connect: ['https://api.stripe.com', 'https://*.stripe.com'],
  image: ['https://*.stripe.com'],
};

export interface SecurityHeadersOptions {
  /** Where users reach the app (its web socket's origin comes from it). */
  publicUrl: string;
  /** Origins besides this one that images are loaded from (the uploads' public store). */
  imageOrigins: string[];
}

/** The policy of the web app's pages. */
export function pagePolicy(opts: SecurityHeadersOptions): string {
  const socket = opts.publicUrl.replace(/^http/, 'ws');
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...STRIPE.script],
    // Inline styles: Stripe's components and the sandbox's test pages set them; they cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...STRIPE.image, ...opts.imageOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", socket, ...STRIPE.connect],
    'frame-src': STRIPE.frame,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** API answers are data: nothing in them may load or run, nor be framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
  const page = pagePolicy(opts);
  const httpsEverywhere = opts.publicUrl.startsWith('https://');
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (httpsEverywhere || req.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!reply.hasHeader('Content-Security-Policy')) {
      // A 304 has no content type, yet browsers update the cached page's headers from it: without a
      // type, anything outside /api/ gets the page's policy.
      const type = String(reply.getHeader('content-type') ?? '');
      const isPage = type ? type.startsWith('text/html') : !req.url.startsWith(API_PREFIX);
      reply.header('Content-Security-Policy', isPage ? page : API_POLICY);
    }
    return payload;
  });
}

/** The origin of an absolute URL the store gives for its files, if it is not this app's own. */
export function storageOrigin(sampleUrl: string): string[] {
  try {
    const url = new URL(sampleUrl);
    return [url.origin];
  } catch {
    return []; // a path on this origin
  }
}
