/**
 * A fetch stand-in for tests: routes "METHOD /path" to handlers and records every call.
 * An unmocked call still answers 404 ("No mock for …"), and it fails the test that made it: the web tests'
 * setup (./setup.ts) calls failOnUnmockedCalls() after each test. Otherwise the 404 became an error alert
 * that a test looking for its own alert would find or not depending on how fast the machine was (ADR 0030).
 */
import { vi } from 'vitest';
import { matchesPath, pathOf, routeKey, type AnyEndpoint, type ParamsOf } from '@stg/domain/api/endpoint';
import type { VendorOrdersPage } from '@stg/domain/api/orders';
import type { PaymentsConfigResponse } from '@stg/domain/api/payments';
import type { CustomerPlansResponse } from '@stg/domain/api/plans';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import type { VendorCard } from '@stg/domain/api/vendors';

/**
 * The mock key of one endpoint call (ADR 0031): `at(ordersApi.cancel, { id: 100 })` is
 * 'PATCH /api/orders/100/cancel-order'. Routes are keyed by it, so a renamed path renames the mocks too.
 */
export const at = routeKey;

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Handler = MockResponse | ((call: RecordedCall, count: number) => MockResponse);

/**
 * Side requests every page of a kind makes, answered when a test does not mock them itself (tests about them
 * do), each with what a new account would get: the provider page reads its reviews' eligibility and, once
 * the Summary shows, the card form's provider (the sandbox); the Orders page reads the customer's plans
 * (none); the landing pages that redirects end on read the catalog (a customer's home: no vendors yet) and a
 * vendor's orders (a vendor's Order History: none).
 * Whether a test that only passes through such a page still sees its request depends on timing, so these
 * are answered here rather than failing it (failOnUnmockedCalls).
 */
const FALLBACKS: [AnyEndpoint, MockResponse][] = [
  [
    reviewsApi.vendorReviews,
    {
      body: {
        reviews: [],
        eligibility: { canReview: false, reason: null, ownReviewId: null },
        avgRating: null,
        reviewCount: 0,
      },
    },
  ],
  [
    paymentsApi.config,
    { body: { provider: 'sandbox', publishableKey: null } satisfies PaymentsConfigResponse },
  ],
  [plansApi.customerPlans, { body: { plans: [] } satisfies CustomerPlansResponse }],
  [ordersApi.vendorOrders, { body: { orders: [], nextCursor: null } satisfies VendorOrdersPage }],
  [vendorReadsApi.vendors, { body: [] satisfies VendorCard[] }],
];

function fallbackFor(method: string, pathname: string): MockResponse | undefined {
  const found = FALLBACKS.find(([endpoint]) => endpoint.method === method && matchesPath(endpoint, pathname));
  return found?.[1];
}

/** Unmocked calls ("GET /api/plans?x=1") since the last failOnUnmockedCalls(): one list per test file. */
const unmockedCalls: string[] = [];

/**
 * Throws, listing them, when a call since the last check had no route and no fallback; clears the list either
 * way. The web tests' setup calls it after each test, so an unmocked call fails that test whatever the timing.
 */
export function failOnUnmockedCalls() {
  const missed = unmockedCalls.splice(0);
  if (missed.length === 0) return;
  throw new Error(
    `${missed.length} API call(s) had no mock (each answered 404 "No mock for …"); mock them in the test or ` +
      `its fixtures:\n${[...new Set(missed)].map((m) => `  ${m}`).join('\n')}`,
  );
}

export function mockApi(routes: Record<string, Handler | Handler[]>) {
  const calls: RecordedCall[] = [];
  const counts = new Map<string, number>();

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call: RecordedCall = { method, path: url.pathname + url.search, headers, body };
    calls.push(call);

    const key = `${method} ${url.pathname}`;
    const count = counts.get(key) ?? 0;
    counts.set(key, count + 1);
    const route = routes[key];
    const handler = Array.isArray(route) ? route[Math.min(count, route.length - 1)] : route;
    const fallback = handler === undefined ? fallbackFor(method, url.pathname) : undefined;
    if (handler === undefined && fallback === undefined) unmockedCalls.push(`${method} ${call.path}`);
    const answer: MockResponse =
      handler === undefined
        ? (fallback ?? { status: 404, body: { errors: [`No mock for ${key}`] } })
        : typeof handler === 'function'
          ? handler(call, count)
          : handler;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });

  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** The recorded calls to one endpoint (any query), or to one address of it when params are given. */
export function callsTo<E extends AnyEndpoint>(
  calls: RecordedCall[],
  endpoint: E,
  params?: ParamsOf<E>,
): RecordedCall[] {
  return calls.filter((c) => {
    if (c.method !== endpoint.method) return false;
    const pathname = c.path.split('?')[0]!;
    return params ? pathname === pathOf(endpoint, params as never) : matchesPath(endpoint, pathname);
  });
}

/** The query of a recorded call, as an object. */
export const queryOf = (call: RecordedCall) =>
  Object.fromEntries(new URL(call.path, 'http://localhost').searchParams.entries());
