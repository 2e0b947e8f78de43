/** Orders as GET /api/orders answers them, for this feature's tests (shaped by the shared contract). */
import type { CustomerOrder } from '@stg/domain/api/orders';
import type { Availability } from '@stg/domain/api/scheduling';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { customerSession, makeAvailability, makeOrder, noPlans } from '../../test/fixtures';
import { at, mockApi, type Handler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const HOUR = 3_600_000;

/** An ISO instant `hours` from now (rounded to the minute), for orders inside or outside the window. */
export const hoursFromNow = (hours: number) =>
  new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000).toISOString();

/** Order 100 on Tue Dec 1 2026, 9:00 AM in St George, at Ann's address, with the vendor's instructions. */
export const makeCustomerOrder = (patch: Partial<CustomerOrder> = {}): CustomerOrder =>
  makeOrder({
    vendor: { ...makeOrder().vendor, appointmentInstructions: 'Please leave the side gate unlocked.' },
    address: {
      streetAddress: '1 Main St',
      streetAddress2: 'Apt 2',
      city: 'St George',
      state: 'UT',
      zipCode: '84770',
    },
    appointmentAt: '2026-12-01T16:00:00.000Z',
    createdAt: '2026-11-01T12:00:00.000Z',
    ...patch,
  });

/**
 * Free starts of vendor 7 (MST, one-minute steps): Tue Dec 1 9:00-9:05 (the order's own time, 16:00 UTC,
 * is one of them) and 1:00-1:02 PM; Thu Dec 3 10:00 only.
 */
export function makeOrderAvailability(patch: Partial<Availability> = {}): Availability {
  return makeAvailability({
    stepMinutes: 1,
    days: [
      {
        date: '2026-12-01',
        ranges: [
          { start_time: '2026-12-01T09:00:00-07:00', end_time: '2026-12-01T09:05:00-07:00' },
          { start_time: '2026-12-01T13:00:00-07:00', end_time: '2026-12-01T13:02:00-07:00' },
        ],
      },
      {
        date: '2026-12-03',
        ranges: [{ start_time: '2026-12-03T10:00:00-07:00', end_time: '2026-12-03T10:00:00-07:00' }],
      },
    ],
    ...patch,
  });
}

/** Renders /orders for a signed-in customer whose GET /api/orders answers `orders` (or each in turn). */
export function showOrders(
  orders: CustomerOrder[] | CustomerOrder[][],
  routes: Record<string, Handler | Handler[]> = {},
) {
  const answers = (Array.isArray(orders[0]) ? orders : [orders]) as CustomerOrder[][];
  const api = mockApi({
    [at(sessionApi.current)]: { body: customerSession },
    [at(ordersApi.customerOrders)]: answers.map((list) => ({ body: { orders: list } })),
    [at(bookingsApi.availability, { id: 7 })]: { body: makeOrderAvailability() },
    // The page lists the customer's plans above the orders; tests about plans answer with theirs.
    [at(plansApi.customerPlans)]: { body: noPlans },
    ...routes,
  });
  return { ...api, ...renderApp('/orders') };
}

export { callsTo } from '../../test/mock-api';
