/**
 * Recurring service plans (ADR 0037, issue 26), the pure part: the frequencies a vendor may offer and
 * their words, each category's default offers, the discounted price of a visit, and when a plan's visits
 * fall (St George dates at the anchor's wall-clock time, turned into instants with the zone's real rules).
 * No I/O, no zod: the offers' schema is in ./api/plan-offers.
 */
import { TIME_ZONE, type Category } from './constants';
import { formatDollars } from './money';
import {
  addDays,
  daysBetween,
  instantOfLocal,
  localDateTimeOf,
  weekdayOf,
  type LocalDate,
} from './zoned-time';

export const PLAN_FREQUENCIES = [
  'weekly',
  'every_2_weeks',
  'every_4_weeks',
  'monthly',
  'every_3_months',
  'every_6_months',
] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

export const PLAN_FREQUENCY_LABELS: Record<PlanFrequency, string> = {
  weekly: 'Weekly',
  every_2_weeks: 'Every 2 weeks',
  every_4_weeks: 'Every 4 weeks',
  monthly: 'Monthly',
  every_3_months: 'Every 3 months',
  every_6_months: 'Every 6 months',
};

/** A discount is a whole percent from 0 to this. */
export const PLAN_DISCOUNT_MAX_PERCENT = 50;

export const PLAN_MESSAGES = {
  frequency: `Frequency must be one of ${PLAN_FREQUENCIES.join(', ')}.`,
  discount: `Discount must be a whole number from 0 to ${PLAN_DISCOUNT_MAX_PERCENT}.`,
  duplicate: 'Each frequency can be offered only once.',
  offers: 'Plan offers must be a list of frequencies with their discounts.',
  notOffered: 'This provider does not offer that plan.',
} as const;

/** One frequency a vendor offers, with its discount (whole percent, 0-50). */
export interface PlanOffer {
  frequency: PlanFrequency;
  discountPercent: number;
}

const DEFAULT_OFFERS: Record<Category, readonly PlanOffer[]> = {
  house_cleaning: [
    { frequency: 'every_2_weeks', discountPercent: 10 },
    { frequency: 'every_4_weeks', discountPercent: 5 },
  ],
  garbage_can_cleaning: [{ frequency: 'monthly', discountPercent: 10 }],
  pest_control: [{ frequency: 'every_3_months', discountPercent: 10 }],
  window_cleaning: [{ frequency: 'every_6_months', discountPercent: 5 }],
  carpet_cleaning: [{ frequency: 'every_6_months', discountPercent: 5 }],
  auto_detailing: [{ frequency: 'monthly', discountPercent: 10 }],
};

/** A new vendor's starting offers for its category (ADR 0037), in PLAN_FREQUENCIES order; a fresh copy. */
export function defaultPlanOffersFor(category: Category): PlanOffer[] {
  return (DEFAULT_OFFERS[category] ?? []).map((o) => ({ ...o }));
}

/** Offers in PLAN_FREQUENCIES order (how every screen and answer lists them). */
export function sortPlanOffers<T extends { frequency: PlanFrequency }>(offers: readonly T[]): T[] {
  return [...offers].sort(
    (a, b) => PLAN_FREQUENCIES.indexOf(a.frequency) - PLAN_FREQUENCIES.indexOf(b.frequency),
  );
}

/**
 * The price of one visit: the one-time subtotal less the discount, rounded half up to the cent, in
 * integers only (12500 at 10 % → 11250; 5 at 10 % → 5, since 4.5 rounds up).
 */
export function planVisitSubtotal(subtotalCents: number, percent: number): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0)
    throw new RangeError(`A subtotal must be whole cents, not ${subtotalCents}`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`A discount must be a whole percent, not ${percent}`);
  return Math.floor((subtotalCents * (100 - percent) + 50) / 100);
}

/** "$112.50 a visit, save 10%" (or "$125.00 a visit" without a discount): the offers' words on every screen. */
export function planPriceWords(visitCents: number, percent: number): string {
  const price = formatDollars(visitCents);
  return percent > 0 ? `${price} a visit, save ${percent}%` : `${price} a visit`;
}

// ---------------------------------------------------------------------------------------------------
// When visits fall

/** A plan's first visit: its St George date and wall-clock start (minutes after local midnight). */
export interface PlanAnchor {
  date: LocalDate;
  minutes: number;
}

export interface PlanVisitTime {
  /** 0 for the anchor, then 1, 2, … (a visit's number in the plan, stable under `from`). */
  n: number;
  date: LocalDate;
  /** The start as an instant (epoch ms): the date at the anchor's wall time in St George. */
  startsAt: number;
}

const WEEKS: Partial<Record<PlanFrequency, number>> = { weekly: 7, every_2_weeks: 14, every_4_weeks: 28 };
const MONTHS: Partial<Record<PlanFrequency, number>> = { monthly: 1, every_3_months: 3, every_6_months: 6 };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The anchor's weekday-of-month: its weekday and which one (1-4), or 'last' for a 5th-week anchor. */
export function weekdayOfMonth(date: LocalDate): { weekday: number; nth: 1 | 2 | 3 | 4 | 'last' } {
  const nth = Math.ceil(date.day / 7);
  return { weekday: weekdayOf(date), nth: nth >= 5 ? 'last' : (nth as 1 | 2 | 3 | 4) };
}

