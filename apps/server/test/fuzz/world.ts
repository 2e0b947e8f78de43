/**
 * What the fuzz suite's requests act on: a payable vendor and its owner, a customer with a booking
 * and a paid order, a listing under review, an operator; and a session for each role, made directly
 * in the database (no sign-in throttle), made again whenever a fuzzed request replaced or ended it.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { addresses, users, vendorCalendars } from '../../src/db/schema';
import { SESSION_COOKIE } from '../../src/modules/auth/session-plugin';
import { createSession } from '../../src/modules/auth/session-repo';
import { signedUpCustomer } from '../checkout-fixtures';
import { signUpPayload } from '../test-app';
import { createPayableVendor, houseAnswers } from '../payable-vendor';
import { createPricedVendor } from '../pricing-fixtures';
import { figuresFor, insertOrderInState } from '../vendor-order-fixtures';
import type { Pools } from './arbitraries';

export const ROLES = ['none', 'guest', 'customer', 'vendor', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export interface FuzzWorld {
  pools: Pools;
  /** Cookie and CSRF headers for a role (none: no session at all). */
  headersFor(role: Role): Promise<Record<string, string>>;
  /** A fuzzed request set or cleared a cookie: the role's next request gets a fresh session. */
  forget(role: Role): void;
  /** Bodies known to get deep into a route ("METHOD url"), beside those generated from its schema. */
  seeds: Record<string, fc.Arbitrary<unknown>>;
  /** Query strings known to reach deep code ("METHOD url"). */
  querySeeds: Record<string, fc.Arbitrary<string>>;
  /** Path param values that name the rows a route is about (the ids of every kind stay in the pool too). */
  paramSeeds(url: string, param: string): string[];
}

