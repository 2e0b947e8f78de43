import type { ReviewQueueItem } from '@stg/domain/api/vendors';
import { dayText, formatClock } from '@stg/domain/dates';
import { formatDurationHours } from '@stg/domain/pricing';
import { parseLocalDate, weekdayOf } from '@stg/domain/zoned-time';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "2026-11-25" → "Wed, Nov 25th" (spec §9's "MMM do", with the weekday). */
export function weekdayDateText(date: string): string {
  const d = parseLocalDate(date);
  return d ? `${WEEKDAYS[weekdayOf(d)]}, ${dayText(d)}` : date;
}

/** One range of starts: "8:00am – 1:03pm", or "9:00am" for a single start. */
function rangeText(range: { start_time: string; end_time: string }): string {
  const from = formatClock(range.start_time);
  const to = formatClock(range.end_time);
  return from === to ? from : `${from} – ${to}`;
}

/**
 * Issue 25 §1 on the review card: the first week of open times as a customer would see them, per day the
 * starts they could pick (any minute between a range's first and last start, as the provider page's
 * scheduler offers them) for the sample quote's job; said plainly when there are none.
 */
export function FirstWeek({ item, headingId }: { item: ReviewQueueItem; headingId: string }) {
  const week = item.firstWeek;
  if (!week) return null; // an answer from an older server
  const span = `${weekdayDateText(week.firstDate)} – ${weekdayDateText(week.lastDate)}`;
  const job = `a job of ${formatDurationHours(week.jobMinutes)}`;
  const basis = item.sampleQuote ? 'the sample quote' : 'the minimum price';
  return (
    <section aria-labelledby={`${headingId}-times`}>
      <h3 id={`${headingId}-times`}>Open Times, First Week</h3>
      {week.days.length === 0 ? (
        <div className="listing-review__no-times">
          <p>
            <strong>No open times in the first week</strong> ({span}): a customer could not book{' '}
            {`${job} (${basis}).`}
          </p>
          {week.unavailableReason && <p>{week.unavailableReason}</p>}
        </div>
      ) : (
        <>
          <p className="listing-review__muted">
            {`What a customer could book for ${job} (${basis}), ${span}: any start from the first time to the last.`}
          </p>
          <ul className="listing-review__times">
            {week.days.map((day) => (
              <li key={day.date}>
                <span className="listing-review__times-day">{weekdayDateText(day.date)}</span>{' '}
                <span>{day.ranges.map(rangeText).join(', ')}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
