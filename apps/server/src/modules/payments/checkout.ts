/**
 * POST /api/payments/create-payment-intent (spec §7, §8; ARCHITECTURE §5a): the server re-prices the
 * booking and re-checks its time, holds the time for the customer, and opens a payment intent with the
 * provider for subtotal + service charge. Pressing Checkout again answers the same intent while nothing
 * changed. The client's figures are never read.
 */
import { randomBytes } from 'node:crypto';
import { eq, type SQL } from 'drizzle-orm';
import type { CreatePaymentIntentResponse, SavedPaymentMethod } from '@stg/domain/api/payments';
import { CUSTOMER_STEP_MINUTES } from '@stg/domain/availability';
import { CHECKOUT_MESSAGES, orderAmounts, type PaymentInitErrorType } from '@stg/domain/checkout';
import { centsToDollars, formatDollars } from '@stg/domain/money';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { PaymentProviderError, type ProviderIntent } from '../../adapters/payments/payment-provider';
import { users, type PaymentPlanTerms } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { bookableVendorAt, priceFor, type PublicReadAt } from '../bookings/service';
import {
  bookingLockedAfter,
  bookingRowUpdate,
  findBookingForCheckout,
  lockOwner,
  ownerLockKeys,
  updateBookingRow,
  type LockedBookingColumns,
} from '../bookings/queries';
import {
  checkCalendarAndRules,
  checkStartWithCalendar,
  startRecheck,
  type BusyTimesRow,
} from '../scheduling/service';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { sqlStateOf } from '../../db/sql-state';
import type { PaymentsDeps } from '../../deps';
import {
  findPayment,
  findPaymentByIntent,
  findPaymentsByIds,
  insertPaymentWithJob,
  lockOpenPaymentsOfBookingAndInsert,
  lockOpenPaymentsOfBookingThen,
  lockVendorTime,
  markPaymentsCanceled,
  updatePayment,
  updatePaymentWithJob,
  type PaymentJob,
  type PaymentRow,
} from '../payment-records/queries';
import { endLapsedHolds, findLapsedHolds, PAYMENTS_UNAVAILABLE, releaseHold } from './holds';
import { planTermsFor } from '../plans/plan-checkout';

export const HOLD_EXPIRY_JOB = 'checkout-hold-expiry';

/** A refusal of spec §8's kinds: HTTP 4xx with `{error_type, message, errors}`. */
export class PaymentInitError extends HttpError {
  constructor(
    statusCode: number,
    readonly errorType: PaymentInitErrorType,
    message: string,
  ) {
    super(statusCode, [message], { error_type: errorType, message });
    this.name = 'PaymentInitError';
  }
}

/** "SG-7K2P9QXA": what the customer quotes; unique (a clash is retried by the unique index). */
export function newConfirmationId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  let code = '';
  for (const b of bytes) code += alphabet[b % alphabet.length];
  return `SG-${code}`;
}

export interface CreateIntentRequest {
  bookingId: number;
  saveCard?: boolean;
}

/**
 * The customer's provider customer id, created on first checkout and kept on the user; `created` when it
 * was made just now (it has no saved cards yet).
 */
