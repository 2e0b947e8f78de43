/**
 * The printable work order (spec §2 View Work Order, §3 workOrderUrl; issue 12): a PDF for the order's
 * vendor only, with the job's details in St George time; everyone else gets 404.
 */
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { workOrderUrl } from '@stg/domain/api/payouts.endpoints';
import { PRINTABLE_RANGES } from '@stg/domain/printable-ranges';
import { isPrintableChar, unprintableMessage } from '@stg/domain/printable-text';
import { orders, users, vendors } from '../../db/schema';
import { createTestApp, TestClient } from '../../../test/test-app';
import { payFor, scheduledBooking, signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { sandboxPlan } from '../../../test/plan-fixtures';
import { printableRanges } from './font-coverage';
import { appointmentText, printable } from './work-order';

const START = new Date('2026-11-23T15:00:00Z');
let app: FastifyInstance;
let vendor: PayableVendor;
let vendorClient: TestClient;
let otherVendorClient: TestClient;
let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
let order: typeof orders.$inferSelect;

/**
 * A PDF's indirect objects by number: the dictionary's text and the stream's bytes (read by /Length, as
 * an embedded font's binary data may hold anything), inflated.
 */
function pdfObjects(pdf: Buffer): Map<number, { dict: string; stream: string }> {
  const objects = new Map<number, { dict: string; stream: string }>();
  const raw = pdf.toString('latin1');
  const header = /(\d+) 0 obj\s*/g;
  for (let m = header.exec(raw); m; m = header.exec(raw)) {
    const end = raw.indexOf('endobj', header.lastIndex);
    const streamAt = raw.indexOf('stream', header.lastIndex);
    if (streamAt === -1 || streamAt > end) {
      objects.set(Number(m[1]), { dict: raw.slice(header.lastIndex, end), stream: '' });
      header.lastIndex = end;
      continue;
    }
    const dict = raw.slice(header.lastIndex, streamAt);
    const from = streamAt + (raw.startsWith('stream\r\n', streamAt) ? 8 : 7);
    const to = from + Number(/\/Length (\d+)/.exec(dict)![1]);
    const bytes = Buffer.from(raw.slice(from, to), 'latin1');
    const stream = /\/FlateDecode/.test(dict)
      ? inflateSync(bytes).toString('latin1')
      : bytes.toString('latin1');
    objects.set(Number(m[1]), { dict, stream });
    header.lastIndex = to;
  }
  return objects;
}

/** A ToUnicode CMap as pdfkit writes it (bfrange lines of arrays, bfchar lines): glyph code → text. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');
  for (const m of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    const targets = [...m[3]!.matchAll(/<([0-9a-f\s]+)>/gi)].map((t) => utf16(t[1]!));
    targets.forEach((t, i) => map.set(parseInt(m[1]!, 16) + i, t));
  }
  for (const m of cmap.matchAll(/^<([0-9a-f]+)>\s*<([0-9a-f\s]+)>$/gim))
    map.set(parseInt(m[1]!, 16), utf16(m[2]!));
  return map;
}

/**
 * The text a PDF shows, one line per text operator, read as a PDF reader would: each page's content
 * stream, with the strings of each Tj/TJ decoded through the ToUnicode CMap of the font selected by Tf
 * (pdfkit writes an embedded font's text as 2-byte glyph codes in hex). Also the PostScript names of the
 * fonts the pages use, to tell an embedded DejaVu Sans from a standard font.
 */
function pdfContent(pdf: Buffer): { text: string; fonts: string[] } {
  const objects = pdfObjects(pdf);
  const lines: string[] = [];
  const fonts = new Set<string>();
  for (const page of [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dict))) {
    const resources = /\/Font <<([^>]*)>>/.exec(page.dict) ?? /\/Resources (\d+) 0 R/.exec(page.dict);
    const fontDict = resources?.[1]?.includes('/')
      ? resources[1]
      : /\/Font <<([^>]*)>>/.exec(objects.get(Number(resources?.[1]))?.dict ?? '')?.[1];
    const byName = new Map<string, Map<number, string> | null>();
    for (const f of (fontDict ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = objects.get(Number(f[2]))!.dict;
      fonts.add(/\/BaseFont \/([\w+-]+)/.exec(font)![1]!);
      const cmap = /\/ToUnicode (\d+) 0 R/.exec(font);
      byName.set(f[1]!, cmap ? toUnicode(objects.get(Number(cmap[1]))!.stream) : null);
    }
    const contents = /\/Contents (\d+) 0 R/.exec(page.dict)!;
    let current: Map<number, string> | null | undefined = null;
    const ops = /\/(\w+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (const op of objects.get(Number(contents[1]))!.stream.matchAll(ops)) {
      if (op[1] !== undefined) {
        current = byName.get(op[1]);
        continue;
      }
      const hexes =
        op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : [op[3]!];
      const cmap = current;
      if (!cmap) throw new Error('text in a font without a ToUnicode map');
      lines.push(
        hexes
          .join('')
          .match(/.{4}/g)!
          .map((code) => cmap.get(parseInt(code, 16)) ?? '\ufffd')
          .join(''),
      );
    }
  }
  return { text: lines.join('\n'), fonts: [...fonts] };
}

const pdfText = (pdf: Buffer) => pdfContent(pdf).text;

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
    // Notes stored before input refused what DejaVu Sans cannot show (ADR 0029): '?', the rest as typed.
    expect(text).toContain('Gate code 4321 — the dog is friendly ?');
    expect(text).toContain('Park on the street. Bring the blue vacuum.');
  });

  it("prints names in Vietnamese, Greek and Cyrillic in the embedded DejaVu Sans, not as '?' (ADR 0029)", async () => {
    await app.deps.db
      .update(vendors)
      .set({ name: 'Nguyễn Đức Cleaning' })
      .where(eq(vendors.id, vendor.vendorId));
    await app.deps.db
      .update(users)
      .set({ firstName: 'Ελένη', lastName: 'Иванова-Dvořák' })
      .where(eq(users.id, order.userId));
    try {
      const res = await vendorClient.request({ method: 'GET', url: workOrderUrl(order.id) });
      expect(res.statusCode).toBe(200);
      const { text, fonts } = pdfContent(res.rawPayload);
      // Subset fonts are named with a six-letter tag: ABCDEF+DejaVuSans. No standard font is left.
      expect(fonts.map((f) => f.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
        'DejaVuSans',
        'DejaVuSans-Bold',
      ]);
      expect(text).toContain('Nguyễn Đức Cleaning');
      expect(text).toContain('Ελένη Иванова-Dvořák');
      expect(text).not.toMatch(/Nguy\?n|\?\?\?\?\?/);
    } finally {
      await app.deps.db
        .update(vendors)
        .set({ name: 'Sparkle & Shine Cleaning' })
        .where(eq(vendors.id, vendor.vendorId));
      await app.deps.db
        .update(users)
        .set({ firstName: 'Casey', lastName: 'Rivera' })
        .where(eq(users.id, order.userId));
    }
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

  it("marks a plan's visit with the plan's frequency; a one-time order has no Plan line (ADR 0037)", async () => {
    expect(
      pdfText((await vendorClient.request({ method: 'GET', url: workOrderUrl(order.id) })).rawPayload),
    ).not.toContain('Plan');
    const { plan } = await sandboxPlan(app, {
      vendorId: vendor.vendorId,
      name: 'work-order-plan',
      startMinutes: 9 * 60,
      consentedAt: new Date('2026-11-20T16:00:00Z'),
    });
    const booking = await scheduledBooking(customer.client, vendor, '2026-11-27T16:00:00.000Z');
    const paid = (await payFor(customer.client, booking.id)).json().order as { id: number };
    // As the plans module leaves a visit's order (plan checkout, visit-settle), here on another's order.
    await app.deps.db
      .update(orders)
      .set({ planId: plan.id, planFrequency: 'every_2_weeks' })
      .where(eq(orders.id, paid.id));
    const text = pdfText(
      (await vendorClient.request({ method: 'GET', url: workOrderUrl(paid.id) })).rawPayload,
    );
    expect(text).toContain('Plan\nEvery 2 weeks');
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
    expect(other.json()).toMatchObject({ errors: ['Order not found'] });
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

  it('keeps what DejaVu Sans can print, shows the rest as ?, drops invisible characters', () => {
    expect(printable('Crème brûlée – “quoted” €5\u0007\tok 日本 😀')).toBe(
      'Crème brûlée – “quoted” €5\tok ?? ?',
    );
    expect(printable('Nguyễn Đức, Ελένη, Иван\u200b ❤️')).toBe('Nguyễn Đức, Ελένη, Иван ?');
  });

  it('keeps @stg/domain/printable-ranges in step with the installed fonts (else: npm run printable-ranges -w apps/server)', () => {
    expect(PRINTABLE_RANGES).toEqual(printableRanges());
    for (const ch of ['ễ', 'Đ', 'Ł', 'ř', 'Ş', 'λ', 'И', '€']) expect(isPrintableChar(ch), ch).toBe(true);
    // DejaVu Sans has no Chinese, Japanese or Korean, and no colour emoji.
    for (const ch of ['中', 'あ', '한', '😀']) expect(isPrintableChar(ch), ch).toBe(false);
  });
});
