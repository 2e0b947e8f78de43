/**
 * Whether a listing can sell (issue 25 §1, ADR 0032): the one rule Submit for Review and the operator's
 * Approve both apply, and the web can show. Spec §5's setup steps (logo, banner, 4 gallery images,
 * calendar integrated or skipped, payouts active), plus what a customer needs to get an instant price and
 * a time: a service description, at least one pricing question with a formula that uses the questions and
 * prices their answers, and valid scheduling rules. Pure: no I/O.
 * Also the sample quote the operator's review card shows: what a typical customer would pay, and how long.
 */
import {
  SEND_BACK_ITEMS,
  submitForReviewProblems,
  VENDOR_MESSAGES,
  type SendBackItem,
  type SetupFacts,
  type Vendor,
} from './api/vendors';
import { LIMITS } from './constants';
import { dollarsToCents, type Cents } from './money';
import {
  answersFromSelections,
  defaultSelections,
  durationMinutes,
  formulaCoversInputs,
  quotePrice,
  rangeSettings,
  type PricingInputLike,
} from './pricing';
import { validateFormula } from './pricing-inputs';
import { parseWorkdayTime, type SchedulingPreferences } from './scheduling-preferences';

/** A pricing question with its name (the database's rows and the API's both have one). */
type NamedInput = PricingInputLike & { name?: string };

/** What the readiness rule reads of a listing, from the database's rows or the vendor as answered. */
export interface ListingFacts extends SetupFacts {
  serviceDescription: string | null;
  pricingFormula: string;
  minPriceCents: Cents;
  pricingInputs: readonly NamedInput[];
  /** The calendar's scheduling rules; null when the vendor has none. */
  scheduling: SchedulingPreferences | null;
  priceToDurationRateCents: Cents;
  cancelationPolicyHours: number;
}

const isIntIn = (v: number, r: { min: number; max: number }) =>
  Number.isInteger(v) && v >= r.min && v <= r.max;

/** The scheduling rules are set and each within its limits (spec §5 Workday, §9). */
function schedulingOk(f: ListingFacts): boolean {
  const s = f.scheduling;
  if (!s) return false;
  const booking = LIMITS.bookingLimitDays;
  const rate = LIMITS.ratePerHourDollars;
  return (
    Number.isInteger(s.workdayStartMinutes) &&
    Number.isInteger(s.workdayEndMinutes) &&
    s.workdayStartMinutes >= 0 &&
    s.workdayEndMinutes <= 24 * 60 &&
    s.workdayStartMinutes < s.workdayEndMinutes &&
    isIntIn(s.gapMinutes, LIMITS.gapMinutes) &&
    isIntIn(s.minimumNoticeDays, LIMITS.minimumNoticeDays) &&
    isIntIn(s.bookingLimitDays, booking) &&
    (s.bookingLimitDays - booking.min) % booking.step === 0 &&
    f.priceToDurationRateCents >= rate.min * 100 &&
    f.priceToDurationRateCents <= rate.max * 100 &&
    isIntIn(f.cancelationPolicyHours, LIMITS.cancellationPolicyHours)
  );
}

/** The questions a customer answers (recurring ones are not shown, spec §5). */
const shownQuestions = <T extends PricingInputLike>(inputs: readonly T[]) =>
  inputs.filter((i) => !i.recurring);

/**
 * What still stops the listing from going to review or going live, as messages naming each missing
 * piece (spec §5's style); empty when the listing can sell.
 */
export function listingReadiness(f: ListingFacts): string[] {
  const problems = submitForReviewProblems(f);
  if (!f.serviceDescription?.trim()) problems.push(VENDOR_MESSAGES.descriptionRequired);
  const questions = shownQuestions(f.pricingInputs);
  if (questions.length === 0) problems.push(VENDOR_MESSAGES.pricingQuestionRequired);
  else if (validateFormula(f.pricingFormula, f.pricingInputs).length > 0)
    problems.push(VENDOR_MESSAGES.pricingFormulaInvalid);
  else if (formulaCoversInputs(f.pricingFormula, questions).length === questions.length)
    problems.push(VENDOR_MESSAGES.pricingFormulaUnused);
  if (!schedulingOk(f)) problems.push(VENDOR_MESSAGES.schedulingRequired);
  return problems;
}

