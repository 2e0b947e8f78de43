/**
 * A vendor's scheduling preferences (spec §2 Scheduling Preferences, §5 Workday, §9 Scheduling): the
 * rules and messages shared by the vendor's form and the API, so the two can never disagree.
 * Workday times are minutes from local midnight (America/Denver), shown as "HH:MM".
 */
import { LIMITS } from './constants';
import { isPrintableText, unprintableMessage } from './printable-text';

export const SCHEDULING_MESSAGES = {
  workdayOrder: 'Workday start time must be before end time.',
  workdayTime: 'Workday times must be on the hour or half hour, between 00:00 and 24:00.',
  gap: `Gap between appointments must be between ${LIMITS.gapMinutes.min} and ${LIMITS.gapMinutes.max} minutes.`,
  bookingLimit: `Booking limit must be between ${LIMITS.bookingLimitDays.min} and ${LIMITS.bookingLimitDays.max} days, in steps of ${LIMITS.bookingLimitDays.step}.`,
  minimumNotice: `Minimum notice must be between ${LIMITS.minimumNoticeDays.min} and ${LIMITS.minimumNoticeDays.max} days.`,
  rate: `Dollars per hour must be between ${LIMITS.ratePerHourDollars.min} and ${LIMITS.ratePerHourDollars.max}.`,
  rateCents: 'Dollars per hour can have at most 2 decimals.',
  cancellationPolicy: `Cancellation policy must be between ${LIMITS.cancellationPolicyHours.min} and ${LIMITS.cancellationPolicyHours.max} hours.`,
  instructionsTooLong: `Appointment instructions can be at most ${LIMITS.appointmentInstructionsMax} characters.`,
  appointmentUnavailable: 'Appointment time is no longer available. Please select a different time.',
  appointmentInvalid: 'Please choose a valid appointment time.',
  calendarUnavailable: "This vendor's calendar is being updated. Please check back soon.",
} as const;

/** The label of the rate field: the spec shows both the input's bounds (20-250) and this label. */
export const RATE_LABEL = `Dollars per hour (max ${LIMITS.ratePerHourLabelMaxDollars})`;

/** Defaults of a vendor who has not saved preferences yet (spec §9: "Earliest fallback availability is 2 days from today"). */
export const DEFAULT_SCHEDULING = {
  workdayStartMinutes: 8 * 60,
  workdayEndMinutes: 17 * 60,
  gapMinutes: 30,
  minimumNoticeDays: 2,
  bookingLimitDays: 90,
} as const;

const MINUTES_PER_DAY = 24 * 60;

/** "08:30" → 510; "24:00" → 1440; anything else (or off the 30-minute step) → null. */
export function parseWorkdayTime(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = /^([01]?\d|2[0-4]):([0-5]\d)$/.exec(text.trim());
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (minutes > MINUTES_PER_DAY || minutes % LIMITS.workdayStepMinutes !== 0) return null;
  return minutes;
}

