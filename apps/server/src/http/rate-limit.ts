/**
 * Request rate limits (issue 14), counted in PostgreSQL so they hold across every server process:
 * one table of policies by route, attached to the routes as they are registered, checked after the
 * session and CSRF checks (so a forged request cannot spend a user's allowance) and before the body is
 * read. A refused request answers 429 with Retry-After and the policy's message. Password guesses
 * have their own throttle (modules/auth/login-throttle.ts).
 */
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ThrottledAction } from '@stg/domain/validation';
import { hit } from '../modules/rate-limits/repo';
import { tooManyRequests } from './errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface RatePolicy {
  /** The bucket's name: routes that share a name share the count (both sign-up forms). */
  name: string;
  limit: number;
  windowMs: number;
  /** Counted per client address, and also per signed-in user when `user` (a user on many addresses). */
  per: readonly ('address' | 'user')[];
  /** What the refusal says was throttled ("Too many sign-ups. Please wait 40 minutes and try again."). */
  action: ThrottledAction;
  /** Only requests this matches are counted (e.g. uploads among a route's plain JSON changes). */
  applies?: (req: FastifyRequest) => boolean;
}

const isMultipart = (req: FastifyRequest) =>
  (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');

const signUp: RatePolicy = { name: 'sign-up', limit: 10, windowMs: HOUR, per: ['address'], action: 'signUp' };
const uploads: RatePolicy = {
  name: 'uploads',
  limit: 60,
  windowMs: HOUR,
  per: ['address', 'user'],
  action: 'uploads',
  applies: isMultipart,
};

/** `METHOD url` as registered → its limits. */
export const RATE_LIMITED_ROUTES: Readonly<Record<string, readonly RatePolicy[]>> = {
  'POST /api/users': [signUp],
  'POST /api/vendors': [signUp],
  'POST /api/password/forgot': [
    { name: 'password-forgot', limit: 10, windowMs: HOUR, per: ['address'], action: 'passwordForgot' },
  ],
  'POST /api/password/reset': [
    { name: 'password-reset', limit: 20, windowMs: 15 * MINUTE, per: ['address'], action: 'passwordReset' },
  ],
  'POST /api/contact': [{ name: 'contact', limit: 20, windowMs: HOUR, per: ['address'], action: 'contact' }],
  'POST /api/vendors/:id/reviews': [
    { name: 'reviews', limit: 20, windowMs: HOUR, per: ['address', 'user'], action: 'reviews' },
  ],
  'POST /api/payments/create-payment-intent': [
    {
      name: 'payment-intent',
      limit: 30,
      windowMs: 10 * MINUTE,
      per: ['address', 'user'],
      action: 'payments',
    },
  ],
  'PATCH /api/vendors/:id': [uploads],
};

function limiter(app: FastifyInstance, policies: readonly RatePolicy[]): onRequestAsyncHookHandler {
  return async (req) => {
    const { db, now: clock, rateLimitScale } = app.deps;
    for (const policy of policies) {
      if (policy.applies && !policy.applies(req)) continue;
      const keys = policy.per.flatMap((p) =>
        p === 'address' ? [`ip:${req.ip}`] : req.user ? [`user:${req.user.id}`] : [],
      );
      for (const key of keys) {
        const now = clock();
        const counted = await hit(
          db,
          `rate:${policy.name}:${key}`,
          { limit: policy.limit * rateLimitScale, windowMs: policy.windowMs },
          now,
        );
        if (!counted.allowed) throw tooManyRequests(policy.action, counted.resetAt, now);
      }
    }
  };
}

/** Attaches the limits to their routes; must run before the routes are registered. */
export function registerRateLimits(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const policies = RATE_LIMITED_ROUTES[`${method} ${route.url}`];
      if (!policies) continue;
      route.onRequest = [...[route.onRequest ?? []].flat(), limiter(app, policies)];
    }
  });
}
