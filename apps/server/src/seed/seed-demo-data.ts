/**
 * Demo data for a St George, Utah marketplace: 17 active vendors across all six categories (plus one
 * still in setup), their branding and gallery images, pricing questions and formulas, calendars,
 * customers with addresses, past and upcoming orders with their bookings and order logs, and reviews.
 *
 * Deterministic: a seeded PRNG picks everything, and every date is relative to `opts.now`, so two
 * runs with the same `now` give the same rows (only image blob ids and row ids differ).
 * Every demo account signs in with the password `Password123!`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_SERVICE_CHARGE_CENTS,
  PAYOUT_DELAY_HOURS,
  TIME_ZONE,
  type FulfillmentStatus,
  type PaymentStatus,
} from '@stg/domain/constants';
import { defaultPlanOffersFor } from '@stg/domain/plans';
import { durationMinutes, quotePrice } from '@stg/domain/pricing';
import { parseFormula } from '@stg/domain/pricing-formula';
import { addDays, instantOfLocal, localDateTimeOf, weekdayOf } from '@stg/domain/zoned-time';
import type { Db, Tx } from '../db/client';
import {
  addresses,
  bookings,
  orderEvents,
  orders,
  pricingInputOptions,
  pricingInputs,
  reviews,
  userInputs,
  users,
  vendorCalendars,
  vendorPlanOffers,
  vendors,
} from '../db/schema';
import type { Storage } from '../adapters/storage/storage';
import { schedulePayout } from '../modules/orders/payout-schedule';
import { processImage, rasterizeOwnSvg, storeImage, type ImageKind } from '../modules/images/image-service';
import { hashPassword } from '../modules/auth/password';
import { Prng } from './prng';
import { seedSandboxMoney } from './seed-sandbox-money';
import { bannerSvg, gallerySvg, logoSvg } from './demo-images';
import type { DemoInput } from './demo-pricing';
import {
  DEMO_CUSTOMERS,
  DEMO_OPERATOR,
  DEMO_VENDORS,
  GOOGLE_REVIEWERS,
  type DemoAddress,
  type DemoPerson,
  type DemoVendor,
} from './demo-vendors';
import {
  CANCEL_REASON,
  COMPLETION_NOTES,
  CUSTOMER_NOTES,
  LOW_SCORE_BODIES,
  PARTIAL_REFUND_REASON,
  REVIEW_BODIES,
} from './demo-text';

export const DEMO_PASSWORD = 'Password123!';

export interface SeedSummary {
  /** true when the demo accounts already existed and nothing was written. */
  skipped: boolean;
  vendors: number;
  activeVendors: number;
  users: number;
  orders: number;
  reviews: number;
  images: number;
}

const SEED = 0x5eed_2024;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const IMAGE_CONCURRENCY = 6;

type When = 'history' | 'past' | 'recent' | 'upcoming';
/** `unfinished`: the appointment has passed and the vendor has not marked it complete yet. */
type Special = 'cancelled' | 'partial' | 'rescheduled' | 'unfinished';

interface OrderRequest {
  vendor: string;
  customer: string;
  when: When;
  special?: Special;
  review?: 'always' | 'never';
}

interface VendorCtx {
  demo: DemoVendor;
  id: number;
  ownerUserId: number;
  inputs: { id: number; demo: DemoInput }[];
  busy: { start: number; end: number }[];
}

interface CustomerCtx {
  demo: DemoPerson;
  id: number;
  addressId: number;
  isVendorUser: boolean;
  busy: { start: number; end: number }[];
}

export interface SeedOptions {
  /** Every date is relative to this instant. */
  now: Date;
  /** false skips the logos, banners and galleries (the slow part): for tests that need only rows. Default true. */
  images?: boolean;
}

