/**
 * The printable work order (spec §2 View Work Order, §3 workOrderUrl; issue 12): a PDF for the order's
 * vendor only, with the job's details in St George time; everyone else gets 404.
 */
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { workOrderUrl } from '@stg/domain/api/payouts';
import { unprintableMessage } from '@stg/domain/printable-text';
import { orders, vendors } from '../../db/schema';
import { createTestApp, TestClient } from '../../../test/test-app';
import { payFor, scheduledBooking, signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { appointmentText, printable } from './work-order';

const START = new Date('2026-11-23T15:00:00Z');
let app: FastifyInstance;
let vendor: PayableVendor;
let vendorClient: TestClient;
let otherVendorClient: TestClient;
let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
let order: typeof orders.$inferSelect;

/** Windows-1252's 0x80-0x9F (Node's TextDecoder reads them as Latin-1's control characters). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = {
  decode: (bytes: Buffer) =>
    [...bytes]
      .map((b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b)))
      .join(''),
};

/**
 * The text a PDF shows: its content streams inflated, and the strings of each text operator joined
 * (the standard fonts' strings are Windows-1252 bytes written in hex).
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (const match of raw.matchAll(streams)) {
    const bytes = Buffer.from(match[1]!, 'latin1');
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : [op[2]!];
      lines.push(hexes.map((h) => winAnsi.decode(Buffer.from(h, 'hex'))).join(''));
    }
  }
  return lines.join('\n');
}

beforeAll(async () => {
  app = await createTestApp({ now: () => START });
  vendor = await createPayableVendor(app, 'work-order-vendor@example.com');
  await app.deps.db
    .update(vendors)
    .set({
      name: 'Sparkle & Shine Cleaning',
      appointmentInstructions: 'Park on the street. Bring the blue vacuum.',
    })
    .where(eq(vendors.id, vendor.vendorId));
  const other = await createPayableVendor(app, 'work-order-other@example.com');
  vendorClient = new TestClient(app);
  expect((await vendorClient.signIn('work-order-vendor@example.com', 'Password123!')).statusCode).toBe(200);
  otherVendorClient = new TestClient(app);
  expect((await otherVendorClient.signIn('work-order-other@example.com', 'Password123!')).statusCode).toBe(
    200,
  );
  expect(other.vendorId).not.toBe(vendor.vendorId);

  customer = await signedUpCustomer(app, 'work-order');
  // Wednesday, November 25th 2026, 9:00 in St George (MST).
  const booking = await scheduledBooking(customer.client, vendor, '2026-11-25T16:00:00.000Z');
  expect((await payFor(customer.client, booking.id)).json().status).toBe('succeeded');
  await app.deps.background.drain();
  const [row] = await app.deps.db.select().from(orders).where(eq(orders.bookingId, booking.id));
  await app.deps.db
    .update(orders)
    .set({ customerNotes: 'Gate code 4321 — the dog is friendly 🐶' })
    .where(eq(orders.id, row!.id));
  order = (await app.deps.db.select().from(orders).where(eq(orders.id, row!.id)))[0]!;
});
afterAll(() => app.close());

describe('GET /api/orders/{id}/work-order.pdf', () => {
  it("gives the order's vendor a PDF of the job: confirmation, customer, address, St George time, options, notes, instructions", async () => {
    expect(workOrderUrl(order.id)).toBe(`/api/orders/${order.id}/work-order.pdf`);
    const res = await vendorClient.request({ method: 'GET', url: workOrderUrl(order.id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="work-order-${order.confirmationId}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(`Confirmation ${order.confirmationId}`);
    expect(text).toContain('Sparkle & Shine Cleaning');
    expect(text).toContain('WORK ORDER');
    expect(text).toContain('Casey Rivera');
    expect(text).toContain('(435) 555-1234');
    expect(text).toContain('100 S Main St');
    expect(text).toContain('St George, UT 84770');
    // 16:00 UTC is 9:00 in St George (MST) on Wednesday, November 25th.
    expect(text).toContain('Nov 25th, 9:00am');
    expect(text).toContain('(Mountain Time)');
    for (const [name, value] of Object.entries(order.optionsSnapshot)) {
      expect(text).toContain(name);
      expect(text).toContain(value);
    }
    // Notes stored before input refused what the standard fonts cannot show (ADR 0029): '?', the rest as typed.
    expect(text).toContain('Gate code 4321 — the dog is friendly ?');
    expect(text).toContain('Park on the street. Bring the blue vacuum.');
  });

  it('bills a cancelled, refunded order as it was paid: subtotal + service charge = total', async () => {
    const booking = await scheduledBooking(customer.client, vendor, '2026-11-26T16:00:00.000Z');
    const paid = (await payFor(customer.client, booking.id)).json().order as {
      id: number;
      subtotal: number;
      totalCollected: number;
    };
    const cancel = await vendorClient.request({
      method: 'PATCH',
      url: `/api/orders/${paid.id}/cancel-order`,
      payload: { cancelReason: 'Vendor is sick', confirmed: true },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const text = pdfText(
      (await vendorClient.request({ method: 'GET', url: workOrderUrl(paid.id) })).rawPayload,
    );
    const total = `$${paid.totalCollected.toFixed(2)}`;
    expect(text).toContain(`Subtotal\n$${paid.subtotal.toFixed(2)}`);
    expect(text).toContain('Service charge\n$2.55');
    expect(text).toContain(`Total\n${total}`);
    expect(text).toContain(`Refunded\n${total}`);
  });

  it('refuses notes it could not print when the booking is made (ADR 0029)', async () => {
    const res = await customer.client.request({
      method: 'POST',
      url: '/api/bookings',
      payload: { booking: { vendorId: vendor.vendorId, customerNotes: 'The dog is friendly 🐶' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      unprintableMessage('Additional instructions', 'The dog is friendly 🐶'),
    ]);
  });

  it('answers 404 to another vendor, to the customer who placed it, and for an unknown order; 401 signed out', async () => {
    const other = await otherVendorClient.request({ method: 'GET', url: workOrderUrl(order.id) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ errors: ['Order not found'] });
    expect((await customer.client.request({ method: 'GET', url: workOrderUrl(order.id) })).statusCode).toBe(
      404,
    );
    expect((await vendorClient.request({ method: 'GET', url: workOrderUrl(999_999) })).statusCode).toBe(404);
    expect(
      (await vendorClient.request({ method: 'GET', url: '/api/orders/abc/work-order.pdf' })).statusCode,
    ).toBe(404);
    const guest = new TestClient(app);
    expect((await guest.request({ method: 'GET', url: workOrderUrl(order.id) })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('lists the work order and the Paper Check endpoints', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
    >;
    expect(Object.keys(paths['/api/orders/{id}/work-order.pdf']!.get!.responses!['200']!.content!)).toEqual([
      'application/pdf',
    ]);
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/operator/payouts/paper-checks',
        '/api/operator/payouts/paper-checks/{orderId}/mark-paid',
      ]),
    );
  });
});

describe('work order text', () => {
  it('says the appointment in St George time across daylight saving', () => {
    expect(appointmentText(new Date('2026-07-01T15:00:00Z'), 90)).toBe(
      'Jul 1st, 9:00am – 10:30am (Mountain Time)',
    );
    expect(appointmentText(new Date('2026-11-25T16:00:00Z'), 45)).toBe(
      'Nov 25th, 9:00am – 9:45am (Mountain Time)',
    );
  });

  it('keeps what the standard fonts can print', () => {
    expect(printable('Crème brûlée – “quoted” €5\u0007\tok 日本 😀')).toBe(
      'Crème brûlée – “quoted” €5\tok ?? ?',
    );
  });
});