/** The date of the `nth` (or last) `weekday` in a month. */
export function nthWeekdayOf(
  year: number,
  month: number,
  weekday: number,
  nth: 1 | 2 | 3 | 4 | 'last',
): LocalDate {
  if (nth === 'last') {
    const last = daysInMonth(year, month);
    const lastWeekday = weekdayOf({ year, month, day: last });
    return { year, month, day: last - ((lastWeekday - weekday + 7) % 7) };
  }
  const first = weekdayOf({ year, month, day: 1 });
  return { year, month, day: 1 + ((weekday - first + 7) % 7) + 7 * (nth - 1) };
}

function compareDates(a: LocalDate, b: LocalDate): number {
  return daysBetween(b, a);
}

/** The date of visit `n` (n ≥ 0) of a plan anchored on `anchor`. */
export function visitDateAt(anchor: LocalDate, frequency: PlanFrequency, n: number): LocalDate {
  const days = WEEKS[frequency];
  if (days !== undefined) return addDays(anchor, days * n);
  const months = MONTHS[frequency]!;
  const { weekday, nth } = weekdayOfMonth(anchor);
  const index = anchor.year * 12 + (anchor.month - 1) + months * n;
  return nthWeekdayOf(Math.floor(index / 12), (index % 12) + 1, weekday, nth);
}

/**
 * `count` visits of a plan, in order: from the anchor, or the first on or after the local date `from`.
 * Weekly and every 2 or 4 weeks: the anchor plus 7, 14 or 28 days times n. Monthly, every 3 and every 6
 * months: the anchor's weekday of the month ("the 2nd Tuesday"), n, 3n or 6n months on; a 5th-week anchor
 * means the last such weekday. Every visit starts at the anchor's wall time, whatever the DST offset.
 */
export function visitDates(
  anchor: PlanAnchor,
  frequency: PlanFrequency,
  opts: { from?: LocalDate; count: number },
): PlanVisitTime[] {
  if (!Number.isInteger(anchor.minutes) || anchor.minutes < 0 || anchor.minutes >= 1440)
    throw new RangeError(`A visit starts within its day, not at minute ${anchor.minutes}`);
  let n = 0;
  if (opts.from && compareDates(opts.from, anchor.date) > 0) {
    const days = WEEKS[frequency];
    const ahead = daysBetween(anchor.date, opts.from);
    // A first guess at or before the answer, then forward to the first visit on or after `from`.
    n =
      days !== undefined
        ? Math.floor(ahead / days)
        : Math.max(0, Math.floor(ahead / 31 / MONTHS[frequency]!) - 1);
    while (compareDates(visitDateAt(anchor.date, frequency, n), opts.from) < 0) n++;
  }
  const visits: PlanVisitTime[] = [];
  for (let i = 0; i < opts.count; i++, n++) {
    const date = visitDateAt(anchor.date, frequency, n);
    visits.push({ n, date, startsAt: instantOfLocal(date, anchor.minutes, TIME_ZONE) });
  }
  return visits;
}

// ---------------------------------------------------------------------------------------------------
// Checkout of a plan (ADR 0037 step 2)

const hoursWords = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/** The vendor's policy hours as whole hours, 0 when unset (as the cancellation policy reads them). */
export function planPolicyHours(cancelationPolicyHours: number | null | undefined): number {
  return Math.max(0, Math.floor(Number(cancelationPolicyHours) || 0));
}

/** When each visit is charged, in words: "Each visit is charged 24 hours before it, when its cancellation window closes." */
export function planChargeWhenText(policyHours: number): string {
  const hours = planPolicyHours(policyHours);
  return hours === 0
    ? 'Each visit is charged when it starts, when its cancellation window closes.'
    : `Each visit is charged ${hoursWords(hours)} before it, when its cancellation window closes.`;
}

/**
 * The consent shown beside the Pay button of a plan's checkout and stored on the plan (card networks'
 * stored-credential rules): what is charged, when, and how to stop it.
 */
export function planConsentText(input: {
  frequency: PlanFrequency;
  pricePerVisitCents: number;
  serviceChargeCents: number;
  policyHours: number;
  vendorName: string;
}): string {
  const hours = planPolicyHours(input.policyHours);
  const when = hours === 0 ? 'when it starts' : `${hoursWords(hours)} before it`;
  const total = formatDollars(input.pricePerVisitCents + input.serviceChargeCents);
  return (
    `By paying you agree that ${total} (${formatDollars(input.pricePerVisitCents)} for the visit and ` +
    `${formatDollars(input.serviceChargeCents)} service charge) will be charged for each later visit of your ` +
    `${PLAN_FREQUENCY_LABELS[input.frequency].toLowerCase()} plan with ${input.vendorName} to this card, ` +
    `${when}, when its cancellation window closes; skip, pause or cancel in Orders before then.`
  );
}

/** The anchor of a plan whose first visit starts at `startMs`: its St George date and wall-clock start. */
export function planAnchorOf(startMs: number): PlanAnchor {
  const local = localDateTimeOf(startMs, TIME_ZONE);
  return {
    date: { year: local.year, month: local.month, day: local.day },
    minutes: Math.floor(local.minutes),
  };
}

/** The starts (epoch ms) of the `count` visits after a first visit at `startMs` (the Summary's "Next visits"). */
export function nextVisitStarts(startMs: number, frequency: PlanFrequency, count: number): number[] {
  return visitDates(planAnchorOf(startMs), frequency, { count: count + 1 })
    .slice(1)
    .map((v) => v.startsAt);
}
