import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROPERTY_TEST_TIMEOUT_MS, propertyOptions } from './test-support/property';
import { CATEGORIES, TIME_ZONE } from './constants';
import {
  defaultPlanOffersFor,
  PLAN_FREQUENCIES,
  PLAN_FREQUENCY_LABELS,
  nextVisitStarts,
  planChargeWhenText,
  planConsentText,
  planPriceWords,
  planVisitSubtotal,
  visitDates,
  weekdayOfMonth,
  type PlanFrequency,
} from './plans';
import {
  addDays,
  daysBetween,
  formatLocalDate,
  localDateTimeOf,
  weekdayOf,
  type LocalDate,
} from './zoned-time';

const d = (text: string): LocalDate => {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};
const dates = (visits: { date: LocalDate }[]) => visits.map((v) => formatLocalDate(v.date));

describe('frequencies and defaults', () => {
  it('names every frequency in words', () => {
    expect(PLAN_FREQUENCIES.map((f) => PLAN_FREQUENCY_LABELS[f])).toEqual([
      'Weekly',
      'Every 2 weeks',
      'Every 4 weeks',
      'Monthly',
      'Every 3 months',
      'Every 6 months',
    ]);
  });

  it("gives each category the ADR's defaults", () => {
    expect(defaultPlanOffersFor('house_cleaning')).toEqual([
      { frequency: 'every_2_weeks', discountPercent: 10 },
      { frequency: 'every_4_weeks', discountPercent: 5 },
    ]);
    expect(defaultPlanOffersFor('garbage_can_cleaning')).toEqual([
      { frequency: 'monthly', discountPercent: 10 },
    ]);
    expect(defaultPlanOffersFor('pest_control')).toEqual([
      { frequency: 'every_3_months', discountPercent: 10 },
    ]);
    expect(defaultPlanOffersFor('window_cleaning')).toEqual([
      { frequency: 'every_6_months', discountPercent: 5 },
    ]);
    expect(defaultPlanOffersFor('carpet_cleaning')).toEqual([
      { frequency: 'every_6_months', discountPercent: 5 },
    ]);
    expect(defaultPlanOffersFor('auto_detailing')).toEqual([{ frequency: 'monthly', discountPercent: 10 }]);
  });

  it('answers a fresh copy each time', () => {
    for (const category of CATEGORIES) {
      const first = defaultPlanOffersFor(category);
      first[0]!.discountPercent = 49;
      expect(defaultPlanOffersFor(category)[0]!.discountPercent).not.toBe(49);
    }
  });
});

describe('planVisitSubtotal', () => {
  it('takes the discount off, half up to the cent', () => {
    expect(planVisitSubtotal(12500, 10)).toBe(11250);
    expect(planVisitSubtotal(12500, 0)).toBe(12500);
    expect(planVisitSubtotal(12345, 5)).toBe(11728); // 11727.75
    expect(planVisitSubtotal(10, 5)).toBe(10); // 9.5 → 10
    expect(planVisitSubtotal(5, 10)).toBe(5); // 4.5 → 5
    expect(planVisitSubtotal(13, 50)).toBe(7); // 6.5 → 7
    expect(planVisitSubtotal(0, 50)).toBe(0);
  });

  it('refuses fractions of a cent or of a percent', () => {
    expect(() => planVisitSubtotal(12.5, 10)).toThrow(RangeError);
    expect(() => planVisitSubtotal(100, 10.5)).toThrow(RangeError);
    expect(() => planVisitSubtotal(-1, 10)).toThrow(RangeError);
  });

  it('equals rounding the exact value half up', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 50 }), (cents, pct) => {
        const got = planVisitSubtotal(cents, pct);
        const exactTimes100 = cents * (100 - pct); // the exact price in hundredths of a cent
        expect(Number.isInteger(got)).toBe(true);
        expect(got * 100 - exactTimes100).toBeLessThanOrEqual(50);
        expect(exactTimes100 - got * 100).toBeLessThan(50);
        expect(got).toBeLessThanOrEqual(cents);
      }),
      propertyOptions({ numRuns: 500 }),
    );
  });

  it('words the price per visit', () => {
    expect(planPriceWords(11250, 10)).toBe('$112.50 a visit, save 10%');
    expect(planPriceWords(12500, 0)).toBe('$125.00 a visit');
    expect(planPriceWords(123456, 5)).toBe('$1,234.56 a visit, save 5%');
  });
});

