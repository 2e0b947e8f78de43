import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { PROPERTY_TEST_TIMEOUT_MS, propertyOptions } from './test-support/property';
import { describe, expect, it, vi } from 'vitest';
import {
  availabilityStableUntil,
  computeAvailability,
  explainStart,
  FALLBACK_RULES,
  offersStart,
  startsIn,
  type AvailabilityQuery,
  type BusyRange,
} from './availability';

const ZONE = 'America/Denver';
const MIN = 60_000;
const iso = (s: string) => Date.parse(s);
/** An instant from a Denver wall time, by the independent @date-fns/tz implementation. */
const denver = (y: number, mo: number, d: number, h = 0, mi = 0) =>
  new TZDate(y, mo - 1, d, h, mi, ZONE).getTime();
/** Denver wall-clock parts of an instant, by @date-fns/tz. */
const wallOf = (ms: number) => {
  const t = new TZDate(ms, ZONE);
  return {
    date: `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`,
    weekday: t.getDay(),
    minutes: t.getHours() * 60 + t.getMinutes(),
  };
};

const base = (over: Partial<AvailabilityQuery> = {}): AvailabilityQuery => ({
  now: iso('2026-11-23T15:00:00Z'), // Monday Nov 23, 8:00 MST
  workdayStartMinutes: 8 * 60,
  workdayEndMinutes: 17 * 60,
  gapMinutes: 30,
  minimumNoticeDays: 1,
  bookingLimitDays: 30,
  durationMinutes: 120,
  stepMinutes: 1,
  busy: [],
  ...over,
});

const isoRanges = (q: AvailabilityQuery, days: number) =>
  computeAvailability(q, days).days.map((d) => ({
    date: d.date,
    ranges: d.ranges.map((r) => [new Date(r.start).toISOString(), new Date(r.end).toISOString()]),
  }));

describe('computeAvailability', () => {
  it('offers each weekday from the minimum notice on, with the job ending by the workday end', () => {
    const a = computeAvailability(base(), 7);
    expect(a.firstDate).toBe('2026-11-24');
    expect(a.lastDate).toBe('2026-11-30');
    // Tue-Fri and Mon; Sat 28 and Sun 29 are not workdays.
    expect(a.days.map((d) => d.date)).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
    ]);
    // 8:00-15:00 MST (job of 2 h ends by 17:00).
    expect(a.days[0]!.ranges).toEqual([
      { start: iso('2026-11-24T15:00:00Z'), end: iso('2026-11-24T22:00:00Z') },
    ]);
    expect(startsIn(a.days[0]!.ranges[0]!, 1)).toBe(7 * 60 + 1);
  });

  it('keeps the gap before and after every busy range, touching exactly at the gap', () => {
    const busy: BusyRange[] = [{ start: iso('2026-11-24T18:00:00Z'), end: iso('2026-11-24T19:00:00Z') }]; // 11-12 MST
    expect(isoRanges(base({ busy }), 1)).toEqual([
      {
        date: '2026-11-24',
        ranges: [
          // the job 8:30-10:30 ends 30 min before 11:00
          ['2026-11-24T15:00:00.000Z', '2026-11-24T15:30:00.000Z'],
          // from 12:30 (busy end + gap) to 15:00
          ['2026-11-24T19:30:00.000Z', '2026-11-24T22:00:00.000Z'],
        ],
      },
    ]);
  });

  it('merges overlapping busy ranges and drops a day they fill', () => {
    const busy: BusyRange[] = [
      { start: iso('2026-11-24T15:00:00Z'), end: iso('2026-11-24T19:00:00Z') },
      { start: iso('2026-11-24T18:30:00Z'), end: iso('2026-11-24T23:59:00Z') },
      { start: iso('2026-11-24T17:00:00Z'), end: iso('2026-11-24T17:30:00Z') },
    ];
    expect(computeAvailability(base({ busy }), 1).days).toEqual([]);
  });

  it('steps by 15 minutes for vendors, aligned to the quarter hour', () => {
    const busy = [{ start: iso('2026-11-24T18:07:00Z'), end: iso('2026-11-24T19:02:00Z') }];
    const day = computeAvailability(base({ busy, stepMinutes: 15 }), 1).days[0]!;
    expect(day.ranges.map((r) => [new Date(r.start).toISOString(), new Date(r.end).toISOString()])).toEqual([
      ['2026-11-24T15:00:00.000Z', '2026-11-24T15:30:00.000Z'], // last start 8:30 (ends 10:30 < 11:07-0:30=10:37)
      ['2026-11-24T19:45:00.000Z', '2026-11-24T22:00:00.000Z'], // 12:32 rounds up to 12:45
    ]);
  });

  it('counts the minimum notice in local calendar days, and 0 days from now', () => {
    // Monday 22:30 MST is already Tuesday in UTC: today is still Monday in St George.
    const lateMonday = iso('2026-11-24T05:30:00Z');
    expect(computeAvailability(base({ now: lateMonday, minimumNoticeDays: 1 }), 3).firstDate).toBe(
      '2026-11-24',
    );
    const noon = iso('2026-11-24T19:00:00Z'); // Tue 12:00 MST
    const today = computeAvailability(base({ now: noon, minimumNoticeDays: 0, durationMinutes: 60 }), 0);
    expect(today.days).toEqual([
      {
        date: '2026-11-24',
        ranges: [{ start: iso('2026-11-24T19:00:00Z'), end: iso('2026-11-24T23:00:00Z') }],
      },
    ]);
  });

  it('never goes past the booking limit, whatever window is asked for', () => {
    const a = computeAvailability(base({ bookingLimitDays: 30 }), 90);
    expect(a.lastDate).toBe('2026-12-23');
    expect(a.days.at(-1)!.date).toBe('2026-12-23');
  });

  it('offers nothing when the job is longer than the workday', () => {
    expect(computeAvailability(base({ durationMinutes: 9 * 60 + 1 }), 30).days).toEqual([]);
    expect(computeAvailability(base({ durationMinutes: 9 * 60 }), 30).days[0]!.ranges).toEqual([
      { start: iso('2026-11-24T15:00:00Z'), end: iso('2026-11-24T15:00:00Z') },
    ]);
  });
});