/** 510 → "08:30". */
export function formatWorkdayTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** 510 → "8:30 AM"; 1440 → "12:00 AM (midnight)". */
export function workdayTimeLabel(minutes: number): string {
  if (minutes === MINUTES_PER_DAY) return '12:00 AM (midnight)';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Every choice of the workday selects: 00:00 to 24:00 in 30-minute steps. */
export const WORKDAY_TIME_OPTIONS: readonly { value: string; label: string; minutes: number }[] = Array.from(
  { length: MINUTES_PER_DAY / LIMITS.workdayStepMinutes + 1 },
  (_, i) => {
    const minutes = i * LIMITS.workdayStepMinutes;
    return { value: formatWorkdayTime(minutes), label: workdayTimeLabel(minutes), minutes };
  },
);

/** Booking limit choices: 30, 40, … 180 days. */
export const BOOKING_LIMIT_OPTIONS: readonly number[] = Array.from(
  {
    length: (LIMITS.bookingLimitDays.max - LIMITS.bookingLimitDays.min) / LIMITS.bookingLimitDays.step + 1,
  },
  (_, i) => LIMITS.bookingLimitDays.min + i * LIMITS.bookingLimitDays.step,
);

const isIntIn = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export interface SchedulingPreferences {
  workdayStartMinutes: number;
  workdayEndMinutes: number;
  gapMinutes: number;
  minimumNoticeDays: number;
  bookingLimitDays: number;
}

/** The preferences as the API names them (PATCH /api/vendor_calendars/{id}), each optional. */
export interface SchedulingPreferencesPatch {
  workdayStartTime?: unknown;
  workdayEndTime?: unknown;
  driveTimeBufferMins?: unknown;
  bookingWindowStartDays?: unknown;
  bookingWindowEndDays?: unknown;
}

/**
 * Checks a change of preferences against the current ones. Answers the merged preferences, or every
 * error message; a field not sent keeps its current value (and still takes part in start < end).
 */
export function applySchedulingPatch(
  current: SchedulingPreferences,
  patch: SchedulingPreferencesPatch,
): { ok: true; value: SchedulingPreferences } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const next = { ...current };
  let timesOk = true;
  if (patch.workdayStartTime !== undefined) {
    const v = parseWorkdayTime(patch.workdayStartTime);
    if (v === null) timesOk = false;
    else next.workdayStartMinutes = v;
  }
  if (patch.workdayEndTime !== undefined) {
    const v = parseWorkdayTime(patch.workdayEndTime);
    if (v === null) timesOk = false;
    else next.workdayEndMinutes = v;
  }
  if (!timesOk) errors.push(SCHEDULING_MESSAGES.workdayTime);
  else if (next.workdayStartMinutes >= next.workdayEndMinutes) errors.push(SCHEDULING_MESSAGES.workdayOrder);

  if (patch.driveTimeBufferMins !== undefined) {
    if (isIntIn(patch.driveTimeBufferMins, LIMITS.gapMinutes.min, LIMITS.gapMinutes.max))
      next.gapMinutes = patch.driveTimeBufferMins;
    else errors.push(SCHEDULING_MESSAGES.gap);
  }
  if (patch.bookingWindowStartDays !== undefined) {
    if (isIntIn(patch.bookingWindowStartDays, LIMITS.minimumNoticeDays.min, LIMITS.minimumNoticeDays.max))
      next.minimumNoticeDays = patch.bookingWindowStartDays;
    else errors.push(SCHEDULING_MESSAGES.minimumNotice);
  }
  if (patch.bookingWindowEndDays !== undefined) {
    const v = patch.bookingWindowEndDays;
    const { min, max, step } = LIMITS.bookingLimitDays;
    if (isIntIn(v, min, max) && (v - min) % step === 0) next.bookingLimitDays = v;
    else errors.push(SCHEDULING_MESSAGES.bookingLimit);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: next };
}

/** The vendor fields edited on the scheduling screen (PATCH /api/vendors/{id}). Money in dollars. */
export interface VendorSchedulingFields {
  priceToDurationRate?: unknown;
  cancelationPolicyHours?: unknown;
  appointmentInstructions?: unknown;
}

/** Error messages for the vendor's rate, cancellation policy and instructions; [] when all are valid. */
export function validateVendorSchedulingFields(fields: VendorSchedulingFields): string[] {
  const errors: string[] = [];
  const rate = fields.priceToDurationRate;
  if (rate !== undefined) {
    const { min, max } = LIMITS.ratePerHourDollars;
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < min || rate > max)
      errors.push(SCHEDULING_MESSAGES.rate);
    else if (Math.abs(Math.round(rate * 100) - rate * 100) > 1e-6) errors.push(SCHEDULING_MESSAGES.rateCents);
  }
  const policy = fields.cancelationPolicyHours;
  if (
    policy !== undefined &&
    !isIntIn(policy, LIMITS.cancellationPolicyHours.min, LIMITS.cancellationPolicyHours.max)
  )
    errors.push(SCHEDULING_MESSAGES.cancellationPolicy);
  const text = fields.appointmentInstructions;
  if (text !== undefined && text !== null) {
    if (typeof text !== 'string' || text.trim().length > LIMITS.appointmentInstructionsMax)
      errors.push(SCHEDULING_MESSAGES.instructionsTooLong);
    // Printed on the work order (issue 23 #13).
    else if (!isPrintableText(text)) errors.push(unprintableMessage('Appointment instructions', text));
  }
  return errors;
}