export async function seedDemoData(db: Db, storage: Storage, opts: SeedOptions): Promise<SeedSummary> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = 'customer@example.com'`)
    .limit(1);
  if (existing.length > 0) {
    return { skipped: true, vendors: 0, activeVendors: 0, users: 0, orders: 0, reviews: 0, images: 0 };
  }
  // A typo in a demo formula fails loudly, before anything is written.
  for (const v of DEMO_VENDORS) {
    const parsed = parseFormula(v.pricing.formula);
    if (!parsed.ok) throw new Error(`Demo formula of ${v.name}: ${parsed.error.message}`);
  }
  // argon2 is deliberately slow: hash once, share the digest.
  const digest = await hashPassword(DEMO_PASSWORD);
  return db.transaction((tx) => seedInTransaction(tx, storage, opts.now, digest, opts.images ?? true));
}

async function seedInTransaction(
  tx: Tx,
  storage: Storage,
  now: Date,
  digest: string,
  withImages: boolean,
): Promise<SeedSummary> {
  // One PRNG for every step, drawn from in this order: the same `now` gives the same rows.
  const rng = new Prng(SEED);
  const nowMs = now.getTime();
  const ago = (ms: number) => new Date(nowMs - ms);

  const { vendorCount, vendorId } = await insertVendors(tx, rng, ago);
  const inputId = await insertPricingQuestions(tx, vendorId);
  const people = await insertPeople(tx, rng, ago, digest, vendorId);
  await insertOperator(tx, digest, ago);
  const { vendorCtx, customerCtx } = contextsOf(vendorId, inputId, people);
  const imageCount = await insertImages(tx, storage, vendorCtx, withImages);
  const planned = planOrders(rng, nowMs, vendorCtx, customerCtx);
  const orderCount = await writeOrders(tx, planned);

  // The sandbox provider's side of the demo money: vendors' payout accounts and every order's charge.
  await seedSandboxMoney(tx, now);
  await insertSavedAnswers(tx, planned);

  // ---- Reviews ---------------------------------------------------------------------------------
  const reviewRows = planReviews(planned, vendorCtx, rng, nowMs);
  await tx.insert(reviews).values(reviewRows);

  return {
    skipped: false,
    vendors: vendorCount,
    activeVendors: DEMO_VENDORS.filter((v) => v.listingStatus === 'active').length,
    users: people.userCount,
    orders: orderCount,
    reviews: reviewRows.length,
    images: imageCount,
  };
}

type Ago = (ms: number) => Date;
type VendorIdOf = (v: DemoVendor) => number;

/** Vendors, their addresses and calendars. */
async function insertVendors(
  tx: Tx,
  rng: Prng,
  ago: Ago,
): Promise<{ vendorCount: number; vendorId: VendorIdOf }> {
  const vendorRows = await tx
    .insert(vendors)
    .values(
      DEMO_VENDORS.map((v): typeof vendors.$inferInsert => {
        const active = v.listingStatus === 'active';
        const createdAt = ago(v.createdDaysAgo * DAY + rng.int(0, 600) * MINUTE);
        return {
          name: v.name,
          category: v.category,
          phoneNumber: v.phone,
          email: v.email,
          serviceDescription: v.description,
          appointmentInstructions: v.instructions,
          listingStatus: v.listingStatus,
          stripeIntegrated: active ? 'active' : 'inactive',
          paymentAccountId: active
            ? `acct_sandbox_${rng.code(16, 'abcdefghijklmnopqrstuvwxyz0123456789')}`
            : null,
          payoutLast4: v.payout?.last4 ?? null,
          payoutBankName: v.payout?.bank ?? null,
          minPriceCents: v.minPriceCents,
          pricingFormula: v.pricing.formula,
          priceToDurationRateCents: v.rateCents,
          cancelationPolicyHours: v.cancelationPolicyHours,
          commissionBps: v.commissionBps,
          calendarSkipped: active,
          submittedAt: active ? new Date(createdAt.getTime() + 2 * DAY) : null,
          createdAt,
          updatedAt: active ? new Date(createdAt.getTime() + 3 * DAY) : createdAt,
        };
      }),
    )
    .returning({ id: vendors.id, email: vendors.email });
  const vendorIdByEmail = new Map(vendorRows.map((r) => [r.email, r.id]));
  const vendorId = (v: DemoVendor) => vendorIdByEmail.get(v.email)!;

  await tx
    .insert(addresses)
    .values(
      DEMO_VENDORS.map((v) => ({ vendorId: vendorId(v), ...addressFields(v.address), isDefault: true })),
    );
  await tx.insert(vendorCalendars).values(
    DEMO_VENDORS.map((v) => ({
      vendorId: vendorId(v),
      workdayStartMinutes: v.calendar.start,
      workdayEndMinutes: v.calendar.end,
      driveTimeBufferMins: v.calendar.buffer,
      bookingWindowStartDays: v.calendar.windowStart,
      bookingWindowEndDays: v.calendar.windowEnd,
    })),
  );
  // Every demo vendor offers its category's plans (ADR 0037), as a vendor signing up today does.
  await tx
    .insert(vendorPlanOffers)
    .values(
      DEMO_VENDORS.flatMap((v) =>
        defaultPlanOffersFor(v.category).map((o) => ({ vendorId: vendorId(v), ...o })),
      ),
    );
  return { vendorCount: vendorRows.length, vendorId };
}

/** Pricing questions and their options; answers the question ids by `${vendorId}:${alias}`. */
async function insertPricingQuestions(tx: Tx, vendorId: VendorIdOf): Promise<Map<string, number>> {
  const inputRows = await tx
    .insert(pricingInputs)
    .values(
      DEMO_VENDORS.flatMap((v) =>
        v.pricing.inputs.map((input, position) => ({
          vendorId: vendorId(v),
          name: input.name,
          alias: input.alias,
          inputType: input.inputType,
          recurring: input.recurring ?? false,
          position,
        })),
      ),
    )
    .returning({ id: pricingInputs.id, vendorId: pricingInputs.vendorId, alias: pricingInputs.alias });
  const inputId = new Map(inputRows.map((r) => [`${r.vendorId}:${r.alias}`, r.id]));
  await tx.insert(pricingInputOptions).values(
    DEMO_VENDORS.flatMap((v) =>
      v.pricing.inputs.flatMap((input) =>
        input.options.map((o, position) => ({
          pricingInputId: inputId.get(`${vendorId(v)}:${input.alias}`)!,
          name: o.name,
          value: o.value,
          isDefault: o.isDefault ?? false,
          optionType: o.optionType ?? null,
          position,
        })),
      ),
    ),
  );
  return inputId;
}

interface InsertedPeople {
  people: { person: DemoPerson; vendor?: DemoVendor }[];
  userCount: number;
  userIdByEmail: Map<string, number>;
  addressIdByUser: Map<number, number>;
}

/** Users (customers and every vendor's owner) with their home addresses. */
async function insertPeople(
  tx: Tx,
  rng: Prng,
  ago: Ago,
  digest: string,
  vendorId: VendorIdOf,
): Promise<InsertedPeople> {
  const people: { person: DemoPerson; vendor?: DemoVendor }[] = [
    ...DEMO_CUSTOMERS.map((person) => ({ person })),
    ...DEMO_VENDORS.map((vendor) => ({ person: vendor.owner, vendor })),
  ];
  const userRows = await tx
    .insert(users)
    .values(
      people.map(({ person, vendor }): typeof users.$inferInsert => {
        const createdAt = vendor
          ? ago(vendor.createdDaysAgo * DAY + 30 * MINUTE)
          : ago(
              (person.email === 'customer@example.com' ? 365 : rng.int(340, 420)) * DAY +
                rng.int(0, 900) * MINUTE,
            );
        return {
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.email.toLowerCase(),
          phoneNumber: person.phone,
          passwordDigest: digest,
          userType: vendor ? 'vendor' : 'customer',
          vendorId: vendor ? vendorId(vendor) : null,
          serviceChargeCents: DEFAULT_SERVICE_CHARGE_CENTS,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: users.id, email: users.email });
  const userIdByEmail = new Map(userRows.map((r) => [r.email, r.id]));
  const addressRows = await tx
    .insert(addresses)
    .values(
      people.map(({ person }) => ({
        userId: userIdByEmail.get(person.email)!,
        ...addressFields(person.address),
        isDefault: true,
      })),
    )
    .returning({ id: addresses.id, userId: addresses.userId });
  const addressIdByUser = new Map(addressRows.map((r) => [r.userId!, r.id]));
  const userIds = userRows.map((r) => r.id);
  await tx
    .update(users)
    .set({ currentAddressId: sql`${addresses.id}` })
    .from(addresses)
    .where(and(eq(addresses.userId, users.id), eq(addresses.isDefault, true), inArray(users.id, userIds)));
  return { people, userCount: userRows.length, userIdByEmail, addressIdByUser };
}

/** The marketplace's operator: reviews listings submitted for review (/operator/listings). */
async function insertOperator(tx: Tx, digest: string, ago: Ago): Promise<void> {
  const [operator] = await tx
    .insert(users)
    .values({
      firstName: DEMO_OPERATOR.firstName,
      lastName: DEMO_OPERATOR.lastName,
      email: DEMO_OPERATOR.email,
      phoneNumber: DEMO_OPERATOR.phone,
      passwordDigest: digest,
      userType: 'customer',
      isOperator: true,
      serviceChargeCents: DEFAULT_SERVICE_CHARGE_CENTS,
      createdAt: ago(400 * DAY),
      updatedAt: ago(400 * DAY),
    })
    .returning({ id: users.id });
  const [operatorAddress] = await tx
    .insert(addresses)
    .values({ userId: operator!.id, ...addressFields(DEMO_OPERATOR.address), isDefault: true })
    .returning({ id: addresses.id });
  await tx.update(users).set({ currentAddressId: operatorAddress!.id }).where(eq(users.id, operator!.id));
}

/** What planning orders needs of each vendor (by slug) and each person (by email). */
function contextsOf(
  vendorId: VendorIdOf,
  inputId: Map<string, number>,
  { people, userIdByEmail, addressIdByUser }: InsertedPeople,
): { vendorCtx: Map<string, VendorCtx>; customerCtx: Map<string, CustomerCtx> } {
  const ownerEmails = new Set(DEMO_VENDORS.map((v) => v.owner.email));
  const vendorCtx = new Map<string, VendorCtx>(
    DEMO_VENDORS.map((v) => [
      v.slug,
      {
        demo: v,
        id: vendorId(v),
        ownerUserId: userIdByEmail.get(v.owner.email)!,
        inputs: v.pricing.inputs.map((demo) => ({ id: inputId.get(`${vendorId(v)}:${demo.alias}`)!, demo })),
        busy: [],
      },
    ]),
  );
  const customerCtx = new Map<string, CustomerCtx>(
    people.map(({ person }) => {
      const id = userIdByEmail.get(person.email)!;
      return [
        person.email,
        {
          demo: person,
          id,
          addressId: addressIdByUser.get(id)!,
          isVendorUser: ownerEmails.has(person.email),
          busy: [],
        },
      ];
    }),
  );
  return { vendorCtx, customerCtx };
}

/** Images: logo, banner and gallery of every active vendor. Answers how many were stored. */
async function insertImages(
  tx: Tx,
  storage: Storage,
  vendorCtx: Map<string, VendorCtx>,
  withImages: boolean,
): Promise<number> {
  const imageJobs: { vendor: VendorCtx; kind: ImageKind; position: number; svg: string }[] = [];
  for (const [index, v] of DEMO_VENDORS.entries()) {
    if (v.listingStatus !== 'active' || !withImages) continue;
    const ctx = vendorCtx.get(v.slug)!;
    const art = new Prng(SEED + 1000 + index);
    imageJobs.push({ vendor: ctx, kind: 'logo', position: 0, svg: logoSvg(v) });
    imageJobs.push({ vendor: ctx, kind: 'banner', position: 0, svg: bannerSvg(v, art) });
    for (let position = 0; position < v.galleryCount; position++) {
      imageJobs.push({ vendor: ctx, kind: 'gallery', position, svg: gallerySvg(v, position, art) });
    }
  }
  // Drawing and encoding run several at once; the rows are written one after the other, since a
  // transaction is one connection (pg warns about, and will refuse, overlapping queries on a client).
  const processed = await mapWithConcurrency(imageJobs, IMAGE_CONCURRENCY, async (job) =>
    processImage(await rasterizeOwnSvg(job.svg), job.kind),
  );
  const storedIds: number[] = [];
  for (const [i, job] of imageJobs.entries()) {
    const stored = await storeImage(tx, storage, {
      processed: processed[i]!,
      vendorId: job.vendor.id,
      position: job.position,
    });
    storedIds.push(stored.id);
  }
  const branding = new Map<number, { logo?: number; banner?: number }>();
  imageJobs.forEach((job, i) => {
    if (job.kind !== 'logo' && job.kind !== 'banner') return;
    const entry = branding.get(job.vendor.id) ?? {};
    entry[job.kind] = storedIds[i]!;
    branding.set(job.vendor.id, entry);
  });
  for (const [id, b] of branding) {
    await tx.update(vendors).set({ logoImageId: b.logo, bannerImageId: b.banner }).where(eq(vendors.id, id));
  }
  return storedIds.length;
}

/** Orders, bookings and their logs, planned in memory (each order takes its time from the PRNG). */
function planOrders(
  rng: Prng,
  nowMs: number,
  vendorCtx: Map<string, VendorCtx>,
  customerCtx: Map<string, CustomerCtx>,
): PlannedOrder[] {
  const requests = orderRequests(rng);
  const confirmationIds = new Set<string>();
  const planned: PlannedOrder[] = [];
  for (const req of requests) {
    const v = vendorCtx.get(req.vendor)!;
    const c = customerCtx.get(req.customer)!;
    planned.push(planOrder(req, v, c, rng, nowMs, confirmationIds));
  }
  return planned;
}

/** The planned bookings, orders (with their payout jobs) and order logs. Answers how many orders. */
async function writeOrders(tx: Tx, planned: PlannedOrder[]): Promise<number> {
  const bookingRows = await tx
    .insert(bookings)
    .values(planned.map((p) => p.booking))
    .returning({ id: bookings.id, vendorId: bookings.vendorId, appointmentAt: bookings.appointmentAt });
  bookingRows.forEach((row, i) => {
    const p = planned[i]!;
    if (
      row.vendorId !== p.booking.vendorId ||
      row.appointmentAt?.getTime() !== p.booking.appointmentAt.getTime()
    ) {
      throw new Error('Bookings came back in an unexpected order');
    }
    p.order.bookingId = row.id;
  });
  const orderRows = await tx
    .insert(orders)
    .values(planned.map((p) => p.order))
    .returning({ id: orders.id, confirmationId: orders.confirmationId });
  const orderIdByConfirmation = new Map(orderRows.map((r) => [r.confirmationId, r.id]));
  // Fulfilled orders whose payout is not due yet get their payout job, as marking them complete would.
  for (const p of planned) {
    if (p.order.fulfillmentStatus !== 'fulfilled' || p.order.paidOutAt || !p.order.fulfilledAt) continue;
    await schedulePayout(tx, {
      orderId: orderIdByConfirmation.get(p.order.confirmationId)!,
      fulfilledAt: p.order.fulfilledAt,
    });
  }
  await tx
    .insert(orderEvents)
    .values(
      planned.flatMap((p) =>
        p.events.map((e) => ({ ...e, orderId: orderIdByConfirmation.get(p.order.confirmationId)! })),
      ),
    );
  return orderRows.length;
}

/** The demo customer's saved answers for Sparkle & Shine (prefilled in its calculator). */
async function insertSavedAnswers(tx: Tx, planned: PlannedOrder[]): Promise<void> {
  const saved = planned.find(
    (p) =>
      p.customer.demo.email === 'customer@example.com' &&
      p.vendor.demo.slug === 'sparkle-shine' &&
      p.when === 'upcoming',
  )!;
  await tx.insert(userInputs).values(
    Object.entries(saved.booking.answers).map(([pricingInputId, valueString]) => ({
      addressId: saved.customer.addressId,
      pricingInputId: Number(pricingInputId),
      valueString,
      updatedAt: saved.order.createdAt,
    })),
  );
}

function addressFields(a: DemoAddress) {
  return {
    streetAddress: a.street,
    streetAddress2: a.street2 ?? null,
    city: a.city,
    state: 'UT',
    zipCode: a.zip,
  };
}

async function mapWithConcurrency<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Who books whom, and when. The scripted part gives each demo account a story to click through. */
function orderRequests(rng: Prng): OrderRequest[] {
  const reqs: OrderRequest[] = [];
  const add = (vendor: string, customer: string, when: When, extra: Partial<OrderRequest> = {}) =>
    reqs.push({ vendor, customer, when, ...extra });

  // vendor@example.com runs Sparkle & Shine: a full order book, both past and upcoming.
  add('sparkle-shine', 'customer@example.com', 'past', { review: 'never' });
  add('sparkle-shine', 'jordan.miles@example.com', 'past');
  add('sparkle-shine', 'priya.shah@example.com', 'past');
  add('sparkle-shine', 'marcus.bennett@example.com', 'past', { special: 'partial', review: 'never' });
  add('sparkle-shine', 'carlos.ramirez@example.com', 'past');
  add('sparkle-shine', 'emily.tran@example.com', 'recent');
  add('sparkle-shine', 'hannah.olsen@example.com', 'recent');
  // A job done yesterday that the vendor has still to mark complete (Order History's Complete).
  add('sparkle-shine', 'carlos.ramirez@example.com', 'recent', { special: 'unfinished', review: 'never' });
  add('sparkle-shine', 'customer@example.com', 'upcoming', { special: 'rescheduled' });
  add('sparkle-shine', 'derek.jensen@example.com', 'upcoming');
  add('sparkle-shine', 'sofia.martinez@example.com', 'upcoming');
  add('sparkle-shine', 'ben.christensen@example.com', 'upcoming');
  add('sparkle-shine', 'ashley.nguyen@example.com', 'upcoming');
  add('sparkle-shine', 'jordan.miles@example.com', 'upcoming');
  add('sparkle-shine', 'both@example.com', 'upcoming');
  // customer@example.com with other vendors: reviewed one, can still review another, one cancelled.
  add('red-cliffs-pest', 'customer@example.com', 'past', { review: 'always' });
  add('crystal-clear', 'customer@example.com', 'past', { review: 'never' });
  add('bin-bright', 'customer@example.com', 'past', { special: 'cancelled', review: 'never' });
  add('sandstone-carpet', 'customer@example.com', 'upcoming');
  add('southern-utah-detail', 'customer@example.com', 'upcoming');
  // both@example.com (owner of Desert Gleam Auto Spa) books other vendors as a customer.
  add('red-rock-maids', 'both@example.com', 'past');
  add('dixie-pest', 'both@example.com', 'upcoming');

  // Everyone else: a spread of customers over every active vendor.
  const others = DEMO_CUSTOMERS.slice(1).map((c) => c.email);
  for (const v of DEMO_VENDORS) {
    if (v.listingStatus !== 'active') continue;
    const pool = rng.shuffle(others.filter((e) => e !== v.owner.email));
    let k = 0;
    const nextCustomer = () => pool[k++ % pool.length]!;
    const sparkle = v.slug === 'sparkle-shine';
    const history = v.hasReviews ? (sparkle ? 4 : rng.int(1, 3)) : 0;
    const past = sparkle ? 0 : v.hasReviews ? rng.int(2, 4) : rng.int(0, 1);
    const upcoming = sparkle ? 0 : rng.int(1, 3);
    for (let i = 0; i < history; i++) add(v.slug, nextCustomer(), 'history', { review: 'always' });
    for (let i = 0; i < past; i++) add(v.slug, nextCustomer(), rng.chance(0.15) ? 'recent' : 'past');
    for (let i = 0; i < upcoming; i++) add(v.slug, nextCustomer(), 'upcoming');
  }
  return reqs;
}

type EventRow = Omit<typeof orderEvents.$inferInsert, 'orderId'>;

interface PlannedOrder {
  when: When;
  req: OrderRequest;
  vendor: VendorCtx;
  customer: CustomerCtx;
  fulfilledAt: Date | null;
  booking: typeof bookings.$inferInsert & { appointmentAt: Date; answers: Record<string, string> };
  order: typeof orders.$inferInsert & { createdAt: Date };
  events: EventRow[];
}

/** Answers to the vendor's (non-recurring) questions, the price they give and its duration. */
function priceAnswers(v: VendorCtx, rng: Prng) {
  const workday = v.demo.calendar.end - v.demo.calendar.start;
  for (let attempt = 0; attempt < 60; attempt++) {
    const vars: Record<string, number> = {};
    const answers: Record<string, string> = {};
    const snapshot: Record<string, string> = {};
    for (const input of v.inputs) {
      const { demo } = input;
      if (demo.recurring) continue; // not shown to customers: counts as 1 in the formula
      let value: number;
      let label: string;
      if (demo.inputType === 'range') {
        const opt = (t: string) => demo.options.find((o) => o.optionType === t)!.value;
        const [min, max, step, def] = [opt('min'), opt('max'), opt('step'), opt('default')];
        const raw = def + (rng.next() * 2 - 1) * (max - min) * 0.35;
        value = Math.min(max, Math.max(min, min + Math.round((raw - min) / step) * step));
        value = Number(value.toFixed(2));
        label = String(value);
      } else {
        const def = demo.options.find((o) => o.isDefault);
        const chosen = def && rng.chance(0.5) ? def : rng.pick(demo.options);
        value = chosen.value;
        label = chosen.name;
      }
      vars[demo.alias] = value;
      answers[String(input.id)] = String(value);
      snapshot[demo.name] = label;
    }
    const quote = quotePrice({
      formula: v.demo.pricing.formula,
      minPriceCents: v.demo.minPriceCents,
      answers: vars,
    });
    if (!quote.formulaOk) throw new Error(`Demo formula of ${v.demo.name}: ${quote.error?.message}`);
    const { priceCents } = quote;
    const durationMins = durationMinutes(priceCents, v.demo.rateCents);
    if (priceCents <= 60_000 && durationMins >= 1 && durationMins <= Math.min(360, workday - 30)) {
      return { priceCents, durationMins, answers, snapshot };
    }
  }
  throw new Error(`No sensible demo answers for ${v.demo.name}`);
}

function dayOffsets(when: When, v: DemoVendor): number[] {
  const oldest = -(v.createdDaysAgo - 3);
  const [from, to] =
    when === 'history'
      ? [Math.max(-330, oldest), -61]
      : when === 'past'
        ? [Math.max(-60, oldest), -1]
        : when === 'recent'
          ? [-4, -1]
          : [3, 21];
  const out: number[] = [];
  for (let d = from; d <= to; d++) out.push(d);
  return out;
}

/** A Monday-Friday start inside the vendor's workday, clear of its other orders (and the customer's). */
function findSlot(
  v: VendorCtx,
  c: CustomerCtx,
  durationMins: number,
  when: When,
  rng: Prng,
  nowMs: number,
  reserve: boolean,
): { start: Date; end: Date } {
  const { start: ws, end: we, buffer } = v.demo.calendar;
  const starts: number[] = [];
  for (let m = ws; m + durationMins <= we; m += 30) starts.push(m);
  for (const offset of rng.shuffle(dayOffsets(when, v.demo))) {
    const day = addDays(localDateTimeOf(nowMs, TIME_ZONE), offset);
    const weekday = weekdayOf(day);
    if (weekday === 0 || weekday === 6) continue;
    for (const m of rng.shuffle(starts)) {
      const start = instantOfLocal(day, m, TIME_ZONE);
      const end = start + durationMins * MINUTE;
      if (when === 'upcoming' ? start < nowMs + 72 * HOUR : end > nowMs - 2 * HOUR) continue;
      const clash =
        v.busy.some((b) => start < b.end + buffer * MINUTE && b.start < end + buffer * MINUTE) ||
        c.busy.some((b) => start < b.end + HOUR && b.start < end + HOUR);
      if (clash) continue;
      if (reserve) {
        v.busy.push({ start, end });
        c.busy.push({ start, end });
      }
      return { start: new Date(start), end: new Date(end) };
    }
  }
  // Only four days are "recent" and some are weekend days: fall back to the wider past.
  if (when === 'recent') return findSlot(v, c, durationMins, 'past', rng, nowMs, reserve);
  throw new Error(`No free ${when} slot for ${v.demo.name}`);
}

/** What the outcome of an order (cancelled, fulfilled and perhaps paid out, rescheduled) changes. */
interface Outcome {
  fulfillmentStatus: FulfillmentStatus;
  paymentStatus: PaymentStatus;
  serviceFee: number;
  commission: number;
  payout: number;
  refund: number;
  fulfilledAt: Date | null;
  cancelledAt: Date | null;
  payoutDueAt: Date | null;
  paidOutAt: Date | null;
  transferId: string | null;
  previousAppointmentAt: Date | null;
  refundReason: string | null;
  cancelReason: string | null;
  optionalNote: string | null;
  updatedMs: number;
}

/** One order being planned: who, when, and the log its outcome adds to. */
interface OrderPlan {
  req: OrderRequest;
  v: VendorCtx;
  c: CustomerCtx;
  rng: Prng;
  nowMs: number;
  start: Date;
  end: Date;
  createdMs: number;
  durationMins: number;
  events: EventRow[];
}

function planOrder(
  req: OrderRequest,
  v: VendorCtx,
  c: CustomerCtx,
  rng: Prng,
  nowMs: number,
  confirmationIds: Set<string>,
): PlannedOrder {
  const { priceCents, durationMins, answers, snapshot } = priceAnswers(v, rng);
  // A cancelled order no longer holds its time, so it does not reserve the slot.
  const { start, end } = findSlot(v, c, durationMins, req.when, rng, nowMs, req.special !== 'cancelled');
  const past = req.when !== 'upcoming';
  const confirmationId = newConfirmationId(rng, confirmationIds);

  // When the customer booked.
  const createdMs = past
    ? start.getTime() - (Math.max(v.demo.calendar.windowStart, 1) * DAY + rng.int(0, 10 * 24 * 60) * MINUTE)
    : req.special === 'rescheduled'
      ? nowMs - rng.int(3 * 24, 6 * 24) * HOUR
      : nowMs - rng.int(60, 10 * 24 * 60) * MINUTE;
  const createdAt = new Date(createdMs);

  const serviceCharge = DEFAULT_SERVICE_CHARGE_CENTS;
  const total = priceCents + serviceCharge;
  const commission = Math.round((priceCents * v.demo.commissionBps) / 10_000);
  const outcome: Outcome = {
    fulfillmentStatus: 'unfulfilled',
    paymentStatus: 'collected',
    serviceFee: serviceCharge,
    commission,
    payout: priceCents - commission,
    refund: 0,
    fulfilledAt: null,
    cancelledAt: null,
    payoutDueAt: null,
    paidOutAt: null,
    transferId: null,
    previousAppointmentAt: null,
    refundReason: null,
    cancelReason: null,
    optionalNote: null,
    updatedMs: createdMs,
  };

  const customerNotes = rng.chance(0.35) ? rng.pick(CUSTOMER_NOTES) : null;
  const events: EventRow[] = [
    {
      actorUserId: c.id,
      actorRole: 'customer',
      action: 'created',
      amountCents: total,
      details: { confirmationId },
      createdAt,
    },
  ];
  const plan: OrderPlan = { req, v, c, rng, nowMs, start, end, createdMs, durationMins, events };
  if (req.special === 'cancelled') cancelOrder(plan, outcome, total);
  else if (past && req.special !== 'unfinished') fulfilOrder(plan, outcome);
  else if (req.special === 'rescheduled') rescheduleOrder(plan, outcome);

  const { fulfillmentStatus, fulfilledAt, previousAppointmentAt } = outcome;
  const order = {
    confirmationId,
    vendorId: v.id,
    userId: c.id,
    addressId: c.addressId,
    appointmentAt: start,
    appointmentEndAt: end,
    durationMins,
    customerNotes,
    optionalNote: outcome.optionalNote,
    optionsSnapshot: snapshot,
    fulfillmentStatus,
    paymentStatus: outcome.paymentStatus,
    paymentProvider: 'sandbox',
    paymentIntentId: `pi_sandbox_${rng.code(24, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
    paymentMethodLast4: '4242',
    paymentMethodBrand: 'visa',
    totalCollectedCents: total,
    subtotalCents: priceCents,
    serviceFeeCents: outcome.serviceFee,
    commissionCents: outcome.commission,
    vendorPayoutCents: outcome.payout,
    refundAmountCents: outcome.refund,
    refundReason: outcome.refundReason,
    cancelReason: outcome.cancelReason,
    payoutLast4: v.demo.payout?.last4 ?? null,
    payoutBankName: v.demo.payout?.bank ?? null,
    previousAppointmentAt,
    rescheduleCount: previousAppointmentAt ? 1 : 0,
    fulfilledAt,
    cancelledAt: outcome.cancelledAt,
    payoutDueAt: outcome.payoutDueAt,
    paidOutAt: outcome.paidOutAt,
    transferId: outcome.transferId,
    createdAt,
    updatedAt: new Date(outcome.updatedMs),
  };
  const booking: PlannedOrder['booking'] = {
    userId: c.id,
    addressId: c.addressId,
    vendorId: v.id,
    status: fulfillmentStatus === 'fulfilled' ? 'completed' : 'paid',
    priceCents,
    durationMins,
    appointmentAt: start,
    answers,
    optionsSnapshot: snapshot,
    customerNotes,
    createdAt: new Date(createdMs - rng.int(3, 15) * MINUTE),
    updatedAt: fulfilledAt ?? createdAt,
  };
  return { when: req.when, req, vendor: v, customer: c, fulfilledAt, booking, order, events };
}