describe('visitDates', () => {
  const nine = 9 * 60;
  it('repeats weekly, every 2 and every 4 weeks', () => {
    const anchor = { date: d('2026-12-01'), minutes: nine };
    expect(dates(visitDates(anchor, 'weekly', { count: 3 }))).toEqual([
      '2026-12-01',
      '2026-12-08',
      '2026-12-15',
    ]);
    expect(dates(visitDates(anchor, 'every_2_weeks', { count: 3 }))).toEqual([
      '2026-12-01',
      '2026-12-15',
      '2026-12-29',
    ]);
    expect(dates(visitDates(anchor, 'every_4_weeks', { count: 2 }))).toEqual(['2026-12-01', '2026-12-29']);
  });

  it('keeps the weekday of the month: the 2nd Tuesday', () => {
    const anchor = { date: d('2026-12-08'), minutes: nine }; // 2nd Tuesday of December
    expect(dates(visitDates(anchor, 'monthly', { count: 4 }))).toEqual([
      '2026-12-08',
      '2027-01-12',
      '2027-02-09',
      '2027-03-09',
    ]);
    expect(dates(visitDates(anchor, 'every_3_months', { count: 3 }))).toEqual([
      '2026-12-08',
      '2027-03-09',
      '2027-06-08',
    ]);
    expect(dates(visitDates(anchor, 'every_6_months', { count: 3 }))).toEqual([
      '2026-12-08',
      '2027-06-08',
      '2027-12-14',
    ]);
  });

  it('reads a 5th-week anchor as the last such weekday', () => {
    const anchor = { date: d('2026-12-29'), minutes: nine }; // the 5th (and last) Tuesday
    expect(weekdayOfMonth(anchor.date)).toEqual({ weekday: 2, nth: 'last' });
    expect(dates(visitDates(anchor, 'monthly', { count: 3 }))).toEqual([
      '2026-12-29',
      '2027-01-26',
      '2027-02-23',
    ]);
  });

  it('starts from the first visit on or after `from`, numbered as in the plan', () => {
    const anchor = { date: d('2026-12-08'), minutes: nine };
    const visits = visitDates(anchor, 'monthly', { from: d('2027-02-10'), count: 2 });
    expect(dates(visits)).toEqual(['2027-03-09', '2027-04-13']);
    expect(visits.map((v) => v.n)).toEqual([3, 4]);
    expect(dates(visitDates(anchor, 'every_2_weeks', { from: d('2026-12-22'), count: 1 }))).toEqual([
      '2026-12-22',
    ]);
    expect(dates(visitDates(anchor, 'weekly', { from: d('2026-01-01'), count: 1 }))).toEqual(['2026-12-08']);
  });

  it('keeps 9:00am across the March and November changes', () => {
    const march = visitDates({ date: d('2027-03-08'), minutes: nine }, 'weekly', { count: 2 });
    expect(march.map((v) => new Date(v.startsAt).toISOString())).toEqual([
      '2027-03-08T16:00:00.000Z', // MST
      '2027-03-15T15:00:00.000Z', // MDT after March 14
    ]);
    const november = visitDates({ date: d('2026-10-27'), minutes: nine }, 'weekly', { count: 2 });
    expect(november.map((v) => new Date(v.startsAt).toISOString())).toEqual([
      '2026-10-27T15:00:00.000Z',
      '2026-11-03T16:00:00.000Z', // MST after November 1
    ]);
  });

  it('refuses a start outside the day', () => {
    expect(() => visitDates({ date: d('2026-12-08'), minutes: 1440 }, 'weekly', { count: 1 })).toThrow(
      RangeError,
    );
  });
});

