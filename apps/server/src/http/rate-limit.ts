/**
 * Request rate limits (issue 14), counted in PostgreSQL so they hold across every server process:
 * one table of policies by route, attached to the routes as they are registered, checked after the
 * session and CSRF checks (so a forged request cannot spend a user's allowance) and before the body is
 * read. A refused request answers 429 with Retry-After and the policy's message. Password guesses
 * have their own throttle (modules/auth/login-throttle.ts). This file is the table, with no I/O; the
 * rate-limits module counts (modules/rate-limits/hook.ts attaches the counting to the routes).
 */
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import type { FastifyRequest } from 'fastify';
import type { ThrottledAction } from '@stg/domain/validation';
import { passwordApi } from '@stg/domain/api/password.endpoints';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { routeKeyOf } from './endpoint-route';

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
  [routeKeyOf(usersApi.signUp)]: [signUp],
  [routeKeyOf(vendorsApi.signUp)]: [signUp],
  [routeKeyOf(passwordApi.forgot)]: [
    { name: 'password-forgot', limit: 10, windowMs: HOUR, per: ['address'], action: 'passwordForgot' },
  ],
  [routeKeyOf(passwordApi.reset)]: [
    { name: 'password-reset', limit: 20, windowMs: 15 * MINUTE, per: ['address'], action: 'passwordReset' },
  ],
  [routeKeyOf(supportApi.contact)]: [
    { name: 'contact', limit: 20, windowMs: HOUR, per: ['address'], action: 'contact' },
  ],
  [routeKeyOf(reviewsApi.create)]: [
    { name: 'reviews', limit: 20, windowMs: HOUR, per: ['address', 'user'], action: 'reviews' },
  ],
  [routeKeyOf(paymentsApi.createPaymentIntent)]: [
    {
      name: 'payment-intent',
      limit: 30,
      windowMs: 10 * MINUTE,
      per: ['address', 'user'],
      action: 'payments',
    },
  ],
  [routeKeyOf(vendorsApi.update)]: [uploads],
};