/** "SG-…", unique among the demo orders. */
function newConfirmationId(rng: Prng, confirmationIds: Set<string>): string {
  let confirmationId: string;
  do confirmationId = `SG-${rng.code(8, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}`;
  while (confirmationIds.has(confirmationId));
  confirmationIds.add(confirmationId);
  return confirmationId;
}

/** Cancelled by the customer ahead of the policy window: refunded in full, nothing kept. */
function cancelOrder({ v, c, rng, start, createdMs, events }: OrderPlan, o: Outcome, total: number): void {
  o.fulfillmentStatus = 'cancelled';
  o.paymentStatus = 'refunded';
  o.refund = total;
  o.serviceFee = 0;
  o.commission = 0;
  o.payout = 0;
  o.cancelReason = CANCEL_REASON;
  const cancelMs = Math.max(
    createdMs + HOUR,
    start.getTime() - (v.demo.cancelationPolicyHours + rng.int(24, 72)) * HOUR,
  );
  o.cancelledAt = new Date(cancelMs);
  events.push(
    {
      actorUserId: c.id,
      actorRole: 'customer',
      action: 'cancelled',
      details: { reason: o.cancelReason },
      createdAt: o.cancelledAt,
    },
    {
      actorUserId: null,
      actorRole: 'system',
      action: 'refunded',
      amountCents: o.refund,
      details: {},
      createdAt: new Date(cancelMs + 2000),
    },
  );
  o.updatedMs = cancelMs + 2000;
}