describe('visitDates properties', () => {
  // Anchors around the DST changes of 2026 and 2027 (March 8 2026, Nov 1 2026, March 14 2027, Nov 7 2027).
  const anchorDate = fc.integer({ min: 0, max: 760 }).map((offset) => addDays(d('2026-01-01'), offset));
  // Whole quarter hours of a working day (a slot's start), away from the 2am changes themselves.
  const minutes = fc.integer({ min: 24, max: 88 }).map((q) => q * 15);
  const frequency = fc.constantFrom<PlanFrequency>(...PLAN_FREQUENCIES);
  const opts = propertyOptions({ numRuns: 300 });

  it('keeps the local time and the weekday of every visit', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(anchorDate, minutes, frequency, (date, mins, freq) => {
        for (const v of visitDates({ date, minutes: mins }, freq, { count: 14 })) {
          const local = localDateTimeOf(v.startsAt, TIME_ZONE);
          expect(local.minutes).toBe(mins);
          expect(formatLocalDate(local)).toBe(formatLocalDate(v.date));
          expect(weekdayOf(v.date)).toBe(weekdayOf(date));
        }
      }),
      opts,
    );
  });

  it(
    'spaces visits as the frequency says, in increasing order',
    { timeout: PROPERTY_TEST_TIMEOUT_MS },
    () => {
      fc.assert(
        fc.property(anchorDate, minutes, frequency, (date, mins, freq) => {
          const visits = visitDates({ date, minutes: mins }, freq, { count: 10 });
          const months = { monthly: 1, every_3_months: 3, every_6_months: 6 } as Record<string, number>;
          for (let i = 1; i < visits.length; i++) {
            const prev = visits[i - 1]!;
            const cur = visits[i]!;
            expect(cur.startsAt).toBeGreaterThan(prev.startsAt);
            const gap = daysBetween(prev.date, cur.date);
            if (freq === 'weekly') expect(gap).toBe(7);
            else if (freq === 'every_2_weeks') expect(gap).toBe(14);
            else if (freq === 'every_4_weeks') expect(gap).toBe(28);
            else {
              const m = months[freq]!;
              const monthIndex = (x: LocalDate) => x.year * 12 + x.month;
              expect(monthIndex(cur.date) - monthIndex(prev.date)).toBe(m);
              expect(gap % 7).toBe(0);
            }
          }
        }),
        opts,
      );
    },
  );

  it(
    'keeps the nth weekday, or the last one for a 5th-week anchor',
    { timeout: PROPERTY_TEST_TIMEOUT_MS },
    () => {
      fc.assert(
        fc.property(
          anchorDate,
          fc.constantFrom<PlanFrequency>('monthly', 'every_3_months', 'every_6_months'),
          (date, freq) => {
            const nth = Math.ceil(date.day / 7);
            for (const v of visitDates({ date, minutes: 600 }, freq, { count: 12 })) {
              if (nth >= 5) {
                // The last such weekday: a week later is in the next month.
                expect(addDays(v.date, 7).month).not.toBe(v.date.month);
              } else expect(Math.ceil(v.date.day / 7)).toBe(nth);
            }
          },
        ),
        opts,
      );
    },
  );

  it('answers from `from` the same visits as from the anchor', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(anchorDate, frequency, fc.integer({ min: 0, max: 400 }), (date, freq, skip) => {
        const from = addDays(date, skip);
        const all = visitDates({ date, minutes: 600 }, freq, { count: 80 });
        const expected = all.filter((v) => daysBetween(from, v.date) >= 0).slice(0, 3);
        expect(visitDates({ date, minutes: 600 }, freq, { from, count: 3 })).toEqual(expected);
      }),
      opts,
    );
  });
});

describe('planConsentText', () => {
  it('says what is charged, when and how to stop it', () => {
    expect(
      planConsentText({
        frequency: 'every_2_weeks',
        pricePerVisitCents: 11250,
        serviceChargeCents: 255,
        policyHours: 24,
        vendorName: 'Sparkle Co',
      }),
    ).toBe(
      'By paying you agree that $115.05 ($112.50 for the visit and $2.55 service charge) will be charged for ' +
        'each later visit of your every 2 weeks plan with Sparkle Co to this card, 24 hours before it, when ' +
        'its cancellation window closes; skip, pause or cancel in Orders before then.',
    );
    expect(
      planConsentText({
        frequency: 'monthly',
        pricePerVisitCents: 100,
        serviceChargeCents: 0,
        policyHours: 1,
        vendorName: 'V',
      }),
    ).toContain('1 hour before it');
  });

  it('words when each visit is charged', () => {
    expect(planChargeWhenText(24)).toBe(
      'Each visit is charged 24 hours before it, when its cancellation window closes.',
    );
    expect(planChargeWhenText(0)).toBe(
      'Each visit is charged when it starts, when its cancellation window closes.',
    );
  });
});

describe('nextVisitStarts', () => {
  it('answers the next visits at the same St George time across the DST change', () => {
    // Wednesday, October 21st 2026 at 9:00 MDT (15:00Z); every 2 weeks runs past November 1st (MST).
    const starts = nextVisitStarts(Date.parse('2026-10-21T15:00:00Z'), 'every_2_weeks', 3);
    expect(starts.map((ms) => new Date(ms).toISOString())).toEqual([
      '2026-11-04T16:00:00.000Z',
      '2026-11-18T16:00:00.000Z',
      '2026-12-02T16:00:00.000Z',
    ]);
  });
});
