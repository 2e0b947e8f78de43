import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, formatLocalDate, parseLocalDate } from '@stg/domain/zoned-time';
import {
  longDateLabel,
  monthKeyOf,
  monthLabel,
  monthWeeks,
  shiftMonth,
  WEEKDAYS,
} from '../../lib/availability';
import './scheduling.css';

interface MonthCalendarProps {
  /** The available local dates ("2026-11-24"), in order; every other day is disabled. */
  dates: readonly string[];
  selected: string | null;
  onSelect: (date: string) => void;
  /** Two months side by side on wide screens, one below 1235 px (spec §9). */
  monthsShown: 1 | 2;
  disabled?: boolean;
}

const lastBefore = (dates: readonly string[], limit: string) => {
  for (let i = dates.length - 1; i >= 0; i -= 1) if (dates[i]! <= limit) return dates[i]!;
  return null;
};
const firstAfter = (dates: readonly string[], limit: string) => dates.find((d) => d >= limit) ?? null;
const dayShift = (date: string, days: number) => {
  const local = parseLocalDate(date);
  return local ? formatLocalDate(addDays(local, days)) : date;
};

/**
 * The date half of the date and time picker (the provider page's Scheduling panel, the
 * reschedule-appointment modal): month grids (the ARIA date-grid pattern) in which only available days
 * can be chosen. The arrow keys move between available days (a week up or down), Page Up/Down between
 * months with availability, Home/End to the month's first and last available day; Enter or Space picks.
 * Previous/next month stay within the months that have availability.
 */
export function MonthCalendar({ dates, selected, onSelect, monthsShown, disabled }: MonthCalendarProps) {
  const id = useId();
  const available = new Set(dates);
  const months = [...new Set(dates.map(monthKeyOf))];
  const firstDate = dates[0] ?? null;
  const [focusDate, setFocusDate] = useState<string | null>(selected ?? firstDate);
  const [start, setStart] = useState(() => monthKeyOf(selected ?? firstDate ?? '1970-01-01'));
  // When the window narrows to one month, keep the selected day's month in view.
  const [layout, setLayout] = useState(monthsShown);
  if (layout !== monthsShown) {
    setLayout(monthsShown);
    if (monthsShown === 1 && selected && monthKeyOf(selected) === shiftMonth(start, 1))
      setStart(monthKeyOf(selected));
  }
  const focusPending = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);

  const shown = Array.from({ length: monthsShown }, (_, i) => shiftMonth(start, i));
  const lastShown = shown[shown.length - 1]!;
  const previousMonth = [...months].reverse().find((m) => m < start) ?? null;
  const nextMonth = months.find((m) => m > lastShown) ?? null;

  // The day that holds the Tab stop: the focused one while it is shown and available, else the
  // selected one, else the first available day shown.
  const inView = (date: string | null): date is string =>
    date !== null && available.has(date) && shown.includes(monthKeyOf(date));
  const tabStop = inView(focusDate)
    ? focusDate
    : inView(selected)
      ? selected
      : (dates.find((d) => shown.includes(monthKeyOf(d))) ?? null);

  useEffect(() => {
    if (!focusPending.current || !tabStop) return;
    focusPending.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${tabStop}"]`)?.focus();
  });

  const moveTo = (date: string | null) => {
    if (!date) return;
    const month = monthKeyOf(date);
    if (month < start) setStart(month);
    else if (month > lastShown) setStart(shiftMonth(month, -(monthsShown - 1)));
    setFocusDate(date);
    focusPending.current = true;
  };

  const onKeyDown = (event: KeyboardEvent, date: string) => {
    const month = monthKeyOf(date);
    const inMonth = dates.filter((d) => monthKeyOf(d) === month);
    let target: string | null | undefined;
    switch (event.key) {
      case 'ArrowRight':
        target = firstAfter(dates, dayShift(date, 1));
        break;
      case 'ArrowLeft':
        target = lastBefore(dates, dayShift(date, -1));
        break;
      case 'ArrowDown':
        target = firstAfter(dates, dayShift(date, 7));
        break;
      case 'ArrowUp':
        target = lastBefore(dates, dayShift(date, -7));
        break;
      case 'Home':
        target = inMonth[0];
        break;
      case 'End':
        target = inMonth[inMonth.length - 1];
        break;
      case 'PageDown': {
        const next = months.find((m) => m > month);
        target = next ? dates.find((d) => monthKeyOf(d) === next) : null;
        break;
      }
      case 'PageUp': {
        const previous = [...months].reverse().find((m) => m < month);
        target = previous ? dates.find((d) => monthKeyOf(d) === previous) : null;
        break;
      }
      default:
        return;
    }
    event.preventDefault();
    moveTo(target ?? null);
  };

  const nav = (direction: 'previous' | 'next') => {
    const target = direction === 'previous' ? previousMonth : nextMonth;
    if (!target) return;
    setStart(direction === 'previous' ? target : shiftMonth(target, -(monthsShown - 1)));
  };

  return (
    <div className={`month-calendar month-calendar--${monthsShown}`} ref={gridRef}>
      {shown.map((month, index) => {
        const titleId = `${id}-${month}`;
        return (
          <div className="month-calendar__month" key={month}>
            <div className="month-calendar__header">
              {index === 0 && (
                <button
                  type="button"
                  className="icon-button month-calendar__nav month-calendar__nav--previous"
                  aria-label="Previous month"
                  disabled={!previousMonth || disabled}
                  onClick={() => nav('previous')}
                >
                  <Chevron direction="left" />
                </button>
              )}
              <h4 className="month-calendar__title" id={titleId} aria-live="polite">
                {monthLabel(month)}
              </h4>
              {index === shown.length - 1 && (
                <button
                  type="button"
                  className="icon-button month-calendar__nav month-calendar__nav--next"
                  aria-label="Next month"
                  disabled={!nextMonth || disabled}
                  onClick={() => nav('next')}
                >
                  <Chevron direction="right" />
                </button>
              )}
            </div>
            <table className="month-grid" role="grid" aria-labelledby={titleId}>
              <thead>
                <tr>
                  {WEEKDAYS.map((weekday) => (
                    <th key={weekday.long} scope="col" abbr={weekday.long}>
                      <span aria-hidden="true">{weekday.short.slice(0, 2)}</span>
                      <span className="visually-hidden">{weekday.long}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthWeeks(month).map((week, row) => (
                  <tr key={row}>
                    {week.map((day, column) => {
                      if (!day) return <td key={column} role="gridcell" />;
                      const date = formatLocalDate(day);
                      const isAvailable = available.has(date);
                      const isSelected = date === selected;
                      return (
                        <td key={column} role="gridcell" aria-selected={isAvailable ? isSelected : undefined}>
                          <button
                            type="button"
                            className="month-grid__day"
                            data-date={date}
                            aria-label={`${longDateLabel(day)}${isAvailable ? '' : ', unavailable'}`}
                            aria-pressed={isAvailable ? isSelected : undefined}
                            disabled={!isAvailable || disabled}
                            tabIndex={date === tabStop ? 0 : -1}
                            onClick={() => {
                              setFocusDate(date);
                              onSelect(date);
                            }}
                            onKeyDown={(event) => onKeyDown(event, date)}
                          >
                            {day.day}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </div>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
