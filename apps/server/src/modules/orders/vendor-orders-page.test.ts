/**
 * GET /api/vendors/{id}/orders?filter=&limit=&cursor= (spec §4 Order lists; issue 12): keyset pages on
 * (appointment, id) that walk the whole list once, in the filter's order, with no order twice or missed,
 * ties on the appointment broken by id; a bad cursor or limit is refused; only the vendor may look.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { vendorOrdersPageSchema } from '@stg/domain/api/orders';
import { FULFILLMENT_STATUSES } from '@stg/domain/constants';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { addresses, orders } from '../../db/schema';
import { createTestApp, TestClient } from '../../../test/test-app';
import { signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor } from '../../../test/payable-vendor';
import { figuresFor } from '../../../test/vendor-order-fixtures';

const NOW = new Date('2026-11-23T15:00:00Z');
let app: FastifyInstance;
let vendorId: number;
let client: TestClient;
let expected: { id: number; at: number; f: string }[] = [];

const STATES = FULFILLMENT_STATUSES;

beforeAll(async () => {
  app = await createTestApp({ now: () => NOW });
  vendorId = (await createPayableVendor(app, 'paging-vendor@example.com')).vendorId;
  const customer = await signedUpCustomer(app, 'paging');
  const [address] = await app.deps.db.select().from(addresses).where(eq(addresses.userId, customer.userId));
  const values: (typeof orders.$inferInsert)[] = [];
  for (let i = 0; i < 137; i++) {
    const f = STATES[i % STATES.length]!;
    // Cancelled orders do not hold time, so several share one appointment: ties broken by id.
    const at =
      f === 'cancelled'
        ? new Date(Date.UTC(2026, 10, 1, 16))
        : new Date(NOW.getTime() + (i - 60) * 2 * 3_600_000);
    const p = f === 'cancelled' ? 'refunded' : f === 'disputed' ? 'pending' : 'collected';
    values.push({
      confirmationId: `SG-PAGE${String(i).padStart(4, '0')}`,
      vendorId,
      userId: customer.userId,
      addressId: address!.id,
      appointmentAt: at,
      appointmentEndAt: new Date(at.getTime() + 60 * 60_000),
      durationMins: 60,
      fulfillmentStatus: f,
      paymentStatus: p,
      paymentIntentId: null,
      ...figuresFor(p),
    });
  }
  const rows = await app.deps.db.insert(orders).values(values).returning();
  expected = rows.map((r) => ({ id: r.id, at: r.appointmentAt.getTime(), f: r.fulfillmentStatus }));
  client = new TestClient(app);
  await client.signIn('paging-vendor@example.com', 'Password123!');
});
afterAll(() => app.close());

const page = (query: string) =>
  client.request({ method: 'GET', url: `/api/vendors/${vendorId}/orders${query}` });

async function walk(filter: string, limit: number) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await page(
      `?filter=${filter}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = vendorOrdersPageSchema.parse(res.json());
    expect(body.orders.length).toBeLessThanOrEqual(limit);
    ids.push(...body.orders.map((o) => o.id));
    cursor = body.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  return { ids, pages };
}

const PAST = new Set(['fulfilled', 'cancelled']);
const byAsc = (a: { at: number; id: number }, b: { at: number; id: number }) => a.at - b.at || a.id - b.id;

describe('GET /api/vendors/{id}/orders pages', () => {
  it('all: newest appointment first, every order once', async () => {
    const { ids, pages } = await walk('all', 10);
    expect(ids).toEqual(
      [...expected]
        .sort(byAsc)
        .reverse()
        .map((o) => o.id),
    );
    expect(pages).toBe(14);
  });

  it('active: not fulfilled or cancelled, soonest first', async () => {
    const { ids } = await walk('active', 7);
    expect(ids).toEqual(
      expected
        .filter((o) => !PAST.has(o.f))
        .sort(byAsc)
        .map((o) => o.id),
    );
  });

  it('past: fulfilled or cancelled, latest first (ties on the appointment by id)', async () => {
    const { ids } = await walk('past', 9);
    const want = expected
      .filter((o) => PAST.has(o.f))
      .sort(byAsc)
      .reverse()
      .map((o) => o.id);
    expect(ids).toEqual(want);
    expect(expected.filter((o) => o.f === 'cancelled').length).toBeGreaterThan(20);
  });

  it('defaults to all, 50 a page; the last page has no next cursor', async () => {
    const first = (await page('')).json();
    expect(first.orders).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const exact = (await page('?filter=past&limit=200')).json();
    expect(exact.nextCursor).toBeNull();
    expect(exact.orders).toHaveLength(expected.filter((o) => PAST.has(o.f)).length);
  });

  it('refuses a bad limit or cursor, and a cursor of another filter', async () => {
    for (const q of ['?limit=0', '?limit=201', '?limit=abc', '?filter=soon'])
      expect((await page(q)).statusCode, q).toBe(422);
    const bad = await page('?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([ORDER_MESSAGES.cursorInvalid]);
    const { nextCursor } = (await page('?filter=active&limit=5')).json();
    const other = await page(`?filter=past&cursor=${nextCursor}`);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual([ORDER_MESSAGES.cursorInvalid]);
  });

  it('refuses a cursor whose time is outside 1900–2999 with 422, not 500 (issue 14)', async () => {
    for (const ms of [999_999_999_999_999, -999_999_999_999_999, Date.parse('0000-01-01T00:00:00Z')]) {
      const cursor = Buffer.from(`all:${ms}:1`, 'utf8').toString('base64url');
      const res = await page(`?cursor=${cursor}`);
      expect({ ms, status: res.statusCode }).toEqual({ ms, status: 422 });
      expect(res.json().errors).toEqual([ORDER_MESSAGES.cursorInvalid]);
    }
  });

  it('is the vendor’s alone', async () => {
    const customer = await signedUpCustomer(app);
    expect(
      (await customer.client.request({ method: 'GET', url: `/api/vendors/${vendorId}/orders` })).statusCode,
    ).toBe(403);
    const signedOut = new TestClient(app);
    expect(
      (await signedOut.request({ method: 'GET', url: `/api/vendors/${vendorId}/orders` })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/vendors/{id}/orders/{orderId}', () => {
  it("answers one of the vendor's orders, and 404 for an order that is not theirs", async () => {
    const one = expected[3]!;
    const res = await client.request({ method: 'GET', url: `/api/vendors/${vendorId}/orders/${one.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      id: one.id,
      fulfillmentStatus: one.f,
      workOrderUrl: `/api/orders/${one.id}/work-order.pdf`,
    });
    const other = await createPayableVendor(app, 'paging-other@example.com');
    const otherClient = new TestClient(app);
    await otherClient.signIn('paging-other@example.com', 'Password123!');
    const theirs = await otherClient.request({
      method: 'GET',
      url: `/api/vendors/${other.vendorId}/orders/${one.id}`,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errors).toEqual([ORDER_MESSAGES.orderNotFound]);
    expect(
      (await otherClient.request({ method: 'GET', url: `/api/vendors/${vendorId}/orders/${one.id}` }))
        .statusCode,
    ).toBe(403);
  });
});