/** A past job the vendor marked complete: payout scheduled, perhaps partly refunded, paid out once due. */
function fulfilOrder(plan: OrderPlan, o: Outcome): void {
  const { req, v, rng, nowMs, end, events } = plan;
  o.fulfillmentStatus = 'fulfilled';
  const fulfilledMs = clampToNow(
    nowMs,
    req.when === 'recent' && end.getTime() > nowMs - 5 * DAY
      ? Math.max(end.getTime() + 15 * MINUTE, nowMs - rng.int(6, 40) * HOUR)
      : end.getTime() + rng.int(15, 240) * MINUTE,
    5 * MINUTE,
  );
  o.fulfilledAt = new Date(fulfilledMs);
  const payoutDueAt = new Date(fulfilledMs + PAYOUT_DELAY_HOURS * HOUR);
  o.payoutDueAt = payoutDueAt;
  if (rng.chance(0.5)) o.optionalNote = rng.pick(COMPLETION_NOTES);
  events.push(
    {
      actorUserId: v.ownerUserId,
      actorRole: 'vendor',
      action: 'fulfilled',
      details: o.optionalNote ? { note: o.optionalNote } : {},
      createdAt: o.fulfilledAt,
    },
    {
      actorUserId: null,
      actorRole: 'system',
      action: 'payout_scheduled',
      amountCents: o.payout,
      details: { payoutDueAt: payoutDueAt.toISOString() },
      createdAt: new Date(fulfilledMs + 1000),
    },
  );
  o.updatedMs = fulfilledMs + 1000;
  if (req.special === 'partial') refundPartly(plan, o, fulfilledMs, payoutDueAt);
  if (payoutDueAt.getTime() <= nowMs) payOut(plan, o, payoutDueAt);
}

