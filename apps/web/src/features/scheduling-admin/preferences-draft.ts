/**
 * The Scheduling Preferences form as text drafts: what the vendor has saved, what changed, the two
 * PATCH bodies of only the changed fields, and the shared rules' messages placed on their fields
 * (applySchedulingPatch and validateVendorSchedulingFields of the domain package).
 */
import { LIMITS } from '@stg/domain/constants';
import {
  applySchedulingPatch,
  DEFAULT_SCHEDULING,
  formatWorkdayTime,
  parseWorkdayTime,
  SCHEDULING_MESSAGES,
  validateVendorSchedulingFields,
  type SchedulingPreferences,
} from '@stg/domain/scheduling-preferences';
import type { Vendor } from '@stg/domain/api/vendors';
import type { SchedulingChanges } from './api/scheduling-admin-api';

export interface PreferencesDraft {
  workdayStartTime: string;
  workdayEndTime: string;
  driveTimeBufferMins: string;
  bookingWindowEndDays: string;
  bookingWindowStartDays: string;
  priceToDurationRate: string;
  cancelationPolicyHours: string;
  appointmentInstructions: string;
}

export type DraftField = keyof PreferencesDraft;
export type FieldErrors = Partial<Record<DraftField, string>>;

/** The saved values as the form shows them (a calendar never saved shows the defaults). */
export function savedDraft(vendor: Vendor): PreferencesDraft {
  const c = vendor.calendar;
  return {
    workdayStartTime: c?.workdayStartTime ?? formatWorkdayTime(DEFAULT_SCHEDULING.workdayStartMinutes),
    workdayEndTime: c?.workdayEndTime ?? formatWorkdayTime(DEFAULT_SCHEDULING.workdayEndMinutes),
    driveTimeBufferMins: String(c?.driveTimeBufferMins ?? DEFAULT_SCHEDULING.gapMinutes),
    bookingWindowEndDays: String(c?.bookingWindowEndDays ?? DEFAULT_SCHEDULING.bookingLimitDays),
    bookingWindowStartDays: String(c?.bookingWindowStartDays ?? DEFAULT_SCHEDULING.minimumNoticeDays),
    priceToDurationRate: String(vendor.priceToDurationRate),
    cancelationPolicyHours: String(vendor.cancelationPolicyHours),
    appointmentInstructions: vendor.appointmentInstructions ?? '',
  };
}

const numberOf = (text: string): number => (text.trim() === '' ? NaN : Number(text));

/** Whether a field differs from its saved value ("35" and "35.00" are the same rate). */
export function isChanged(field: DraftField, draft: PreferencesDraft, saved: PreferencesDraft): boolean {
  if (field === 'priceToDurationRate') return numberOf(draft[field]) !== numberOf(saved[field]);
  if (field === 'appointmentInstructions') return draft[field].trim() !== saved[field].trim();
  return draft[field] !== saved[field];
}

const asPreferences = (d: PreferencesDraft): SchedulingPreferences => ({
  workdayStartMinutes: parseWorkdayTime(d.workdayStartTime) ?? DEFAULT_SCHEDULING.workdayStartMinutes,
  workdayEndMinutes: parseWorkdayTime(d.workdayEndTime) ?? DEFAULT_SCHEDULING.workdayEndMinutes,
  gapMinutes: numberOf(d.driveTimeBufferMins),
  minimumNoticeDays: numberOf(d.bookingWindowStartDays),
  bookingLimitDays: numberOf(d.bookingWindowEndDays),
});