describe('daylight-saving weeks in St George', () => {
  const eightToFive = {
    workdayStartMinutes: 480,
    workdayEndMinutes: 1020,
    durationMinutes: 60,
    gapMinutes: 0,
  };

  it('March: Friday is MST (UTC-7), Monday after the change is MDT (UTC-6)', () => {
    const a = computeAvailability(
      base({ ...eightToFive, now: iso('2026-03-05T12:00:00Z'), minimumNoticeDays: 1 }),
      5,
    );
    const friday = a.days.find((d) => d.date === '2026-03-06')!;
    const monday = a.days.find((d) => d.date === '2026-03-09')!;
    expect(friday.ranges[0]).toEqual({
      start: iso('2026-03-06T15:00:00Z'),
      end: iso('2026-03-06T23:00:00Z'),
    });
    expect(monday.ranges[0]).toEqual({
      start: iso('2026-03-09T14:00:00Z'),
      end: iso('2026-03-09T22:00:00Z'),
    });
  });

  it('November: Friday is MDT, Monday after the change is MST', () => {
    const a = computeAvailability(
      base({ ...eightToFive, now: iso('2026-10-29T12:00:00Z'), minimumNoticeDays: 1 }),
      5,
    );
    expect(a.days.find((d) => d.date === '2026-10-30')!.ranges[0]!.start).toBe(iso('2026-10-30T14:00:00Z'));
    expect(a.days.find((d) => d.date === '2026-11-02')!.ranges[0]!.start).toBe(iso('2026-11-02T15:00:00Z'));
  });

  it('the change days themselves: 23 and 25 hours long when a vendor works them', () => {
    const allDay = { workdayStartMinutes: 0, workdayEndMinutes: 1440, durationMinutes: 60, gapMinutes: 0 };
    const sundays = [0];
    const spring = computeAvailability(
      base({ ...allDay, workdays: sundays, now: iso('2026-03-06T12:00:00Z'), minimumNoticeDays: 0 }),
      3,
    ).days[0]!;
    expect(spring.date).toBe('2026-03-08');
    expect(spring.ranges).toEqual([{ start: iso('2026-03-08T07:00:00Z'), end: iso('2026-03-09T05:00:00Z') }]);
    expect(startsIn(spring.ranges[0]!, 60)).toBe(23); // 22 hours of starts for 1 h jobs in a 23 h day
    const fall = computeAvailability(
      base({ ...allDay, workdays: sundays, now: iso('2026-10-30T12:00:00Z'), minimumNoticeDays: 0 }),
      3,
    ).days[0]!;
    expect(fall.date).toBe('2026-11-01');
    expect(fall.ranges).toEqual([{ start: iso('2026-11-01T06:00:00Z'), end: iso('2026-11-02T06:00:00Z') }]);
    expect(startsIn(fall.ranges[0]!, 60)).toBe(25);
  });

  it('a workday edge in the skipped or repeated hour', () => {
    const sundays = [0];
    // 2:00 does not exist on Mar 8: the workday starts at 3:00 MDT.
    const spring = computeAvailability(
      base({
        workdayStartMinutes: 120,
        workdayEndMinutes: 300,
        durationMinutes: 30,
        gapMinutes: 0,
        workdays: sundays,
        now: iso('2026-03-06T12:00:00Z'),
        minimumNoticeDays: 0,
      }),
      3,
    ).days[0]!;
    expect(spring.ranges).toEqual([{ start: iso('2026-03-08T09:00:00Z'), end: iso('2026-03-08T10:30:00Z') }]);
    // 1:00 happens twice on Nov 1: the workday 1:00-3:00 starts at the first (MDT) and lasts 3 hours.
    const fall = computeAvailability(
      base({
        workdayStartMinutes: 60,
        workdayEndMinutes: 180,
        durationMinutes: 30,
        gapMinutes: 0,
        workdays: sundays,
        now: iso('2026-10-30T12:00:00Z'),
        minimumNoticeDays: 0,
      }),
      3,
    ).days[0]!;
    expect(fall.ranges).toEqual([{ start: iso('2026-11-01T07:00:00Z'), end: iso('2026-11-01T09:30:00Z') }]);
  });
});