/** The vendor refunds part of a fulfilled order before its payout is due. */
function refundPartly(
  { v, rng, nowMs, events }: OrderPlan,
  o: Outcome,
  fulfilledMs: number,
  payoutDueAt: Date,
): void {
  o.paymentStatus = 'partially_refunded';
  o.refund = Math.min(2500, Math.floor(o.payout / 4));
  o.payout -= o.refund;
  o.refundReason = PARTIAL_REFUND_REASON;
  const refundMs = clampToNow(
    nowMs,
    Math.min(fulfilledMs + rng.int(2, 30) * HOUR, payoutDueAt.getTime() - HOUR),
  );
  events.push({
    actorUserId: v.ownerUserId,
    actorRole: 'vendor',
    action: 'partially_refunded',
    amountCents: o.refund,
    details: { reason: o.refundReason },
    createdAt: new Date(Math.max(refundMs, fulfilledMs + 2000)),
  });
  o.updatedMs = Math.max(refundMs, fulfilledMs + 2000);
}

/** A payout that fell due before now has been sent. */
function payOut({ rng, nowMs, events }: OrderPlan, o: Outcome, payoutDueAt: Date): void {
  if (o.paymentStatus === 'collected') o.paymentStatus = 'processed';
  const paidOutAt = new Date(clampToNow(nowMs, payoutDueAt.getTime() + rng.int(1, 20) * MINUTE, 0));
  o.paidOutAt = paidOutAt;
  o.transferId = `tr_sandbox_${rng.code(20, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
  events.push({
    actorUserId: null,
    actorRole: 'system',
    action: 'payout_sent',
    amountCents: o.payout,
    details: { transferId: o.transferId },
    createdAt: paidOutAt,
  });
  o.updatedMs = paidOutAt.getTime();
}

/** An upcoming order the vendor moved here from another time. */
function rescheduleOrder({ v, c, rng, nowMs, start, durationMins, events }: OrderPlan, o: Outcome): void {
  o.fulfillmentStatus = 'rescheduled';
  const previousAppointmentAt = findSlot(v, c, durationMins, 'upcoming', rng, nowMs, false).start;
  o.previousAppointmentAt = previousAppointmentAt;
  const rescheduledMs = nowMs - rng.int(2, 48) * HOUR;
  events.push({
    actorUserId: v.ownerUserId,
    actorRole: 'vendor',
    action: 'rescheduled',
    details: { from: previousAppointmentAt.toISOString(), to: start.toISOString() },
    createdAt: new Date(rescheduledMs),
  });
  o.updatedMs = rescheduledMs;
}

/** A moment of the past stays at least `margin` before now. */
const clampToNow = (nowMs: number, ms: number, margin = MINUTE) => Math.min(ms, nowMs - margin);

function reviewScore(rng: Prng): number {
  const r = rng.next();
  return r < 0.62 ? 5 : r < 0.88 ? 4 : r < 0.95 ? 3 : r < 0.98 ? 2 : 1;
}

function reviewBody(v: DemoVendor, score: number, rng: Prng): string {
  const pool = REVIEW_BODIES[v.category];
  return rng.pick(score >= 4 ? pool.good : score === 3 ? pool.mixed : LOW_SCORE_BODIES);
}

/**
 * Product reviews come from customers after a fulfilled order (at most one per customer and vendor;
 * vendors never review); Google reviews are spread over the past year. Vendors marked hasReviews=false
 * get none at all, so their cards show "New Service!".
 */
function planReviews(planned: PlannedOrder[], vendorCtx: Map<string, VendorCtx>, rng: Prng, nowMs: number) {
  const rows: (typeof reviews.$inferInsert)[] = [];
  const reviewed = new Set<string>();
  for (const p of planned) {
    if (!p.vendor.demo.hasReviews || !p.fulfilledAt || p.customer.isVendorUser) continue;
    const key = `${p.vendor.id}:${p.customer.id}`;
    if (reviewed.has(key) || p.req.review === 'never') continue;
    if (p.req.review !== 'always' && !rng.chance(0.45)) continue;
    reviewed.add(key);
    const score = p.customer.demo.email === 'customer@example.com' ? 5 : reviewScore(rng);
    const createdMs = Math.min(p.fulfilledAt.getTime() + rng.int(2, 96) * HOUR, nowMs - 10 * MINUTE);
    rows.push({
      vendorId: p.vendor.id,
      userId: p.customer.id,
      reviewType: 'product',
      body: reviewBody(p.vendor.demo, score, rng),
      score,
      authorFirstName: p.customer.demo.firstName,
      authorLastName: p.customer.demo.lastName,
      createdAt: new Date(Math.max(createdMs, p.fulfilledAt.getTime() + MINUTE)),
    });
  }
  for (const v of vendorCtx.values()) {
    if (!v.demo.hasReviews || v.demo.listingStatus !== 'active') continue;
    const count = v.demo.slug === 'sparkle-shine' ? 6 : rng.int(2, 5);
    for (const [first, last] of rng.shuffle(GOOGLE_REVIEWERS).slice(0, count)) {
      const score = reviewScore(rng);
      rows.push({
        vendorId: v.id,
        userId: null,
        reviewType: 'google',
        body: rng.chance(0.3) ? null : reviewBody(v.demo, score, rng),
        score,
        authorFirstName: first,
        authorLastName: last,
        url: `https://maps.google.com/?cid=${rng.int(1, 9)}${rng.digits(18)}`,
        createdAt: new Date(nowMs - rng.int(5 * 24, 360 * 24) * HOUR - rng.int(0, 59) * MINUTE),
      });
    }
  }
  return rows;
}
