/** Checkout answers for this feature's tests, shaped by the shared contracts (docs/api/checkout.md). */
import type { CustomerOrder } from '@stg/domain/api/orders';
import {
  confirmPaymentResponseSchema,
  createPaymentIntentResponseSchema,
  type ConfirmPaymentResponse,
  type CreatePaymentIntentResponse,
} from '@stg/domain/api/payments';
import type { Session } from '@stg/domain/api/session';
import type { Booking } from '@stg/domain/api/bookings';
import type { Availability } from '@stg/domain/api/scheduling';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import {
  customerSession,
  makeAvailability,
  makeBooking,
  makeOrder as makeSharedOrder,
  makeVendor,
  sandboxPaymentsConfig,
  signedOut,
} from '../../test/fixtures';
import { at, mockApi, type Handler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

/** Vendor 7's booking 55, scheduled for Tue Nov 24 2026 at 8:05 AM (MST), $114.60. */
export const scheduledBooking = (patch: Partial<Booking> = {}): Booking =>
  makeBooking({
    status: 'scheduled',
    price: 114.6,
    duration: 196,
    appointmentAt: '2026-11-24T08:05:00-07:00',
    answers: { '1': '2' },
    optionsSnapshot: { Bedrooms: 'Two' },
    ...patch,
  });

/** Held until 10:42 AM Mountain Time (17:42 UTC, MST). */
export function makeIntent(patch: Partial<CreatePaymentIntentResponse> = {}): CreatePaymentIntentResponse {
  return createPaymentIntentResponseSchema.parse({
    clientSecret: 'pi_test1_secret_abc',
    paymentIntentId: 'pi_test1',
    confirmationId: 'SG-7K2P9QXA',
    provider: 'sandbox',
    publishableKey: null,
    price: 117.15,
    subtotal: 114.6,
    serviceCharge: 2.55,
    paymentMethods: [],
    saveCard: false,
    holdExpiresAt: '2026-11-23T17:42:00.000Z',
    ...patch,
  });
}

/** Booking 55's order, as placed by the checkout (no address on file, the intent's confirmation id). */
export const makeOrder = (patch: Partial<CustomerOrder> = {}): CustomerOrder =>
  makeSharedOrder({
    id: 300,
    confirmationId: 'SG-7K2P9QXA',
    address: null,
    appointmentAt: '2026-11-24T15:05:00.000Z',
    duration: 196,
    customerNotes: null,
    optionsSnapshot: { Bedrooms: 'Two' },
    subtotal: 114.6,
    totalCollected: 117.15,
    createdAt: '2026-11-23T17:33:00.000Z',
    ...patch,
  });

export function confirmAnswer(patch: Partial<ConfirmPaymentResponse> = {}): ConfirmPaymentResponse {
  return confirmPaymentResponseSchema.parse({
    status: 'succeeded',
    message: 'Payment success!',
    confirmationId: 'SG-7K2P9QXA',
    vendorId: 7,
    order: makeOrder(),
    ...patch,
  });
}

export const customerWithBooking = (booking: Booking = scheduledBooking()): Session => ({
  ...customerSession,
  bookings: [booking],
});

export const guestWithBooking = (booking: Booking = scheduledBooking()): Session => ({
  ...signedOut,
  bookings: [booking],
});

/** Vendor 7 with no free start left in the window: what Scheduling shows after a time is taken. */
export const noFreeTimes = (patch: Partial<Availability> = {}): Availability =>
  makeAvailability({
    stepMinutes: 1,
    jobMinutes: 196,
    firstDate: '2026-11-23',
    lastDate: '2027-02-20',
    days: [],
    ...patch,
  });

/** The provider page of vendor 7 with checkout's endpoints answering as the sandbox does. */
export function startCheckoutPage({
  session = customerWithBooking(),
  path = '/vendors/7',
  routes = {},
}: {
  session?: Session;
  path?: string;
  routes?: Record<string, Handler | Handler[]>;
} = {}) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: session, headers: { 'X-CSRF-Token': 'token-1' } },
    [at(vendorsApi.vendor, { id: 7 })]: { body: makeVendor() },
    [at(paymentsApi.config)]: { body: sandboxPaymentsConfig },
    [at(paymentsApi.createPaymentIntent)]: { body: makeIntent() },
    [at(paymentsApi.sandboxConfirm)]: { body: { status: 'succeeded', error: null, redirectUrl: null } },
    [at(paymentsApi.confirm)]: { body: confirmAnswer() },
    // A checkout sent back to Scheduling fetches the times again (without this, an error alert of its own
    // can appear beside the one a test looks for, depending on how fast the machine is).
    [at(bookingsApi.availability, { id: 7 })]: { body: noFreeTimes() },
    ...routes,
  });
  return { ...api, ...renderApp(path) };
}

export { callsTo } from '../../test/mock-api';