/** The changed fields only, as the two PATCH bodies want them. */
export function changesOf(
  draft: PreferencesDraft,
  saved: PreferencesDraft,
): Omit<SchedulingChanges, 'calendarId'> {
  const changed = (field: DraftField) => isChanged(field, draft, saved);
  const calendar: SchedulingChanges['calendar'] = {};
  if (changed('workdayStartTime')) calendar.workdayStartTime = draft.workdayStartTime;
  if (changed('workdayEndTime')) calendar.workdayEndTime = draft.workdayEndTime;
  if (changed('driveTimeBufferMins')) calendar.driveTimeBufferMins = numberOf(draft.driveTimeBufferMins);
  if (changed('bookingWindowStartDays'))
    calendar.bookingWindowStartDays = numberOf(draft.bookingWindowStartDays);
  if (changed('bookingWindowEndDays')) calendar.bookingWindowEndDays = numberOf(draft.bookingWindowEndDays);
  const vendor: SchedulingChanges['vendor'] = {};
  if (changed('priceToDurationRate')) vendor.priceToDurationRate = numberOf(draft.priceToDurationRate);
  if (changed('cancelationPolicyHours'))
    vendor.cancelationPolicyHours = numberOf(draft.cancelationPolicyHours);
  if (changed('appointmentInstructions')) {
    const text = draft.appointmentInstructions.trim();
    vendor.appointmentInstructions = text === '' ? null : text;
  }
  return { calendar, vendor };
}

const FIELD_OF_MESSAGE: Record<string, DraftField> = {
  [SCHEDULING_MESSAGES.workdayOrder]: 'workdayEndTime',
  [SCHEDULING_MESSAGES.workdayTime]: 'workdayEndTime',
  [SCHEDULING_MESSAGES.gap]: 'driveTimeBufferMins',
  [SCHEDULING_MESSAGES.bookingLimit]: 'bookingWindowEndDays',
  [SCHEDULING_MESSAGES.minimumNotice]: 'bookingWindowStartDays',
  [SCHEDULING_MESSAGES.rate]: 'priceToDurationRate',
  [SCHEDULING_MESSAGES.rateCents]: 'priceToDurationRate',
  [SCHEDULING_MESSAGES.cancellationPolicy]: 'cancelationPolicyHours',
  [SCHEDULING_MESSAGES.instructionsTooLong]: 'appointmentInstructions',
};

/**
 * The shared rules' messages for the draft, on their fields. The workday is checked as a whole (the
 * start must stay before the end whichever one changed); the other fields only when they changed, so
 * an old stored value never blocks saving something else.
 */
export function fieldErrors(draft: PreferencesDraft, saved: PreferencesDraft): FieldErrors {
  const { calendar, vendor } = changesOf(draft, saved);
  const patch = {
    ...calendar,
    workdayStartTime: draft.workdayStartTime,
    workdayEndTime: draft.workdayEndTime,
  };
  const messages: string[] = [];
  const checked = applySchedulingPatch(asPreferences(saved), patch);
  if (!checked.ok) messages.push(...checked.errors);
  messages.push(...validateVendorSchedulingFields(vendor));
  const errors: FieldErrors = {};
  for (const message of messages) {
    const field = FIELD_OF_MESSAGE[message];
    if (field) errors[field] ??= message;
  }
  return errors;
}

/** Select choices. */
export const GAP_OPTIONS = Array.from(
  { length: (LIMITS.gapMinutes.max - LIMITS.gapMinutes.min) / 5 + 1 },
  (_, i) => LIMITS.gapMinutes.min + i * 5,
);
export const MINIMUM_NOTICE_OPTIONS = Array.from(
  { length: LIMITS.minimumNoticeDays.max - LIMITS.minimumNoticeDays.min + 1 },
  (_, i) => LIMITS.minimumNoticeDays.min + i,
);
export const CANCELLATION_OPTIONS = Array.from(
  { length: LIMITS.cancellationPolicyHours.max - LIMITS.cancellationPolicyHours.min + 1 },
  (_, i) => LIMITS.cancellationPolicyHours.min + i,
);

/** A saved value off the select's steps (e.g. a 7-minute gap) stays choosable. */
export function withCurrent(options: readonly number[], current: string): number[] {
  const value = Number(current);
  if (current.trim() === '' || !Number.isInteger(value) || options.includes(value)) return [...options];
  return [...options, value].sort((a, b) => a - b);
}