async function customerIdFor(deps: PaymentsDeps, user: UserRow): Promise<{ id: string; created: boolean }> {
  const id = await deps.payments.ensureCustomer({
    userId: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`,
    existingId: user.paymentCustomerId,
  });
  if (id === user.paymentCustomerId) return { id, created: false };
  await deps.db.update(users).set({ paymentCustomerId: id }).where(eq(users.id, user.id));
  return { id, created: true };
}

async function savedCards(deps: PaymentsDeps, customerId: string): Promise<SavedPaymentMethod[]> {
  try {
    // The same card saved twice is offered once (newest first, as the provider lists them).
    const seen = new Set<string>();
    const cards = (await deps.payments.listCards(customerId)).filter((c) => {
      const key = `${c.brand}:${c.last4}:${c.expMonth}:${c.expYear}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return cards.map((c) => ({
      id: c.id,
      card: { exp_month: c.expMonth, exp_year: c.expYear, brand: c.brand, last4: c.last4 },
    }));
  } catch (err) {
    // Saved cards are a convenience: a failure to list them must not stop a checkout.
    deps.log.warn({ err }, 'could not list saved cards');
    return [];
  }
}

function answerFor(
  payment: PaymentRow,
  cards: SavedPaymentMethod[],
  deps: PaymentsDeps,
): CreatePaymentIntentResponse {
  return {
    clientSecret: payment.clientSecret!,
    paymentIntentId: payment.intentId!,
    confirmationId: payment.confirmationId,
    provider: deps.payments.name,
    publishableKey: deps.payments.publishableKey,
    price: centsToDollars(payment.totalCents),
    subtotal: centsToDollars(payment.subtotalCents),
    serviceCharge: centsToDollars(payment.serviceFeeCents),
    paymentMethods: cards,
    saveCard: payment.saveCard,
    // ADR 0037: a plan's checkout shows its consent beside Pay (the card is saved for the later visits).
    planConsent: payment.plan?.consentText ?? null,
    holdExpiresAt: payment.holdExpiresAt.toISOString(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Booking = NonNullable<Awaited<ReturnType<typeof findBookingForCheckout>>>['booking'];
type Vendor = Awaited<ReturnType<typeof bookableVendorAt>>;
type Priced = ReturnType<typeof priceFor>;
type Amounts = ReturnType<typeof orderAmounts>;
type Decided = { kind: 'taken' } | { kind: 'reuse' | 'new'; payment: PaymentRow; stale: PaymentRow[] };

type Span = Parameters<typeof findLapsedHolds>[1];

interface Checkout {
  /** The signed-in customer, with their provider customer id as committed now (read with the booking). */
  user: UserRow;
  owner: { userId: number };
  booking: Booking;
  start: Date;
  addressId: number;
  vendor: Vendor;
  /** The booking's time on the vendor's calendar, [start, end). */
  span: Span;
  /** The vendor's calendar row, read with the booking (issue 27; null: none). */
  calendar: Parameters<typeof startRecheck>[0];
  /** Read beside the vendor (issue 27): other customers' lapsed holds. */
  lapsed: Promise<PaymentRow[]>;
  /** Whether the booking had a checkout attempt open when read (none: a first attempt). */
  openPayment: boolean;
  /** Whether another customer's lapsed hold overlapped the booking's time when read. */
  lapsedHolds: boolean;
}

/** A read started now and awaited later (or never, after a refusal): its failure is not unhandled. */
function started<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}

/**
 * `publicReads`: where the vendor's public pricing data may come from (the public reads' cache at the
 * version the request read, ADR 0042, signed-in requests' statements); without it they are read.
 */
export async function createPaymentIntent(
  deps: PaymentsDeps,
  signedIn: UserRow | null,
  request: CreateIntentRequest,
  publicReads?: PublicReadAt,
): Promise<CreatePaymentIntentResponse> {
  let req = request;
  if (!signedIn) throw new PaymentInitError(401, 'not_logged_in', CHECKOUT_MESSAGES.notLoggedIn);
  const now = deps.now();
  const checkout = await validateCheckout(deps, signedIn, req, publicReads);
  const { user } = checkout;
  const priced = await reprice(deps, checkout, now);
  const { booking, start } = checkout;
  const slot = {
    vendorId: booking.vendorId,
    start,
    durationMinutes: booking.durationMins,
    stepMinutes: CUSTOMER_STEP_MINUTES,
    excludeBookingId: booking.id,
  };
  // Issue 27: the provider's customer is made (first checkout) while the time is checked, not after it;
  // its answer counts only once the time is known to be free (the refusals keep their order).
  const customer = customerIdFor(deps, user).then(
    (found) => ({ ok: true as const, ...found }),
    (err: unknown) => ({ ok: false as const, err }),
  );
  const amounts = orderAmounts(
    priced.priceCents,
    user.serviceChargeCents,
    checkout.vendor.vendor.commissionBps,
  );
  const holdExpiresAt = new Date(now.getTime() + deps.holdMinutes * 60_000);
  // ADR 0037: a plan's checkout saves the card for the later visits (no choice offered), with its terms.
  const plan = planTermsFor({
    frequency: priced.planFrequency,
    discountPercent: priced.planDiscountPercent,
    baseSubtotalCents: priced.baseCents,
    pricePerVisitCents: amounts.subtotalCents,
    serviceChargeCents: amounts.serviceFeeCents,
    answers: priced.answers,
    vendor: checkout.vendor.vendor,
  });
  if (plan) req = { ...req, saveCard: true };
  const saveCard = req.saveCard ?? false;
  const confirmationId = newConfirmationId();
  let early: Promise<ProviderIntent | null> | null = null;
  /** The early intent, unless `kept` (the one the customer is answered) or a payment row holds it. */
  const cancelEarly = (kept?: string | null) =>
    early?.then(
      (intent) => {
        if (intent && intent.id !== kept)
          cancelUnheldIntentLater(deps, intent.id, `cancel-${confirmationId}`);
      },
      () => undefined,
    );

  let decided;
  let customerId;
  let cards;
  try {
    // The vendor's synced calendar is synced (if stale) before any lock is taken, and the vendor's rules are
    // checked. What the database holds of the vendor's time is read under the lock (holdTime); here too only
    // when another customer's lapsed hold is on the time, so that a time busy anyway is refused before that
    // hold is ended (its customer may still be in 3-D Secure).
    const { calendar, span } = checkout;
    const problem = checkout.lapsedHolds
      ? (await checkStartWithCalendar(deps.db, deps.busyTimesCheck, slot, now, calendar)).problem
      : await checkCalendarAndRules(deps.busyTimesCheck, slot, now, calendar);
    if (problem) {
      await customer;
      throw new PaymentInitError(409, 'appointment_unavailable', SCHEDULING_MESSAGES.appointmentUnavailable);
    }
    // Issue 27: a booking's first attempt (none open) asks the provider for its intent as soon as the customer
    // is known, and the hold writes the payment with it: no write of the intent after the hold. The intent is
    // worth nothing until the customer has its secret, which only a payment row gives; an attempt refused, or
    // beaten to the hold by the customer's own double click, has it cancelled.
    early = checkout.openPayment
      ? null
      : started(
          customer.then((made) =>
            made.ok
              ? deps.payments.createIntent(
                  intentTerms(checkout, made.id, amounts.totalCents, saveCard, confirmationId),
                )
              : null,
          ),
        );
    // Another customer's hold on this time that ran out is ended with the provider first (ADR 0013): once
    // this customer holds the time, a late payment of the old hold can no longer take it from them.
    try {
      await endLapsedHolds(deps, await checkout.lapsed);
    } finally {
      await customer;
    }

    const made = await customer;
    if (!made.ok) {
      deps.log.error({ err: made.err }, 'payment provider refused the customer');
      throw new HttpError(503, [PAYMENTS_UNAVAILABLE]);
    }
    customerId = made.id;
    // Saved cards are listed while the time is held (a new customer has none).
    cards = made.created ? Promise.resolve([]) : savedCards(deps, customerId);
    // An early intent the provider refused is not told yet: a time taken is told first, as before. The hold
    // is then taken without it, and the intent asked for again after the hold with the same idempotency key.
    const intent = early ? await early.catch(() => null) : null;
    decided = await holdTime(
      deps,
      checkout,
      { slot, calendar, span, amounts, holdExpiresAt, saveCard, plan, confirmationId, intent },
      now,
    );
  } catch (err) {
    void cancelEarly();
    throw err;
  }
  if (decided.kind === 'taken') {
    void cancelEarly();
    throw new PaymentInitError(409, 'appointment_unavailable', SCHEDULING_MESSAGES.appointmentUnavailable);
  }
  // The customer's own attempt held the time first (a double click): its intent is the one answered.
  void cancelEarly(decided.payment.intentId);

  cancelReplacedIntents(deps, decided.stale, now);
  const payment = await ensureIntent(deps, checkout, decided, { customerId, saveCard, req }, now);
  return answerFor(payment, await cards, deps);
}

/** The customer's booking, ready to pay for, and a vendor that can take payments; else a refusal. */
async function validateCheckout(
  deps: PaymentsDeps,
  signedIn: UserRow,
  req: CreateIntentRequest,
  publicReads: PublicReadAt | undefined,
): Promise<Checkout> {
  const { db } = deps;
  const owner = { userId: signedIn.id };
  const found = await findBookingForCheckout(db, signedIn.id, req.bookingId, deps.now());
  if (!found) throw new HttpError(404, [CHECKOUT_MESSAGES.bookingNotFound]);
  const { booking, calendar } = found;
  // The session's user may be a kept copy whose provider customer id predates the first checkout's write
  // (that write bumps no session version, migration 0028): the id read with the booking is the one used,
  // so a stale copy can never make a second provider customer or use another one.
  const user: UserRow = { ...signedIn, paymentCustomerId: found.paymentCustomerId };
  if (booking.status === 'paid' || booking.status === 'completed')
    throw new PaymentInitError(422, 'booking_not_ready', CHECKOUT_MESSAGES.bookingAlreadyPaid);
  if (!booking.appointmentAt || booking.status === 'priced')
    throw new PaymentInitError(422, 'booking_not_ready', CHECKOUT_MESSAGES.bookingNotScheduled);
  const addressId = user.currentAddressId ?? booking.addressId;
  if (addressId === null) throw new PaymentInitError(422, 'booking_not_ready', CHECKOUT_MESSAGES.noAddress);
  const start = booking.appointmentAt;
  const span = {
    vendorId: booking.vendorId,
    start,
    end: new Date(start.getTime() + booking.durationMins * 60_000),
    excludeBookingId: booking.id,
  };
  // Issue 27: the read that needs only the booking runs beside the vendor's (its answer is used only once
  // the checks below have passed, in the same order of refusals as before), and only when the booking's
  // statement saw a lapsed hold on its time (rare: the expiry job releases them).
  const lapsed = found.lapsedHolds ? started(findLapsedHolds(deps, span)) : Promise.resolve([]);

  let vendor;
  try {
    vendor = await bookableVendorAt(db, booking.vendorId, publicReads);
  } catch {
    throw new PaymentInitError(
      422,
      'vendor_payment_setup_incomplete',
      CHECKOUT_MESSAGES.vendorPaymentSetupIncomplete,
    );
  }
  if (vendor.vendor.stripeIntegrated !== 'active' || !vendor.vendor.paymentAccountId)
    throw new PaymentInitError(
      422,
      'vendor_payment_setup_incomplete',
      CHECKOUT_MESSAGES.vendorPaymentSetupIncomplete,
    );
  return {
    user,
    owner,
    booking,
    start,
    addressId,
    vendor,
    span,
    calendar,
    lapsed,
    openPayment: found.openPayment,
    lapsedHolds: found.lapsedHolds,
  };
}

/** The server's own price for the answers; a change since the customer saw it is told, not charged. */
async function reprice(deps: PaymentsDeps, checkout: Checkout, now: Date): Promise<Priced> {
  const { booking, owner, vendor } = checkout;
  let priced;
  try {
    priced = priceFor(vendor, booking.answers, booking.planFrequency);
  } catch (err) {
    const message = err instanceof HttpError ? err.errors.join(' ') : CHECKOUT_MESSAGES.somethingWrong;
    throw new PaymentInitError(422, 'invalid_price', message);
  }
  if (priced.priceCents !== booking.priceCents || priced.durationMins !== booking.durationMins) {
    const { baseCents: _base, ...columns } = priced;
    await deps.db.transaction(async (tx) => {
      await lockOwner(tx, owner);
      await updateBookingRow(tx, booking.id, {
        ...columns,
        ...(priced.durationMins !== booking.durationMins ? { status: 'priced', appointmentAt: null } : {}),
        updatedAt: now,
      });
    });
    throw new PaymentInitError(
      422,
      'invalid_price',
      `The price of this service is now ${formatDollars(priced.priceCents)} (it was ${formatDollars(booking.priceCents)}). Please review your booking and check out again.`,
    );
  }
  return priced;
}

interface HoldPlan {
  slot: Parameters<typeof startRecheck>[1];
  /** The vendor's calendar row as read with the booking (its rules and busy entries' id). */
  calendar: Parameters<typeof startRecheck>[0];
  span: Span;
  amounts: Amounts;
  holdExpiresAt: Date;
  saveCard: boolean;
  /** ADR 0037: a plan's terms, frozen on the payment; null for one time. */
  plan: PaymentPlanTerms | null;
  /** A new attempt's confirmation id (its intent's idempotency key names it). */
  confirmationId: string;
  /** The provider's intent asked for before the hold (a booking's first attempt), else null. */
  intent: { id: string; clientSecret: string } | null;
}

/** A first attempt's one statement found the time taken: its writes are rolled back (holdFirstAttempt). */
class TimeTaken extends Error {}
/**
 * A first attempt's one statement met what only the whole hold handles (an attempt of the customer's open
 * after all, or the booking gone): its writes are rolled back and holdAnyAttempt runs.
 */
class WholeHoldNeeded extends Error {}

/**
 * One transaction, with the vendor's time locked: check that nobody holds or booked the time, then hold it.
 * Locks in the order settlement takes them (payment rows, then the booking), after the advisory locks.
 * Issue 27: the fewest round trips while the vendor's time is locked (every other hold on it waits). A
 * booking's first attempt (none open when read) takes three: the locks, one statement that locks and
 * reads and writes, and the commit (holdFirstAttempt); any other attempt four (holdAnyAttempt).
 */
async function holdTime(deps: PaymentsDeps, checkout: Checkout, plan: HoldPlan, now: Date): Promise<Decided> {
  if (!checkout.openPayment) {
    try {
      return await holdFirstAttempt(deps, checkout, plan, now);
    } catch (err) {
      if (err instanceof TimeTaken) return { kind: 'taken' };
      if (!(err instanceof WholeHoldNeeded)) throw err;
    }
  }
  return holdAnyAttempt(deps, checkout, plan, now);
}

/** The vendor-time and owner advisory locks, then the time re-checked in the statement that locks the booking. */
async function lockTime(tx: Tx, checkout: Checkout, plan: HoldPlan, now: Date) {
  const { booking, owner, calendar, span } = checkout;
  await lockVendorTime(tx, booking.vendorId, ownerLockKeys(owner));
  // Issue 27: after the locks above (its snapshot sees every hold committed before them), one statement
  // locks the booking's open payments, then the booking, and reads the vendor's time as stored now. Only
  // the database's view of it here (the calendar was synced above). A lapsed hold that could not be ended
  // (its payment is being processed) still keeps the time.
  const recheck = startRecheck(calendar, plan.slot, now, span);
  const bookingLocked = (lockedFirst: SQL) => bookingLockedAfter(booking.id, lockedFirst, recheck.statement);
  return { recheck, bookingLocked };
}

/** The booking as locked is still the one priced and scheduled for this checkout; else the refusal. */
function refuseChangedBooking(checkout: Checkout, current: LockedBookingColumns | undefined): void {
  const { booking, start } = checkout;
  if (!current || current.booking_status === 'paid' || current.booking_status === 'completed')
    throw new PaymentInitError(422, 'booking_not_ready', CHECKOUT_MESSAGES.bookingAlreadyPaid);
  if (
    current.booking_at_ms === null ||
    Number(current.booking_at_ms) !== start.getTime() ||
    current.booking_duration_mins !== booking.durationMins ||
    current.booking_price_cents !== booking.priceCents
  )
    throw new PaymentInitError(422, 'booking_not_ready', CHECKOUT_MESSAGES.bookingChanged);
}

/** The booking held for the customer until the hold runs out (a CTE of the hold's write). */
function heldBooking(tx: Tx, checkout: Checkout, plan: HoldPlan, now: Date, when?: SQL) {
  const { holdExpiresAt } = plan;
  return tx
    .$with('held_booking')
    .as(
      bookingRowUpdate(
        tx,
        checkout.booking.id,
        { status: 'pending', holdExpiresAt, addressId: checkout.addressId, updatedAt: now },
        when,
      ),
    );
}

/**
 * The job that, when the hold runs out unpaid, asks the provider and releases the time (its key names the
 * payment and the expiry: a renewal queues a new one), written in the same statement as the payment.
 */
const expiryJob = (holdExpiresAt: Date): PaymentJob => ({
  kind: HOLD_EXPIRY_JOB,
  keyPrefix: HOLD_EXPIRY_JOB,
  keySuffix: String(holdExpiresAt.getTime()),
});

/** A new attempt's payment row: the amounts, the time and the booking's details as they are now. */
function newPaymentValues(deps: PaymentsDeps, checkout: Checkout, plan: HoldPlan, now: Date) {
  const { user, booking, start, addressId } = checkout;
  const { amounts } = plan;
  return {
    bookingId: booking.id,
    userId: user.id,
    vendorId: booking.vendorId,
    addressId,
    provider: deps.payments.name,
    confirmationId: plan.confirmationId,
    intentId: plan.intent?.id ?? null,
    clientSecret: plan.intent?.clientSecret ?? null,
    status: 'open' as const,
    subtotalCents: amounts.subtotalCents,
    serviceFeeCents: amounts.serviceFeeCents,
    commissionCents: amounts.commissionCents,
    vendorPayoutCents: amounts.vendorPayoutCents,
    totalCents: amounts.totalCents,
    appointmentAt: start,
    durationMins: booking.durationMins,
    optionsSnapshot: booking.optionsSnapshot,
    customerNotes: booking.customerNotes,
    saveCard: plan.saveCard,
    plan: plan.plan,
    holdExpiresAt: plan.holdExpiresAt,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * A booking's first attempt (ADR 0042 "Ninth step"): after the advisory locks, one statement locks the
 * booking's open payments and the booking, reads the vendor's time, and writes the payment, its expiry job
 * and the booking's hold; the row read is then checked as holdAnyAttempt checks it, and a refusal rolls the
 * writes back. An attempt of the customer's found open after all (a double click's other request) or a
 * booking gone is left to holdAnyAttempt, in a transaction of its own.
 */
async function holdFirstAttempt(
  deps: PaymentsDeps,
  checkout: Checkout,
  plan: HoldPlan,
  now: Date,
): Promise<Decided> {
  return deps.db.transaction(async (tx) => {
    const { recheck, bookingLocked } = await lockTime(tx, checkout, plan, now);
    let held;
    try {
      held = await lockOpenPaymentsOfBookingAndInsert<LockedBookingColumns & BusyTimesRow>(
        tx,
        checkout.booking.id,
        bookingLocked,
        {
          values: newPaymentValues(deps, checkout, plan, now),
          job: expiryJob(plan.holdExpiresAt),
          also: (rowLocked) => [heldBooking(tx, checkout, plan, now, rowLocked)],
        },
      );
    } catch (err) {
      // The payment's booking deleted since it was read (its foreign key): the whole hold tells it.
      if (sqlStateOf(err) === '23503') throw new WholeHoldNeeded();
      throw err;
    }
    if (held.openIds.length > 0) throw new WholeHoldNeeded();
    refuseChangedBooking(checkout, held.row);
    if (recheck.problemOf(held.row)) throw new TimeTaken();
    return { kind: 'new' as const, payment: held.payment, stale: [] };
  });
}

/** The hold of any attempt: a new one, the customer's own running hold renewed, others' replaced. */
async function holdAnyAttempt(
  deps: PaymentsDeps,
  checkout: Checkout,
  plan: HoldPlan,
  now: Date,
): Promise<Decided> {
  const { user, booking, start, addressId } = checkout;
  const { amounts, holdExpiresAt, plan: planTerms } = plan;
  const matches = (p: PaymentRow) =>
    p.provider === deps.payments.name &&
    p.userId === user.id &&
    p.addressId === addressId &&
    p.totalCents === amounts.totalCents &&
    p.commissionCents === amounts.commissionCents &&
    p.durationMins === booking.durationMins &&
    p.appointmentAt.getTime() === start.getTime() &&
    (p.plan?.consentText ?? null) === (planTerms?.consentText ?? null);

  return deps.db.transaction(async (tx) => {
    const { recheck, bookingLocked } = await lockTime(tx, checkout, plan, now);
    const { openIds, row: current } = await lockOpenPaymentsOfBookingThen<
      LockedBookingColumns & BusyTimesRow
    >(tx, booking.id, bookingLocked);
    refuseChangedBooking(checkout, current);
    const open = await findPaymentsByIds(tx, openIds);
    // Only a hold that has not run out is renewed: an expired one is left to the expiry job's reconciliation.
    const same = open.find((p) => matches(p) && p.holdExpiresAt.getTime() > now.getTime()) ?? null;
    const stale = open.filter((p) => p !== same);
    await markPaymentsCanceled(
      tx,
      stale.map((p) => p.id),
      now,
    );
    if (recheck.problemOf(current)) return { kind: 'taken' as const };
    const booked = heldBooking(tx, checkout, plan, now);
    const job = expiryJob(holdExpiresAt);
    if (same) {
      // The customer's own running hold (a double click), renewed in one statement like a new hold.
      const renewed = await updatePaymentWithJob(tx, same.id, { holdExpiresAt, updatedAt: now }, job, [
        booked,
      ]);
      return { kind: 'reuse' as const, payment: renewed, stale };
    }
    const payment = await insertPaymentWithJob(tx, newPaymentValues(deps, checkout, plan, now), job, [
      booked,
    ]);
    return { kind: 'new' as const, payment, stale };
  });
}

/** Intents of replaced attempts are cancelled at the provider (a late payment of one is still settled). */
function cancelReplacedIntents(deps: PaymentsDeps, stale: PaymentRow[], now: Date): void {
  for (const old of stale)
    if (old.intentId) cancelIntentLater(deps, old.intentId, `cancel-${old.confirmationId}-${now.getTime()}`);
}

function cancelIntentLater(deps: PaymentsDeps, intentId: string, idempotencyKey: string): void {
  deps.background.run('cancel replaced intent', async () => {
    await deps.payments.cancelIntent(intentId, idempotencyKey);
  });
}

/**
 * An intent asked for before the hold and not used, cancelled at the provider, unless a payment row holds it
 * after all (a commit whose answer was lost, though it committed: the customer's retry is answered that row).
 */
function cancelUnheldIntentLater(deps: PaymentsDeps, intentId: string, idempotencyKey: string): void {
  deps.background.run('cancel unused intent', async () => {
    if (await findPaymentByIntent(deps.db, deps.payments.name, intentId)) return;
    await deps.payments.cancelIntent(intentId, idempotencyKey);
  });
}

/** The held attempt's payment intent: created with the provider (or waited for), or its card choice updated. */
async function ensureIntent(
  deps: PaymentsDeps,
  checkout: Checkout,
  decided: Exclude<Decided, { kind: 'taken' }>,
  opts: { customerId: string; saveCard: boolean; req: CreateIntentRequest },
  now: Date,
): Promise<PaymentRow> {
  const { db } = deps;
  const { customerId, saveCard, req } = opts;
  let payment = decided.payment;
  try {
    // A double click: the first request is asking the provider right now; its answer is waited for. An
    // attempt left without an intent by a crash is completed below with the same idempotency key.
    if (decided.kind === 'reuse' && !payment.intentId && now.getTime() - payment.createdAt.getTime() < 30_000)
      payment = await waitForIntent(deps, payment.id);
    if (!payment.intentId) {
      const intent = await deps.payments.createIntent(
        intentTerms(checkout, customerId, payment.totalCents, saveCard, payment.confirmationId),
      );
      payment = await updatePayment(db, payment.id, {
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        updatedAt: deps.now(),
      });
    } else if (req.saveCard !== undefined && req.saveCard !== payment.saveCard) {
      await deps.payments.updateIntent(payment.intentId, { setupFutureUsage: req.saveCard });
      payment = await updatePayment(db, payment.id, { saveCard: req.saveCard, updatedAt: deps.now() });
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (!payment.intentId && decided.kind === 'new') await releaseHold(deps, payment.id, 'failed');
    throw intentRefused(deps, err, payment.id);
  }
  return payment;
}

/** What the provider is asked for a checkout attempt's intent (its idempotency key names the attempt). */
function intentTerms(
  checkout: Checkout,
  customerId: string,
  amountCents: number,
  saveCard: boolean,
  confirmationId: string,
): Parameters<PaymentsDeps['payments']['createIntent']>[0] {
  const { booking, vendor, user } = checkout;
  return {
    amountCents,
    customerId,
    description: `${vendor.vendor.name} — booking ${booking.id}`,
    metadata: {
      bookingId: String(booking.id),
      confirmationId,
      vendorId: String(booking.vendorId),
      userId: String(user.id),
    },
    setupFutureUsage: saveCard,
    idempotencyKey: `checkout-${confirmationId}`,
  };
}

/** The provider's refusal of an intent, as the customer is told it (a refusal of ours is passed on). */
function intentRefused(deps: PaymentsDeps, err: unknown, paymentId: number | null): Error {
  if (err instanceof HttpError) return err;
  deps.log.error({ err, paymentId }, 'payment provider refused the intent');
  if (err instanceof PaymentProviderError && !err.retryable)
    return new PaymentInitError(
      422,
      'vendor_payment_setup_incomplete',
      CHECKOUT_MESSAGES.vendorPaymentSetupIncomplete,
    );
  return new HttpError(503, [PAYMENTS_UNAVAILABLE]);
}

/** A double click: the first request is asking the provider for the intent; wait for it (briefly). */
async function waitForIntent(deps: PaymentsDeps, paymentId: number): Promise<PaymentRow> {
  for (let i = 0; i < 50; i++) {
    const row = await findPayment(deps.db, paymentId);
    if (!row || row.status !== 'open') throw new HttpError(409, [CHECKOUT_MESSAGES.somethingWrong]);
    if (row.intentId) return row;
    await sleep(100);
  }
  throw new HttpError(503, [PAYMENTS_UNAVAILABLE]);
}
