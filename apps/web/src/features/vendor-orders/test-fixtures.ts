/** Vendor orders as GET /api/vendors/{id}/orders answers them, for this feature's tests (shaped by the contract). */
import {
  vendorOrderSchema,
  vendorOrdersPageSchema,
  type VendorOrder,
  type VendorOrdersPage,
} from '@stg/domain/api/orders';
import { vendorPlanResponseSchema, type VendorPlan } from '@stg/domain/api/plans';
import { vi } from 'vitest';
import type { Availability } from '@stg/domain/api/scheduling';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { makeAvailability, vendorSession } from '../../test/fixtures';
import { at, mockApi, type Handler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

export function makeVendorOrder(patch: Partial<VendorOrder> = {}): VendorOrder {
  return vendorOrderSchema.parse({
    id: 100,
    confirmationId: 'SRV-1001',
    vendorId: 7,
    userId: 1,
    addressId: 10,
    // Tue Dec 1 2026, 9:00 AM in St George (MST).
    appointmentAt: '2026-12-01T16:00:00.000Z',
    duration: 150,
    customerNotes: 'Gate code 1234',
    optionalNote: null,
    optionsSnapshot: { Bedrooms: '3', Bathrooms: '2' },
    fulfillmentStatus: 'unfulfilled',
    paymentStatus: 'collected',
    paymentMethod: { last4: '4242', bankName: 'visa', brand: 'visa' },
    subtotal: 120,
    serviceCharge: 2.55,
    totalCollected: 122.55,
    commission: 12,
    serviceFee: 2.55,
    refundAmount: 0,
    refundReason: null,
    vendorPayoutAmount: 108,
    payoutDestination: { last4: '6789', bankName: 'STRIPE TEST BANK' },
    cancelReason: null,
    previousAppointmentAt: null,
    rescheduleCount: 0,
    createdAt: '2026-11-01T12:00:00.000Z',
    plan: null,
    customer: {
      firstName: 'Ann',
      lastName: 'Lee',
      phoneNumber: '4355551234',
      email: 'ann@example.com',
      addresses: [
        {
          streetAddress: '1 Main St',
          streetAddress2: 'Apt 2',
          city: 'St George',
          state: 'UT',
          zipCode: '84770',
        },
      ],
    },
    allowedActions: ['reschedule', 'partial_refund', 'cancel'],
    ...patch,
  });
}

export { callsTo, queryOf } from '../../test/mock-api';

export const page = (orders: VendorOrder[], nextCursor: string | null = null): VendorOrdersPage =>
  vendorOrdersPageSchema.parse({ orders, nextCursor });

export const ORDERS_PATH = at(ordersApi.vendorOrders, { id: 7 });

/**
 * Free starts of vendor 7 for the order (MST, 15-minute steps): Tue Dec 1 9:00-9:30 (the order's own
 * time, 16:00 UTC, is one of them) and 1:00 PM; Thu Dec 3 10:00-10:15.
 */
export function makeVendorAvailability(patch: Partial<Availability> = {}): Availability {
  return makeAvailability({
    days: [
      {
        date: '2026-12-01',
        ranges: [
          { start_time: '2026-12-01T09:00:00-07:00', end_time: '2026-12-01T09:30:00-07:00' },
          { start_time: '2026-12-01T13:00:00-07:00', end_time: '2026-12-01T13:00:00-07:00' },
        ],
      },
      {
        date: '2026-12-03',
        ranges: [{ start_time: '2026-12-03T10:00:00-07:00', end_time: '2026-12-03T10:15:00-07:00' }],
      },
    ],
    ...patch,
  });
}

/**
 * Renders `path` (default /dashboard/orders) for vendor 7 signed in, whose orders list answers `orders`
 * for every filter (or `routes[ORDERS_PATH]` when given).
 */
export function showVendorOrders(
  orders: VendorOrder[] | Handler | Handler[],
  routes: Record<string, Handler | Handler[]> = {},
  path = '/dashboard/orders',
) {
  const isOrders = (value: typeof orders): value is VendorOrder[] =>
    Array.isArray(value) && (value.length === 0 || 'confirmationId' in (value[0] as object));
  const list: Handler | Handler[] = isOrders(orders) ? { body: page(orders) } : orders;
  const api = mockApi({
    [at(sessionApi.current)]: { body: vendorSession() },
    [ORDERS_PATH]: list,
    [at(bookingsApi.availability, { id: 7 })]: { body: makeVendorAvailability() },
    ...routes,
  });
  return { ...api, ...renderApp(path) };
}

/** Makes the wide layout (the table) match, as on a 1280 px screen; unstubbed after each test. */
export function showWideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/**
 * Holds every request whose "METHOD /path" is `key` until release() is called, so a test can look at
 * the busy state and click again meanwhile. Call after showVendorOrders (it wraps its fetch mock).
 */
export function holdRequests(fetchMock: ReturnType<typeof mockApi>['fetchMock'], key: string) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    if (`${(init.method ?? 'GET').toUpperCase()} ${url.pathname}` === key) await gate;
    return answer(input, init);
  });
  return release;
}

const DAY = 86_400_000;
const daysFromNow = (days: number) =>
  new Date(Math.floor((Date.now() + days * DAY) / 60_000) * 60_000).toISOString();

/** A plan as GET /api/vendors/{id}/plans/{planId} answers it: every 2 weeks, one visit ordered, one skipped, two held. */
export function makeVendorPlan(patch: Partial<VendorPlan> = {}): VendorPlan {
  return vendorPlanResponseSchema.parse({
    plan: {
      id: 9,
      vendorId: 7,
      customerName: 'Ann Lee',
      frequency: 'every_2_weeks',
      status: 'active',
      pausedUntil: null,
      pricePerVisit: 112.5,
      discountPercent: 10,
      serviceCharge: 2.55,
      cancelledAt: null,
      cancelledBy: null,
      cancelReason: null,
      createdAt: '2026-11-20T18:00:00.000Z',
      visits: [
        {
          id: 1,
          sequence: 1,
          appointmentAt: daysFromNow(-3),
          status: 'ordered',
          orderId: 100,
          chargeAt: daysFromNow(-4),
        },
        {
          id: 2,
          sequence: 2,
          appointmentAt: daysFromNow(11),
          status: 'skipped',
          orderId: null,
          chargeAt: daysFromNow(10),
        },
        {
          id: 3,
          sequence: 3,
          appointmentAt: daysFromNow(25),
          status: 'held',
          orderId: null,
          chargeAt: daysFromNow(24),
        },
        {
          id: 4,
          sequence: 4,
          appointmentAt: daysFromNow(39),
          status: 'held',
          orderId: null,
          chargeAt: daysFromNow(38),
        },
      ],
      ...patch,
    },
  }).plan;
}

/** POST /api/plans/{id}/cancel's answer: the plan as its customer sees it (the endpoint answers every caller so). */
export const cancelAnswerOf = (plan: VendorPlan) => ({
  plan: {
    ...plan,
    vendorName: 'Sparkle Cleaning',
    optionsSnapshot: {},
    paymentMethodBrand: 'visa',
    paymentMethodLast4: '4242',
    consentText: 'By paying you agree …',
    consentedAt: '2026-11-20T18:00:00.000Z',
    usualWeekday: 3,
    usualStartMinutes: 9 * 60,
    frequencyOptions: [{ frequency: 'every_2_weeks', discountPercent: 10, pricePerVisit: 112.5 }],
    priceProposal: null,
  },
});
