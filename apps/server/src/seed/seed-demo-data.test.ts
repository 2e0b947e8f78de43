import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import type { Database } from '../db/client';
import {
  addresses,
  bookings,
  images,
  jobs,
  orderEvents,
  orders,
  payouts,
  refunds,
  sandboxObjects,
  pricingInputOptions,
  pricingInputs,
  reviews,
  userInputs,
  users,
  vendorCalendars,
  vendors,
} from '../db/schema';
import { createTestDatabase } from '../../test/test-db';
import { MemoryStorage } from '../adapters/storage/local-storage';
import { verifyPassword } from '../modules/auth/password';
import { seedDemoData, type SeedSummary } from './seed-demo-data';
import { PAYOUT_JOB } from '../modules/orders/payout-schedule';
import { orderBill } from '@stg/domain/order-bill';
import { parseFormula } from '@stg/domain/pricing-formula';
import {
  answersFromSelections,
  durationMinutes,
  formulaCoversInputs,
  quotePrice,
  unknownFormulaVariables,
  type PricingInputLike,
} from '@stg/domain/pricing';

// A Wednesday a few days after the spring DST change, so the past orders straddle it.
const NOW = new Date('2025-03-12T17:00:00Z');
const TZ = 'America/Denver';
const CATEGORIES = [
  'house_cleaning',
  'pest_control',
  'window_cleaning',
  'garbage_can_cleaning',
  'carpet_cleaning',
  'auto_detailing',
];
const LISTED = ['house_cleaning', 'pest_control', 'window_cleaning', 'garbage_can_cleaning'];

let database: Database;
let storage: MemoryStorage;
let summary: SeedSummary;

beforeAll(async () => {
  database = await createTestDatabase();
  storage = new MemoryStorage();
  // Its duration is a figure of bench/http-api.bench.ts (ARCHITECTURE §6: timing never decides a test).
  summary = await seedDemoData(database.db, storage, { now: NOW });
});
afterAll(() => database.close());

/** A vendor's pricing inputs from the database rows, in the shape the domain's pricing takes. */
function domainInputs(
  vendorId: number,
  inputs: (typeof pricingInputs.$inferSelect)[],
  options: (typeof pricingInputOptions.$inferSelect)[],
): PricingInputLike[] {
  return inputs
    .filter((i) => i.vendorId === vendorId)
    .map((i) => ({
      id: i.id,
      alias: i.alias,
      inputType: i.inputType,
      recurring: i.recurring,
      pricingInputOptions: options
        .filter((o) => o.pricingInputId === i.id)
        .map((o) => ({
          id: o.id,
          name: o.name,
          value: o.value,
          default: o.isDefault,
          optionType: o.optionType,
        })),
    }));
}

const localOf = (d: Date) => {
  const t = new TZDate(d.getTime(), TZ);
  return { weekday: t.getDay(), minutes: t.getHours() * 60 + t.getMinutes(), date: t.getDate() };
};