describe('explainStart', () => {
  const busy = [{ start: iso('2026-11-24T18:00:00Z'), end: iso('2026-11-24T19:00:00Z') }];
  it.each([
    ['2026-11-24T15:00:00Z', null],
    ['2026-11-24T15:00:30Z', 'step'],
    ['2026-11-23T20:00:00Z', 'notice'],
    ['2026-12-24T16:00:00Z', 'limit'],
    ['2026-11-28T16:00:00Z', 'weekday'],
    ['2026-11-24T14:59:00Z', 'workday'],
    ['2026-11-24T22:01:00Z', 'workday'],
    ['2026-11-24T15:31:00Z', 'busy'],
    ['2026-11-24T19:29:00Z', 'busy'],
    ['2026-11-24T19:30:00Z', null],
  ])('%s → %s', (at, problem) => {
    expect(explainStart(base({ busy }), iso(at))).toBe(problem);
  });
});

// ---- Properties ---------------------------------------------------------------------------------

const DST_NEIGHBOURHOODS = [
  iso('2026-03-04T00:00:00Z'),
  iso('2026-10-28T00:00:00Z'),
  iso('2027-03-10T00:00:00Z'),
  iso('2027-11-03T00:00:00Z'),
];

const nowArb = fc.oneof(
  fc.integer({ min: iso('2025-01-01T00:00:00Z'), max: iso('2028-12-31T00:00:00Z') }),
  fc.constantFrom(...DST_NEIGHBOURHOODS).chain((t) => fc.integer({ min: t, max: t + 6 * 86_400_000 })),
);

