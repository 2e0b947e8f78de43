/**
 * Every route's error answers, decided in one place (issue 23 item 22, ADR 0028). As a route is
 * registered, its `schema.response` gains an entry in the API's error shape (`errorsResponseSchema`, or a
 * route's own error schema) for each status it can answer:
 *
 * - every /api route: 422 (a schema refused the input; the input guard's NUL check runs on every route)
 *   and 500 (unexpected);
 * - a route that reads a body (any method but GET/HEAD): 400 (unreadable JSON), 413 (too large) and
 *   415 (a content type it does not read); 403 when the session's CSRF token is checked (all but the
 *   webhook);
 * - a route with path parameters: 404 (an unknown or malformed id), and the router's 400 (a malformed
 *   address) and 414 (an over-long parameter);
 * - a rate-limited route (RATE_LIMITED_ROUTES): 429;
 * - its guards: each guard names what it answers (`answers(...)`: requireUser 401, requireSelf and
 *   requireOwnVendor 401/403/404, requireOperator 401/403);
 * - and what only its handler knows (a state conflict 409, a password throttle 429, a provider that is
 *   down 502/503), listed per route in ROUTE_ERROR_STATUSES below.
 *
 * A status the route already declares is left as the route wrote it (a page's HTML answers). In tests,
 * `auditAnswers` records every answer whose status its route does not document, and the fuzz and
 * authorization suites fail on any (ADR 0028).
 */
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { calendarsApi } from '@stg/domain/api/calendars.endpoints';
import { listingReviewApi } from '@stg/domain/api/listing-review.endpoints';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { errorsResponseSchema } from '@stg/domain/api/errors';
import { API_DOCS_PATH, API_PREFIX } from '@stg/domain/api/endpoint';
import { paymentInitErrorResponseSchema } from '@stg/domain/api/payments';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { routeKeyOf } from './endpoint-route';
import { RATE_LIMITED_ROUTES } from './rate-limit';

const ERROR_STATUSES = Symbol('errorStatuses');

type Guard = ((...args: never[]) => unknown) & { [ERROR_STATUSES]?: readonly number[] };

/** Names the statuses a guard (a route hook) answers, so every route using it documents them. */
export function answers<G extends (...args: never[]) => unknown>(statuses: readonly number[], guard: G): G {
  return Object.assign(guard, { [ERROR_STATUSES]: statuses });
}

/** What only a route's handler (or its service) knows it may answer, by `METHOD url` as registered. */
export const ROUTE_ERROR_STATUSES: Readonly<Record<string, readonly number[]>> = {
  // Sign-in: a wrong password 401, the password throttle 429.
  [routeKeyOf(sessionApi.signIn)]: [401, 429],
  // Changing the password: the password throttle.
  [routeKeyOf(usersApi.updatePassword)]: [429],
  // Disconnecting a calendar asks for the password (throttled).
  [routeKeyOf(calendarsApi.disconnect)]: [429],
  // The availability for moving an order: someone else's order.
  [routeKeyOf(bookingsApi.availability)]: [403],
  // Pricing a booking for a vendor that does not exist or is not bookable.
  [routeKeyOf(bookingsApi.create)]: [404],
  // Reviews: signed out 401, not a customer of the vendor 403, reviewed already 409.
  [routeKeyOf(reviewsApi.create)]: [401, 403, 409],
  // Listing review: the listing is not (or no longer) awaiting review.
  [routeKeyOf(listingReviewApi.approve)]: [409],
  [routeKeyOf(listingReviewApi.reject)]: [409],
  // Payouts onboarding: no vendor (404), the provider refused (502).
  [routeKeyOf(vendorsApi.createAccountSession)]: [404, 502],
  [routeKeyOf(vendorsApi.sandboxAccountOnboarding)]: [404],
  // Checkout (spec §8): not signed in 401, unknown booking 404, time taken 409, provider down 503.
  [routeKeyOf(paymentsApi.createPaymentIntent)]: [401, 404, 409, 503],
  [routeKeyOf(paymentsApi.confirm)]: [404],
  [routeKeyOf(paymentsApi.sandboxConfirm)]: [404],
  // The outbox viewer answers only this machine; to anyone else it does not exist.
  [routeKeyOf(supportApi.outbox)]: [404],
  // So does the e2e server's settable clock.
  [routeKeyOf(supportApi.clock)]: [404],
  [routeKeyOf(supportApi.setClock)]: [404],
};