describe('seedDemoData', () => {
  it('reports what it wrote', () => {
    expect(summary.skipped).toBe(false);
    expect(summary.activeVendors).toBeGreaterThanOrEqual(15);
    expect(summary.vendors).toBe(summary.activeVendors + 1);
    expect(summary.images).toBeGreaterThan(summary.activeVendors * 6 - 1);
    expect(summary.orders).toBeGreaterThan(40);
    expect(summary.reviews).toBeGreaterThan(20);
    expect(storage.files.size).toBeGreaterThanOrEqual(summary.images);
  });

  it('lists at least 15 active vendors across all six categories, fully set up', async () => {
    const { db } = database;
    const active = await db.select().from(vendors).where(eq(vendors.listingStatus, 'active'));
    expect(active.length).toBeGreaterThanOrEqual(15);
    const byCategory = new Map<string, number>();
    for (const v of active) byCategory.set(v.category, (byCategory.get(v.category) ?? 0) + 1);
    for (const c of CATEGORIES)
      expect(byCategory.get(c) ?? 0, c).toBeGreaterThanOrEqual(LISTED.includes(c) ? 2 : 1);

    const allImages = await db.select().from(images);
    const inputs = await db.select().from(pricingInputs);
    const options = await db.select().from(pricingInputOptions);
    const vendorAddresses = await db.select().from(addresses);
    const calendars = await db.select().from(vendorCalendars);
    for (const v of active) {
      expect(v.stripeIntegrated).toBe('active');
      expect(v.paymentAccountId).toMatch(/^acct_sandbox_[a-z0-9]+$/);
      expect(v.payoutLast4).toMatch(/^[0-9]{4}$/);
      expect(v.payoutBankName).toBeTruthy();
      expect(v.phoneNumber).toMatch(/^435[0-9]{7}$/);
      expect(v.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(v.serviceDescription!.length).toBeLessThanOrEqual(500);
      expect(v.appointmentInstructions!.length).toBeLessThanOrEqual(500);
      expect(v.priceToDurationRateCents).toBeGreaterThanOrEqual(2000);

      const mine = allImages.filter((i) => i.vendorId === v.id);
      expect(mine.find((i) => i.id === v.logoImageId)?.kind, v.name).toBe('logo');
      expect(mine.find((i) => i.id === v.bannerImageId)?.kind, v.name).toBe('banner');
      const gallery = mine.filter((i) => i.kind === 'gallery');
      expect(gallery.length, v.name).toBeGreaterThanOrEqual(4);
      expect(gallery.length, v.name).toBeLessThanOrEqual(8);
      expect(gallery.map((i) => i.position).sort((a, b) => a - b)).toEqual(gallery.map((_, i) => i));
      for (const img of mine) expect(storage.files.has(img.storageKey)).toBe(true);

      const vInputs = inputs.filter((i) => i.vendorId === v.id);
      for (const type of ['radio', 'select', 'range']) {
        expect(
          vInputs.some((i) => i.inputType === type && !i.recurring),
          `${v.name} ${type}`,
        ).toBe(true);
      }
      // Every formula variable is one of the vendor's aliases, and default answers give a sensible price.
      const parsed = parseFormula(v.pricingFormula);
      if (!parsed.ok) throw new Error(`${v.name}: ${parsed.error.message}`);
      expect(unknownFormulaVariables(parsed.formula, domainInputs(v.id, inputs, options)), v.name).toEqual(
        [],
      );
      const defaults: Record<string, number> = {};
      for (const input of vInputs) {
        const opts = options.filter((o) => o.pricingInputId === input.id);
        if (input.inputType === 'range') {
          for (const t of ['min', 'max', 'step', 'default', 'tooltip']) {
            expect(
              opts.filter((o) => o.optionType === t),
              `${v.name} ${input.alias} ${t}`,
            ).toHaveLength(1);
          }
          defaults[input.alias] = opts.find((o) => o.optionType === 'default')!.value;
        } else {
          expect(opts.length).toBeGreaterThanOrEqual(2);
          expect(new Set(opts.map((o) => o.value)).size).toBe(opts.length);
          if (input.inputType === 'radio') expect(opts.filter((o) => o.isDefault)).toHaveLength(1);
          defaults[input.alias] = (opts.find((o) => o.isDefault) ?? opts[Math.floor(opts.length / 2)]!).value;
        }
      }
      const price = parsed.formula.evaluate(defaults);
      expect(price * 100, v.name).toBeGreaterThanOrEqual(v.minPriceCents * 0.5);
      expect(price, v.name).toBeLessThan(600);

      const address = vendorAddresses.find((a) => a.vendorId === v.id);
      expect(address?.state).toBe('UT');
      expect(['84765', '84770', '84780', '84790']).toContain(address?.zipCode);
      expect(['St George', 'Washington', 'Santa Clara']).toContain(address?.city);
      expect(calendars.filter((c) => c.vendorId === v.id)).toHaveLength(1);
    }
  });

  it('prices every order with the domain engine: each formula parses and uses every shown input', async () => {
    const { db } = database;
    const vendorRows = await db.select().from(vendors);
    const inputs = await db.select().from(pricingInputs);
    const options = await db.select().from(pricingInputOptions);
    const bookingRows = await db.select().from(bookings);
    for (const v of vendorRows) {
      const parsed = parseFormula(v.pricingFormula);
      expect(parsed.ok, v.name).toBe(true);
      expect(formulaCoversInputs(v.pricingFormula, domainInputs(v.id, inputs, options)), v.name).toEqual([]);
    }
    expect(bookingRows.length).toBe(summary.orders);
    for (const b of bookingRows) {
      const v = vendorRows.find((x) => x.id === b.vendorId)!;
      const answers = answersFromSelections(domainInputs(v.id, inputs, options), b.answers);
      // Every stored answer is one the calculator accepts.
      expect(Object.keys(answers).length, v.name).toBe(Object.keys(b.answers).length);
      const quote = quotePrice({ formula: v.pricingFormula, minPriceCents: v.minPriceCents, answers });
      expect(quote, v.name).toEqual({ priceCents: b.priceCents, formulaOk: true });
      expect(b.durationMins).toBe(durationMinutes(b.priceCents, v.priceToDurationRateCents));
    }
  });

  it('leaves at least three active vendors without reviews and has both review types', async () => {
    const { db } = database;
    const active = await db.select().from(vendors).where(eq(vendors.listingStatus, 'active'));
    const all = await db.select().from(reviews);
    const unreviewed = active.filter((v) => !all.some((r) => r.vendorId === v.id));
    expect(unreviewed.length).toBeGreaterThanOrEqual(3);
    expect(all.some((r) => r.reviewType === 'google')).toBe(true);
    expect(all.some((r) => r.reviewType === 'google' && r.body === null)).toBe(true);
    expect(all.some((r) => r.reviewType === 'product')).toBe(true);

    const people = await db.select().from(users);
    const allOrders = await db.select().from(orders);
    const pairs = new Set<string>();
    for (const r of all) {
      expect(r.score).toBeGreaterThanOrEqual(1);
      expect(r.score).toBeLessThanOrEqual(5);
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(r.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 366 * 86_400_000);
      if (r.reviewType === 'google') {
        expect(r.userId).toBeNull();
        expect(r.url).toMatch(/^https:\/\/maps\.google\.com\/\?cid=[0-9]+$/);
        continue;
      }
      const author = people.find((u) => u.id === r.userId)!;
      expect(author.userType).toBe('customer');
      expect([r.authorFirstName, r.authorLastName]).toEqual([author.firstName, author.lastName]);
      expect(r.body!.length).toBeGreaterThanOrEqual(10);
      expect(pairs.has(`${r.vendorId}:${r.userId}`)).toBe(false);
      pairs.add(`${r.vendorId}:${r.userId}`);
      // Only after a fulfilled order with the vendor.
      const ordered = allOrders.some(
        (o) =>
          o.vendorId === r.vendorId &&
          o.userId === r.userId &&
          o.fulfillmentStatus === 'fulfilled' &&
          o.fulfilledAt!.getTime() <= r.createdAt.getTime(),
      );
      expect(ordered).toBe(true);
    }
  });

  it('creates the four demo accounts with the shared password', async () => {
    const { db } = database;
    const account = async (email: string) => {
      const [u] = await db.select().from(users).where(eq(users.email, email));
      expect(u, email).toBeDefined();
      expect(await verifyPassword(u!.passwordDigest, 'Password123!')).toBe(true);
      expect(u!.passwordDigest).toMatch(/^\$argon2id\$/);
      const vendor = u!.vendorId
        ? (await db.select().from(vendors).where(eq(vendors.id, u!.vendorId)))[0]
        : undefined;
      return { user: u!, vendor };
    };

    const customer = await account('customer@example.com');
    expect(customer.user.userType).toBe('customer');
    expect(customer.user.vendorId).toBeNull();
    expect(customer.user.currentAddressId).not.toBeNull();
    const [home] = await db.select().from(addresses).where(eq(addresses.id, customer.user.currentAddressId!));
    expect(home).toMatchObject({ userId: customer.user.id, city: 'St George', state: 'UT' });
    const saved = await db.select().from(userInputs).where(eq(userInputs.addressId, home!.id));
    expect(saved.length).toBeGreaterThanOrEqual(3);

    const vendorUser = await account('vendor@example.com');
    expect(vendorUser.user.userType).toBe('vendor');
    expect(vendorUser.vendor).toMatchObject({ listingStatus: 'active', category: 'house_cleaning' });
    expect(vendorUser.vendor!.name).toBe('Sparkle & Shine Home Cleaning');

    const newVendor = await account('newvendor@example.com');
    expect(newVendor.user.userType).toBe('vendor');
    expect(newVendor.vendor).toMatchObject({
      listingStatus: 'awaiting_submission',
      stripeIntegrated: 'inactive',
      logoImageId: null,
      bannerImageId: null,
      paymentAccountId: null,
    });
    expect(await db.select().from(images).where(eq(images.vendorId, newVendor.vendor!.id))).toHaveLength(0);
    expect(
      await db.select().from(vendorCalendars).where(eq(vendorCalendars.vendorId, newVendor.vendor!.id)),
    ).toHaveLength(1);
    const starterInputs = await db
      .select()
      .from(pricingInputs)
      .where(eq(pricingInputs.vendorId, newVendor.vendor!.id));
    expect(starterInputs.length).toBeGreaterThanOrEqual(2);

    const both = await account('both@example.com');
    expect(both.user.userType).toBe('vendor');
    expect(both.vendor?.listingStatus).toBe('active');
    expect(both.user.currentAddressId).not.toBeNull();
    const bothOrders = await db.select().from(orders).where(eq(orders.userId, both.user.id));
    expect(bothOrders.length).toBeGreaterThanOrEqual(1);
    expect(bothOrders.every((o) => o.vendorId !== both.vendor!.id)).toBe(true);

    // Every active vendor has an owning vendor user; only vendor users carry a vendor id.
    const everyone = await db.select().from(users);
    const active = await db.select().from(vendors).where(eq(vendors.listingStatus, 'active'));
    for (const v of active) expect(everyone.filter((u) => u.vendorId === v.id)).toHaveLength(1);
    for (const u of everyone) {
      expect(u.email).toBe(u.email.toLowerCase());
      expect(u.userType === 'vendor').toBe(u.vendorId !== null);
      expect(u.passwordDigest).toBe(customer.user.passwordDigest); // hashed once
    }
    expect(everyone.filter((u) => u.userType === 'customer').length).toBeGreaterThanOrEqual(11);
  });

  it('gives the demo accounts past and upcoming orders', async () => {
    const { db } = database;
    const [customer] = await db.select().from(users).where(eq(users.email, 'customer@example.com'));
    const mine = await db.select().from(orders).where(eq(orders.userId, customer!.id));
    const past = mine.filter((o) => o.appointmentAt < NOW);
    const upcoming = mine.filter((o) => o.appointmentAt > NOW);
    expect(past.length).toBeGreaterThanOrEqual(3);
    expect(upcoming.length).toBeGreaterThanOrEqual(2);

    const [vendorUser] = await db.select().from(users).where(eq(users.email, 'vendor@example.com'));
    const book = await db.select().from(orders).where(eq(orders.vendorId, vendorUser!.vendorId!));
    expect(book.filter((o) => o.appointmentAt < NOW).length).toBeGreaterThanOrEqual(6);
    expect(book.filter((o) => o.appointmentAt > NOW).length).toBeGreaterThanOrEqual(6);

    const all = await db.select().from(orders);
    const statuses = new Set(all.map((o) => `${o.fulfillmentStatus}/${o.paymentStatus}`));
    for (const s of [
      'unfulfilled/collected',
      'rescheduled/collected',
      'fulfilled/processed',
      'fulfilled/collected',
      'fulfilled/partially_refunded',
      'cancelled/refunded',
    ]) {
      expect(statuses.has(s), s).toBe(true);
    }
  });

  it('keeps every order consistent: money, times, bookings and logs', async () => {
    const { db } = database;
    const all = await db.select().from(orders).orderBy(asc(orders.appointmentAt));
    const vendorRows = await db.select().from(vendors);
    const calendars = await db.select().from(vendorCalendars);
    const customers = await db.select().from(users);
    const bookingRows = await db.select().from(bookings);
    const events = await db.select().from(orderEvents);
    const confirmations = new Set<string>();

    for (const o of all) {
      const v = vendorRows.find((x) => x.id === o.vendorId)!;
      const cal = calendars.find((c) => c.vendorId === o.vendorId)!;
      const customer = customers.find((u) => u.id === o.userId)!;
      const label = `${o.confirmationId} ${v.name}`;
      expect(v.listingStatus).toBe('active');
      expect(o.confirmationId).toMatch(/^SG-[A-Z0-9]{8}$/);
      expect(confirmations.has(o.confirmationId)).toBe(false);
      confirmations.add(o.confirmationId);

      // Money balances, and splits the way the service does.
      expect(o.totalCollectedCents).toBe(
        o.serviceFeeCents + o.commissionCents + o.vendorPayoutCents + o.refundAmountCents,
      );
      const booking = bookingRows.find((b) => b.id === o.bookingId)!;
      expect(booking, label).toBeDefined();
      expect(o.totalCollectedCents).toBe(booking.priceCents + customer.serviceChargeCents);
      // The bill shows the service charge paid in every state, refunded ones too (issue 23 #2).
      expect({ label, bill: orderBill(o) }).toEqual({
        label,
        bill: {
          subtotalCents: booking.priceCents,
          serviceChargeCents: customer.serviceChargeCents,
          totalCents: o.totalCollectedCents,
        },
      });
      expect(booking.priceCents).toBeGreaterThanOrEqual(v.minPriceCents);
      expect(booking.durationMins).toBe(durationMinutes(booking.priceCents, v.priceToDurationRateCents));
      expect(booking.appointmentAt?.getTime()).toBe(o.appointmentAt.getTime());
      expect(booking.optionsSnapshot).toEqual(o.optionsSnapshot);
      if (o.fulfillmentStatus === 'cancelled') {
        expect(o.refundAmountCents).toBe(o.totalCollectedCents);
        expect(o.serviceFeeCents + o.commissionCents + o.vendorPayoutCents).toBe(0);
        expect(o.cancelReason).toBeTruthy();
        expect(o.cancelledAt!.getTime()).toBeLessThan(o.appointmentAt.getTime());
      } else {
        expect(o.serviceFeeCents).toBe(customer.serviceChargeCents);
        expect(o.commissionCents).toBe(Math.round((booking.priceCents * v.commissionBps) / 10_000));
      }
      if (o.paymentStatus === 'partially_refunded') {
        expect(o.refundAmountCents).toBeGreaterThan(0);
        expect(o.refundReason).toBeTruthy();
      }
      expect(o.payoutLast4).toBe(v.payoutLast4);
      expect(o.paymentMethodLast4).toBe('4242');

      // Mon-Fri inside the vendor's workday, in Denver wall-clock time.
      expect(o.appointmentEndAt.getTime() - o.appointmentAt.getTime()).toBe(o.durationMins * 60_000);
      const start = localOf(o.appointmentAt);
      const end = localOf(o.appointmentEndAt);
      expect(start.weekday, label).toBeGreaterThanOrEqual(1);
      expect(start.weekday, label).toBeLessThanOrEqual(5);
      expect(end.date).toBe(start.date);
      expect(start.minutes, label).toBeGreaterThanOrEqual(cal.workdayStartMinutes);
      expect(end.minutes, label).toBeLessThanOrEqual(cal.workdayEndMinutes);

      // Past or upcoming, within the promised windows.
      const days = (o.appointmentAt.getTime() - NOW.getTime()) / 86_400_000;
      if (o.fulfillmentStatus === 'unfulfilled' && days < 0) {
        // Done recently, waiting for the vendor to mark it complete.
        expect(days, label).toBeGreaterThan(-7);
        expect(booking.status).toBe('paid');
        expect(o.paymentStatus).toBe('collected');
      } else if (o.fulfillmentStatus === 'unfulfilled' || o.fulfillmentStatus === 'rescheduled') {
        expect(days).toBeGreaterThanOrEqual(3);
        expect(days).toBeLessThanOrEqual(22);
        expect(booking.status).toBe('paid');
        expect(o.paymentStatus).toBe('collected');
      } else {
        expect(o.appointmentEndAt.getTime()).toBeLessThan(NOW.getTime());
      }
      if (o.fulfillmentStatus === 'rescheduled') {
        expect(o.previousAppointmentAt).not.toBeNull();
        expect(o.rescheduleCount).toBe(1);
      }
      if (o.fulfillmentStatus === 'fulfilled') {
        expect(booking.status).toBe('completed');
        expect(o.fulfilledAt!.getTime()).toBeGreaterThanOrEqual(o.appointmentEndAt.getTime());
        expect(o.fulfilledAt!.getTime()).toBeLessThanOrEqual(NOW.getTime());
        expect(o.payoutDueAt!.getTime() - o.fulfilledAt!.getTime()).toBe(72 * 3_600_000);
        const paid = o.payoutDueAt!.getTime() <= NOW.getTime();
        expect(o.paidOutAt !== null, label).toBe(paid);
        expect(o.transferId !== null).toBe(paid);
        if (o.paymentStatus !== 'partially_refunded')
          expect(o.paymentStatus).toBe(paid ? 'processed' : 'collected');
      }
      expect(o.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(o.createdAt.getTime()).toBeLessThan(o.appointmentAt.getTime());

      // The order log tells the same story.
      const log = events.filter((e) => e.orderId === o.id);
      const actions = log.map((e) => e.action);
      expect(log.find((e) => e.action === 'created')).toMatchObject({
        actorRole: 'customer',
        amountCents: o.totalCollectedCents,
      });
      if (o.fulfillmentStatus === 'fulfilled') expect(actions).toContain('fulfilled');
      if (o.paidOutAt)
        expect(log.find((e) => e.action === 'payout_sent')?.amountCents).toBe(o.vendorPayoutCents);
      if (o.paymentStatus === 'refunded')
        expect(log.find((e) => e.action === 'refunded')?.amountCents).toBe(o.totalCollectedCents);
      if (o.paymentStatus === 'partially_refunded') {
        expect(log.find((e) => e.action === 'partially_refunded')?.amountCents).toBe(o.refundAmountCents);
      }
      for (const e of log) expect(e.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }

    // No two live orders of one vendor overlap (the database refuses it too).
    const live = all.filter((o) => o.fulfillmentStatus !== 'cancelled');
    for (const a of live) {
      for (const b of live) {
        if (a.id >= b.id || a.vendorId !== b.vendorId) continue;
        expect(
          a.appointmentAt < b.appointmentEndAt && b.appointmentAt < a.appointmentEndAt,
          `${a.confirmationId} ${b.confirmationId}`,
        ).toBe(false);
      }
    }
  });

  it('names only money that exists in the sandbox: every payment, refund and transfer, with its amounts (issue 23)', async () => {
    const db = database.db;
    const objects = await db.select().from(sandboxObjects);
    const byId = new Map(objects.map((o) => [o.id, o.data]));
    const allOrders = await db.select().from(orders);
    const allVendors = await db.select().from(vendors);
    const refundRows = await db.select().from(refunds);
    const payoutRows = await db.select().from(payouts);
    let transfers = 0;
    for (const o of allOrders) {
      const intent = byId.get(o.paymentIntentId!);
      expect(intent, o.confirmationId).toMatchObject({
        object: 'payment_intent',
        status: 'succeeded',
        amount_received: o.totalCollectedCents,
        amount_refunded: o.refundAmountCents,
      });
      // Each refund the order's money names is a refund of that charge at the provider.
      const own = refundRows.filter((r) => r.orderId === o.id);
      expect(own.reduce((sum, r) => sum + r.amountCents, 0)).toBe(o.refundAmountCents);
      for (const r of own)
        expect(byId.get(r.providerRefundId!), r.providerRefundId!).toMatchObject({
          object: 'refund',
          amount: r.amountCents,
          payment_intent: o.paymentIntentId,
          status: 'succeeded',
        });
      expect(intent!.refunds).toEqual(own.map((r) => r.providerRefundId));
      // A paid-out order's transfer went to its vendor's account from this charge, recorded as the job would.
      const payout = payoutRows.find((p) => p.orderId === o.id);
      if (!o.transferId) {
        expect(payout).toBeUndefined();
        continue;
      }
      transfers++;
      const account = allVendors.find((v) => v.id === o.vendorId)!.paymentAccountId;
      expect(byId.get(o.transferId), o.transferId).toMatchObject({
        object: 'transfer',
        amount: o.vendorPayoutCents,
        destination: account,
        source_transaction: intent!.latest_charge,
      });
      expect(intent!.amount_transferred).toBe(o.vendorPayoutCents);
      expect(byId.get(account!)).toMatchObject({ object: 'account', payouts_enabled: true });
      expect(payout).toMatchObject({
        method: 'transfer',
        status: 'sent',
        amountCents: o.vendorPayoutCents,
        transferId: o.transferId,
        destinationAccountId: account,
      });
    }
    expect(transfers).toBeGreaterThan(0);
    // Fulfilled orders not yet paid out wait for their payout job (as completing one in the app does);
    // the paid-out ones have none left.
    const payoutJobs = await db.select().from(jobs).where(eq(jobs.kind, PAYOUT_JOB));
    const waiting = allOrders.filter((o) => o.fulfillmentStatus === 'fulfilled' && !o.paidOutAt);
    expect(payoutJobs.map((j) => j.payload.orderId).sort()).toEqual(waiting.map((o) => o.id).sort());
  });

  it('does nothing when the demo data is already there', async () => {
    const countOrders = async () => (await database.db.select({ n: count() }).from(orders))[0]!.n;
    const before = await countOrders();
    const again = await seedDemoData(database.db, storage, { now: NOW });
    expect(again.skipped).toBe(true);
    expect(await countOrders()).toBe(before);
  });

  it('works for any "now", including a weekend night across the autumn DST change', async () => {
    const other = await createTestDatabase();
    try {
      const s = await seedDemoData(other.db, new MemoryStorage(), {
        now: new Date('2025-11-03T05:30:00Z'),
        images: false,
      });
      expect(s.orders).toBe(summary.orders);
      expect(s.images).toBe(0);
    } finally {
      await other.close();
    }
  });
});
