/** Wall-clock helpers in the marketplace's time zone (real DST rules via @date-fns/tz). */
import { TZDate } from '@date-fns/tz';

export const TIME_ZONE = 'America/Denver';

export interface LocalDay {
  year: number;
  month: number;
  date: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

/** The local calendar day `offset` days after the local day of `now`. */
export function localDay(now: Date, offset: number): LocalDay {
  const n = new TZDate(now.getTime(), TIME_ZONE);
  const d = new TZDate(n.getFullYear(), n.getMonth(), n.getDate() + offset, TIME_ZONE);
  return { year: d.getFullYear(), month: d.getMonth(), date: d.getDate(), weekday: d.getDay() };
}

/** The instant at `minutes` after local midnight of `day`. */
export function atLocalMinutes(day: LocalDay, minutes: number): Date {
  const t = new TZDate(day.year, day.month, day.date, Math.floor(minutes / 60), minutes % 60, TIME_ZONE);
  return new Date(t.getTime());
}

/** Local weekday and minutes after local midnight of an instant. */
export function localTime(at: Date): { weekday: number; minutes: number; dayKey: string } {
  const t = new TZDate(at.getTime(), TIME_ZONE);
  return {
    weekday: t.getDay(),
    minutes: t.getHours() * 60 + t.getMinutes(),
    dayKey: `${t.getFullYear()}-${t.getMonth() + 1}-${t.getDate()}`,
  };
}