/** Routes whose errors carry more than `errors` (spec §7's `{error_type, message}` of checkout). */
const ROUTE_ERROR_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  [routeKeyOf(paymentsApi.createPaymentIntent)]: paymentInitErrorResponseSchema,
};

/** Called by other servers, not browsers: no session, no CSRF token (as in the session plugin). */
const SESSIONLESS = new Set<string>([paymentsApi.webhook.path]);
const READS = new Set(['GET', 'HEAD']);

function hooksOf(route: RouteOptions): Guard[] {
  return (['onRequest', 'preValidation', 'preHandler'] as const).flatMap(
    (name) => [route[name] ?? []].flat() as unknown as Guard[],
  );
}

/** The error statuses of one route (method as registered). */
export function errorStatusesOf(method: string, route: RouteOptions): number[] {
  const statuses = new Set<number>([422, 500]);
  const key = `${method} ${route.url}`;
  if (!READS.has(method)) {
    for (const s of [400, 413, 415]) statuses.add(s);
    if (!SESSIONLESS.has(route.url)) statuses.add(403);
  }
  // A path parameter: an unknown or malformed id 404; the router's own refusals of a malformed address
  // (400) or an over-long parameter (414), answered before any route runs (input-guard.ts).
  if (route.url.includes(':')) for (const s of [400, 404, 414]) statuses.add(s);
  if (RATE_LIMITED_ROUTES[key]) statuses.add(429);
  for (const hook of hooksOf(route)) for (const s of hook[ERROR_STATUSES] ?? []) statuses.add(s);
  for (const s of ROUTE_ERROR_STATUSES[key] ?? []) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

/** The routes the OpenAPI document lists: /api, not its own pages, not the websocket, not hidden. */
const isDocumented = (route: { url?: string; websocket?: boolean; schema?: { hide?: boolean } }) =>
  !!route.url?.startsWith(API_PREFIX) &&
  !route.url.startsWith(API_DOCS_PATH) &&
  !route.websocket &&
  !route.schema?.hide;

/** Adds the error answers to every /api route; must run before the routes are registered. */
export function registerErrorAnswers(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!isDocumented(route)) return;
    const method = [route.method].flat()[0]!;
    const schema = route.schema ?? {};
    const declared = { ...(schema.response as Record<string, unknown> | undefined) };
    const errorSchema = ROUTE_ERROR_SCHEMAS[`${method} ${route.url}`] ?? errorsResponseSchema;
    for (const status of errorStatusesOf(method, route))
      if (!(String(status) in declared)) declared[status] = errorSchema;
    route.schema = { ...schema, response: declared };
  });
}

/** An answer whose status its route's document does not list. */
export interface UndocumentedAnswer {
  method: string;
  url: string;
  status: number;
}

/**
 * Test mode: records each answer of a documented route whose status its document does not list (the
 * router's own answers for unknown paths have no route and are not counted).
 */
export function auditAnswers(app: FastifyInstance, found: UndocumentedAnswer[]) {
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply) => {
    const { url, method, schema } = req.routeOptions;
    const documented = schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    // A route without declared answers is not a JSON route (the websocket): nothing to compare with.
    if (!url || !documented?.response || !isDocumented({ url, schema: documented })) return;
    const response = documented.response;
    const status = reply.statusCode;
    const listed = Object.keys(response);
    if (listed.includes(String(status)) || listed.includes(`${String(status)[0]}xx`)) return;
    if (listed.includes('default')) return;
    found.push({ method: [method].flat()[0]!, url, status });
  });
}
