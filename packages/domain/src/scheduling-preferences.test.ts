import { describe, expect, it } from 'vitest';
import {
  applySchedulingPatch,
  BOOKING_LIMIT_OPTIONS,
  DEFAULT_SCHEDULING,
  formatWorkdayTime,
  parseWorkdayTime,
  SCHEDULING_MESSAGES,
  validateVendorSchedulingFields,
  WORKDAY_TIME_OPTIONS,
  workdayTimeLabel,
} from './scheduling-preferences';

const current = {
  workdayStartMinutes: 480,
  workdayEndMinutes: 1020,
  gapMinutes: 30,
  minimumNoticeDays: 2,
  bookingLimitDays: 90,
};

describe('workday times', () => {
  it.each([
    ['08:00', 480],
    ['8:30', 510],
    ['00:00', 0],
    ['24:00', 1440],
    ['08:15', null],
    ['24:30', null],
    ['25:00', null],
    ['8am', null],
    ['', null],
  ])('%s → %s', (text, minutes) => expect(parseWorkdayTime(text)).toBe(minutes));

  it('formats and labels', () => {
    expect(formatWorkdayTime(510)).toBe('08:30');
    expect(workdayTimeLabel(0)).toBe('12:00 AM');
    expect(workdayTimeLabel(750)).toBe('12:30 PM');
    expect(workdayTimeLabel(1020)).toBe('5:00 PM');
    expect(WORKDAY_TIME_OPTIONS).toHaveLength(49);
    expect(BOOKING_LIMIT_OPTIONS).toEqual([
      30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180,
    ]);
    expect(DEFAULT_SCHEDULING.minimumNoticeDays).toBe(2);
  });
});

describe('applySchedulingPatch', () => {
  it('merges the sent fields', () => {
    expect(applySchedulingPatch(current, { workdayStartTime: '07:30', bookingWindowEndDays: 120 })).toEqual({
      ok: true,
      value: { ...current, workdayStartMinutes: 450, bookingLimitDays: 120 },
    });
  });

  it('checks start before end against the stored value of the field not sent', () => {
    expect(applySchedulingPatch(current, { workdayStartTime: '17:00' })).toEqual({
      ok: false,
      errors: [SCHEDULING_MESSAGES.workdayOrder],
    });
    expect(applySchedulingPatch(current, { workdayEndTime: '08:00' })).toEqual({
      ok: false,
      errors: [SCHEDULING_MESSAGES.workdayOrder],
    });
  });

  it('reports every bad field at once', () => {
    const result = applySchedulingPatch(current, {
      workdayStartTime: '08:10',
      driveTimeBufferMins: 61,
      bookingWindowStartDays: -1,
      bookingWindowEndDays: 35,
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        SCHEDULING_MESSAGES.workdayTime,
        SCHEDULING_MESSAGES.gap,
        SCHEDULING_MESSAGES.minimumNotice,
        SCHEDULING_MESSAGES.bookingLimit,
      ],
    });
    expect(applySchedulingPatch(current, { driveTimeBufferMins: 1.5 }).ok).toBe(false);
    expect(applySchedulingPatch(current, { bookingWindowEndDays: 190 }).ok).toBe(false);
    expect(applySchedulingPatch(current, { bookingWindowStartDays: '3' }).ok).toBe(false);
  });
});

describe('validateVendorSchedulingFields', () => {
  it('takes valid values', () => {
    expect(
      validateVendorSchedulingFields({
        priceToDurationRate: 42.5,
        cancelationPolicyHours: 0,
        appointmentInstructions: 'x'.repeat(500),
      }),
    ).toEqual([]);
    expect(validateVendorSchedulingFields({ appointmentInstructions: null })).toEqual([]);
  });
  it('refuses values outside the limits', () => {
    expect(
      validateVendorSchedulingFields({
        priceToDurationRate: 251,
        cancelationPolicyHours: 25,
        appointmentInstructions: 'x'.repeat(501),
      }),
    ).toEqual([
      SCHEDULING_MESSAGES.rate,
      SCHEDULING_MESSAGES.cancellationPolicy,
      SCHEDULING_MESSAGES.instructionsTooLong,
    ]);
    expect(validateVendorSchedulingFields({ priceToDurationRate: 19.99 })).toEqual([
      SCHEDULING_MESSAGES.rate,
    ]);
    expect(validateVendorSchedulingFields({ priceToDurationRate: 35.555 })).toEqual([
      SCHEDULING_MESSAGES.rateCents,
    ]);
    expect(validateVendorSchedulingFields({ cancelationPolicyHours: 2.5 })).toEqual([
      SCHEDULING_MESSAGES.cancellationPolicy,
    ]);
  });
});