export async function createFuzzWorld(app: FastifyInstance): Promise<FuzzWorld> {
  const { db } = app.deps;
  const vendor = await createPayableVendor(app, 'vendor-fuzz@example.com');
  const pending = await createPricedVendor(app, {
    email: 'pending-fuzz@example.com',
    listingStatus: 'under_review',
  });
  const customer = await signedUpCustomer(app, 'fuzz-customer');
  const operator = await signedUpCustomer(app, 'fuzz-operator');
  await db.update(users).set({ isOperator: true }).where(eq(users.id, operator.userId));

  const priced = await customer.client.request({
    method: 'POST',
    url: '/api/bookings',
    payload: { booking: { vendorId: vendor.vendorId, answers: houseAnswers(vendor) } },
  });
  if (priced.statusCode >= 300) throw new Error(`fuzz world: pricing failed: ${priced.body}`);
  const bookingId = priced.json().booking.id as number;
  const order = await insertOrderInState(app, {
    vendorId: vendor.vendorId,
    userId: customer.userId,
    state: {
      fulfillmentStatus: 'unfulfilled',
      paymentStatus: 'collected',
      appointmentAt: new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 10 * 86_400_000),
      ...figuresFor('collected'),
    },
  });
  const [address] = await db.select().from(addresses).where(eq(addresses.userId, customer.userId));
  const [calendar] = await db
    .select()
    .from(vendorCalendars)
    .where(eq(vendorCalendars.vendorId, vendor.vendorId));

  const userOf: Record<Role, number | null | undefined> = {
    none: undefined,
    guest: null,
    customer: customer.userId,
    vendor: vendor.userId,
    operator: operator.userId,
  };
  const sessions = new Map<Role, Record<string, string>>();
  const answers = houseAnswers(vendor);
  // Times the vendor may have free: whole quarter hours, 2 to 40 days ahead, 8:00 to 16:00 in Denver.
  const slot = fc
    .tuple(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 15, max: 22 }), fc.constantFrom(0, 15, 30, 45))
    .map(([days, hourUtc, minute]) => {
      const d = new Date(Date.now() + days * 86_400_000);
      d.setUTCHours(hourUtc, minute, 0, 0);
      return d.toISOString();
    });
  const seeds: Record<string, fc.Arbitrary<unknown>> = {
    'POST /api/users': fc.nat().map((n) => signUpPayload({ email: `fuzz-${n}@example.com` })),
    'PATCH /api/users/:id': fc.constant({ user: signUpPayload().user }),
    'POST /api/session': fc.constant({ user: { email: customer.email, password: 'Password123!' } }),
    'POST /api/bookings': fc.constant({
      booking: { vendorId: vendor.vendorId, answers, customerNotes: 'Gate code 12' },
    }),
    'PUT /api/bookings/:id': slot.map((appointmentAt) => ({ booking: { appointmentAt, answers } })),
    'PATCH /api/orders/:id/reschedule': slot.map((appointmentAt) => ({
      order: { appointmentAt, confirmed: true },
    })),
    'PUT /api/session/guest_inputs': fc.constant({ userInputs: answers }),
    'POST /api/addresses/:id/user_inputs': fc.constant({ userInputs: answers }),
  };
  const cursorOf = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  const querySeeds: Record<string, fc.Arbitrary<string>> = {
    'GET /api/vendors/:id/orders': fc
      .tuple(
        fc.constantFrom('all', 'active', 'past'),
        fc.oneof(
          fc.integer({ min: -1e15 + 1, max: 1e15 - 1 }),
          fc.constantFrom(0, -62_167_219_200_000, 253_402_300_799_999),
        ),
        fc.constantFrom('1', String(order.id), '2147483647'),
      )
      .map(([filter, ms, id]) => `filter=${filter}&cursor=${cursorOf(`${filter}:${ms}:${id}`)}`),
    'GET /api/vendors/:id/vendor_calendars': fc
      .tuple(
        fc.constantFrom('booking_id', 'order_id', 'minutes', 'duration'),
        fc.constantFrom(String(bookingId), String(order.id), '1', '1440', '365'),
      )
      .map(([k, v]) => `${k}=${v}`),
  };
  // By the path segment before the param: /api/bookings/:id names a booking.
  const rowsOf: Record<string, number[]> = {
    bookings: [bookingId],
    orders: [order.id],
    vendors: [vendor.vendorId, pending.vendorId],
    listings: [pending.vendorId],
    user: [customer.userId],
    users: [customer.userId, vendor.userId],
    addresses: [address!.id],
    vendor_calendars: [calendar!.id],
    'paper-checks': [order.id],
    authenticate: [],
  };
  const paramSeeds = (url: string, param: string): string[] => {
    if (param === '*')
      return ['a.png', 'index.html', 'swagger-ui.css', '../package.json', '..%2F..%2Fpackage.json'];
    if (param === 'orderId') return [String(order.id)];
    const before = url.split(`/:${param}`)[0]!.split('/').pop()!;
    return (rowsOf[before] ?? [])
      .map(String)
      .concat(before === 'authenticate' ? [order.paymentIntentId!] : []);
  };
  return {
    seeds,
    querySeeds,
    paramSeeds,
    pools: {
      ids: [
        ...new Set([
          vendor.vendorId,
          pending.vendorId,
          vendor.userId,
          customer.userId,
          operator.userId,
          bookingId,
          order.id,
          address!.id,
          calendar!.id,
          ...vendor.inputs.map((i) => i.id),
        ]),
      ],
      tokens: [
        order.paymentIntentId!,
        order.confirmationId,
        `${order.paymentIntentId}_secret_x`,
        'pi_unknown',
        'SG-NOPE',
      ],
    },
    async headersFor(role) {
      const userId = userOf[role];
      if (userId === undefined) return {};
      let headers = sessions.get(role);
      if (!headers) {
        const { token, session } = await createSession(db, { userId, ttlDays: 30, now: app.deps.now() });
        headers = { cookie: `${SESSION_COOKIE}=${token}`, 'x-csrf-token': session.csrfToken };
        sessions.set(role, headers);
      }
      return headers;
    },
    forget(role) {
      sessions.delete(role);
    },
  };
}