const queryArb = (windowDays: number) =>
  fc
    .record({
      now: nowArb,
      startSlot: fc.integer({ min: 0, max: 47 }),
      lengthSlots: fc.integer({ min: 1, max: 48 }),
      gapMinutes: fc.integer({ min: 0, max: 60 }),
      minimumNoticeDays: fc.integer({ min: 0, max: Math.min(21, windowDays) }),
      bookingLimitDays: fc.integer({ min: 0, max: 15 }).map((i) => 30 + i * 10),
      durationMinutes: fc.integer({ min: 1, max: 600 }),
      stepMinutes: fc.constantFrom(1, 15),
      workdays: fc.oneof(
        fc.constant(undefined),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
      ),
      busySpecs: fc.array(
        fc.record({
          offsetMinutes: fc.integer({ min: -24 * 60, max: (windowDays + 2) * 24 * 60 }),
          lengthMinutes: fc.integer({ min: 0, max: 8 * 60 }),
          seconds: fc.integer({ min: 0, max: 59 }),
        }),
        { maxLength: 40 },
      ),
    })
    .map((r) => {
      const startMinutes = r.startSlot * 30;
      const endMinutes = Math.min(1440, startMinutes + r.lengthSlots * 30);
      const busy = r.busySpecs.map((b) => {
        const start = r.now + b.offsetMinutes * MIN + b.seconds * 1000;
        return { start, end: start + b.lengthMinutes * MIN };
      });
      const q: AvailabilityQuery = {
        now: r.now,
        workdayStartMinutes: startMinutes,
        workdayEndMinutes: endMinutes,
        gapMinutes: r.gapMinutes,
        minimumNoticeDays: r.minimumNoticeDays,
        bookingLimitDays: r.bookingLimitDays,
        durationMinutes: r.durationMinutes,
        stepMinutes: r.stepMinutes,
        workdays: r.workdays,
        busy,
      };
      return q;
    });

/** A few starts of each range: both ends and some in between on the step grid. */
function sampleStarts(q: AvailabilityQuery, windowDays: number): number[] {
  const out: number[] = [];
  const stepMs = q.stepMinutes * MIN;
  for (const day of computeAvailability(q, windowDays).days)
    for (const r of day.ranges) {
      out.push(r.start, r.end);
      const n = (r.end - r.start) / stepMs;
      out.push(r.start + Math.floor(n / 2) * stepMs, r.start + Math.floor(n / 3) * stepMs);
    }
  return out;
}