/** The Setup item that fixes each of the rule's messages (the operator's send-back starts from them). */
const ITEM_OF_PROBLEM: Record<string, SendBackItem> = {
  [VENDOR_MESSAGES.logoRequired]: 'logo',
  [VENDOR_MESSAGES.bannerRequired]: 'logo',
  [VENDOR_MESSAGES.galleryRequired]: 'images',
  [VENDOR_MESSAGES.calendarRequired]: 'calendar',
  [VENDOR_MESSAGES.payoutsRequired]: 'payouts',
  [VENDOR_MESSAGES.descriptionRequired]: 'description',
  [VENDOR_MESSAGES.pricingQuestionRequired]: 'pricing',
  [VENDOR_MESSAGES.pricingFormulaInvalid]: 'pricing',
  [VENDOR_MESSAGES.pricingFormulaUnused]: 'pricing',
  [VENDOR_MESSAGES.schedulingRequired]: 'scheduling',
};

/** The send-back items that fix these messages of listingReadiness, each once, in Setup's order. */
export function sendBackItemsOf(problems: readonly string[]): SendBackItem[] {
  const items = new Set(problems.map((p) => ITEM_OF_PROBLEM[p]));
  return SEND_BACK_ITEMS.filter((item) => items.has(item));
}

/** The facts of the vendor as the API answers it (its owner's or an operator's view) and its setup's. */
export function listingFactsOfVendor(vendor: Vendor, setup: SetupFacts): ListingFacts {
  const cal = vendor.calendar;
  const start = cal ? parseWorkdayTime(cal.workdayStartTime) : null;
  const end = cal ? parseWorkdayTime(cal.workdayEndTime) : null;
  return {
    ...setup,
    serviceDescription: vendor.serviceDescription,
    pricingFormula: vendor.pricingFormula,
    minPriceCents: dollarsToCents(vendor.minPrice),
    pricingInputs: vendor.pricingInputs,
    scheduling:
      cal && start !== null && end !== null
        ? {
            workdayStartMinutes: start,
            workdayEndMinutes: end,
            gapMinutes: cal.driveTimeBufferMins,
            minimumNoticeDays: cal.bookingWindowStartDays,
            bookingLimitDays: cal.bookingWindowEndDays,
          }
        : null,
    priceToDurationRateCents: dollarsToCents(vendor.priceToDurationRate),
    cancelationPolicyHours: vendor.cancelationPolicyHours,
  };
}

// ---- The sample quote ------------------------------------------------------------------------------

/**
 * A typical customer's answers, keyed by question id: each question's default (a radio's option marked
 * default, a range's default), else its first choice (a select has no default: "Select One").
 */
export function typicalSelections(inputs: readonly PricingInputLike[]): Record<string, string> {
  const out = defaultSelections(inputs);
  for (const input of shownQuestions(inputs)) {
    const key = String(input.id);
    if (out[key] !== undefined) continue;
    if (input.inputType === 'range') out[key] = String(rangeSettings(input).defaultValue);
    else {
      const first = input.pricingInputOptions.find((o) => !o.optionType);
      if (first !== undefined && Number.isFinite(Number(first.value))) out[key] = String(Number(first.value));
    }
  }
  return out;
}

export interface SampleQuote {
  priceCents: Cents;
  durationMinutes: number;
  /** The typical answers priced: question name → the chosen option's name (or the range's number). */
  answers: { question: string; answer: string }[];
}

/**
 * What a typical customer would pay and how long the job would take: the typical answers priced through
 * the vendor's formula (never below the minimum) and turned into minutes at the vendor's rate, as a
 * booking is (spec §5, §9). Null when the formula gives no price for those answers.
 */
export function sampleQuote(
  f: Pick<ListingFacts, 'pricingFormula' | 'minPriceCents' | 'pricingInputs' | 'priceToDurationRateCents'>,
): SampleQuote | null {
  const selections = typicalSelections(f.pricingInputs);
  const quote = quotePrice({
    formula: f.pricingFormula,
    minPriceCents: f.minPriceCents,
    answers: answersFromSelections(f.pricingInputs, selections),
  });
  if (!quote.formulaOk) return null;
  const answers = shownQuestions(f.pricingInputs).flatMap((input) => {
    const chosen = selections[String(input.id)];
    if (chosen === undefined) return [];
    const option =
      input.inputType === 'range'
        ? undefined
        : input.pricingInputOptions.find((o) => !o.optionType && Number(o.value) === Number(chosen));
    return [{ question: input.name ?? input.alias, answer: option?.name ?? chosen }];
  });
  return {
    priceCents: quote.priceCents,
    durationMinutes: durationMinutes(quote.priceCents, f.priceToDurationRateCents),
    answers,
  };
}