describe('slot engine properties', () => {
  it(
    'no offered start overlaps a busy range or its gap, and every job lies inside a local workday',
    { timeout: PROPERTY_TEST_TIMEOUT_MS },
    () => {
      fc.assert(
        fc.property(queryArb(10), (q) => {
          const nowMs = Number(q.now);
          const today = wallOf(nowMs).date;
          for (const t of sampleStarts(q, 10)) {
            const end = t + q.durationMinutes * MIN;
            for (const b of q.busy) {
              if (b.end <= b.start) continue;
              expect(end + q.gapMinutes * MIN <= b.start || t >= b.end + q.gapMinutes * MIN).toBe(true);
            }
            const s = wallOf(t);
            expect((q.workdays ?? [1, 2, 3, 4, 5]).includes(s.weekday)).toBe(true);
            // Inside the workday, by the independent zone implementation.
            const [y, m, d] = s.date.split('-').map(Number) as [number, number, number];
            const dayStart = denver(y, m, d, 0, q.workdayStartMinutes);
            const dayEnd = denver(y, m, d, 0, q.workdayEndMinutes);
            expect(t).toBeGreaterThanOrEqual(dayStart);
            expect(end).toBeLessThanOrEqual(dayEnd);
            // Minimum notice and booking limit.
            expect(t).toBeGreaterThanOrEqual(nowMs);
            const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
            expect(t).toBeGreaterThanOrEqual(denver(ty, tm, td + q.minimumNoticeDays));
            expect(t).toBeLessThan(denver(ty, tm, td + q.bookingLimitDays + 1));
            expect(t % (q.stepMinutes * MIN)).toBe(0);
            expect(explainStart(q, t)).toBeNull();
          }
        }),
        propertyOptions({ numRuns: 300 }),
      );
    },
  );

  it(
    'offers exactly the starts that pass every rule (brute force over a few days)',
    { timeout: PROPERTY_TEST_TIMEOUT_MS },
    () => {
      fc.assert(
        fc.property(queryArb(4), (raw) => {
          const q = { ...raw, stepMinutes: 15 };
          const windowDays = 4;
          const a = computeAvailability(q, windowDays);
          const nowMs = Number(q.now);
          const today = wallOf(nowMs).date.split('-').map(Number) as [number, number, number];
          const from = denver(today[0], today[1], today[2]);
          const to = denver(today[0], today[1], today[2] + windowDays + 1);
          for (let t = Math.ceil(from / (15 * MIN)) * 15 * MIN; t < to; t += 15 * MIN) {
            expect(offersStart(a, t, 15)).toBe(explainStart(q, t) === null);
          }
        }),
        propertyOptions({ numRuns: 150 }),
      );
    },
  );

  it('gives the same answer whatever the process time zone is', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    const zones = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Kiritimati'];
    try {
      fc.assert(
        fc.property(queryArb(30), (q) => {
          const answers = zones.map((tz) => {
            vi.stubEnv('TZ', tz);
            return JSON.stringify(computeAvailability(q, 30));
          });
          expect(new Set(answers).size).toBe(1);
        }),
        propertyOptions({ numRuns: 60 }),
      );
      vi.stubEnv('TZ', 'Asia/Kolkata');
      expect(new Date(iso('2026-01-01T00:00:00Z')).getHours()).toBe(5); // the switch really took effect
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('availabilityStableUntil', () => {
  it(
    'the answer at any instant from now until the bound (excluded) is the answer at now',
    { timeout: PROPERTY_TEST_TIMEOUT_MS },
    () => {
      fc.assert(
        fc.property(
          queryArb(10),
          fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }),
          (q, fractions) => {
            const nowMs = Number(q.now);
            const until = availabilityStableUntil(q, nowMs, q.stepMinutes);
            expect(until).toBeGreaterThan(nowMs);
            const expected = computeAvailability(q, 10);
            const later = [until - 1, ...fractions.map((f) => nowMs + Math.floor(f * (until - 1 - nowMs)))];
            for (const t of later) expect(computeAvailability({ ...q, now: t }, 10)).toEqual(expected);
          },
        ),
        propertyOptions({ numRuns: 400 }),
      );
    },
  );

  it('is the next local midnight with a minimum notice; with none, the end of the current step', () => {
    const now = iso('2026-03-06T20:07:30Z'); // 13:07:30 in St George (MST), a Friday
    const rules = { ...FALLBACK_RULES, minimumNoticeDays: 2 };
    expect(availabilityStableUntil(rules, now, 1)).toBe(iso('2026-03-07T07:00:00Z'));
    const noNotice = { ...rules, minimumNoticeDays: 0 };
    expect(availabilityStableUntil(noNotice, now, 1)).toBe(iso('2026-03-06T20:08:00Z') + 1);
    expect(availabilityStableUntil(noNotice, now, 15)).toBe(iso('2026-03-06T20:15:00Z') + 1);
    // Exactly on a step: the start at now is offered, one millisecond later it is not.
    expect(availabilityStableUntil(noNotice, iso('2026-03-06T20:15:00Z'), 15)).toBe(
      iso('2026-03-06T20:15:00Z') + 1,
    );
    // The night before the spring change (MST -> MDT on 2026-03-08): midnight is still 07:00Z.
    expect(availabilityStableUntil(rules, iso('2026-03-08T06:59:00Z'), 1)).toBe(iso('2026-03-08T07:00:00Z'));
    expect(availabilityStableUntil(rules, iso('2026-03-08T07:00:00Z'), 1)).toBe(iso('2026-03-09T06:00:00Z'));
  });

  it('the answer does change at the bound when the earliest start moves (no notice, a free workday)', () => {
    const q: AvailabilityQuery = {
      ...FALLBACK_RULES,
      minimumNoticeDays: 0,
      workdayStartMinutes: 0,
      workdayEndMinutes: 1440,
      workdays: [0, 1, 2, 3, 4, 5, 6],
      now: iso('2026-03-06T20:07:30Z'),
      durationMinutes: 60,
      stepMinutes: 15,
      busy: [],
    };
    const until = availabilityStableUntil(q, q.now, 15);
    expect(computeAvailability({ ...q, now: until }, 3)).not.toEqual(computeAvailability(q, 3));
  });
});
