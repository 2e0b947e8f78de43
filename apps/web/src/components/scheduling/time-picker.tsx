import { useId, useRef, useState } from 'react';
import { groupByHour, hourLabel, timeLabel, type Start } from '../../lib/availability';
import { rovingTarget } from './roving-focus';
import './scheduling.css';

/** Columns of the minute grid (scheduling.css): ten rows of six at most, an hour in one-minute steps. */
const MINUTE_COLUMNS = 6;

/**
 * The time half of the date and time picker (spec §2: one-minute steps, only available times). About
 * 600 starts a day are too many for one list, so the customer first picks an hour among the hours that
 * have starts, then a minute of that hour. Each group is one Tab stop, moved through with the arrow keys.
 */
export function TimePicker({
  starts,
  selected,
  onSelect,
  disabled,
}: {
  /** The chosen date's starts, in order. */
  starts: readonly Start[];
  selected: Start | null;
  onSelect: (start: Start) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const hours = groupByHour(starts);
  const [hourIndex, setHourIndex] = useState(() => {
    const index = selected ? hours.findIndex((h) => h.starts.some((s) => s.ms === selected.ms)) : -1;
    return Math.max(0, index);
  });
  const hour = hours[Math.min(hourIndex, hours.length - 1)];
  const [focusHour, setFocusHour] = useState(hourIndex);
  const [focusMinute, setFocusMinute] = useState(() => {
    const index = hour && selected ? hour.starts.findIndex((s) => s.ms === selected.ms) : -1;
    return Math.max(0, index);
  });
  const hourRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const minuteRefs = useRef<(HTMLButtonElement | null)[]>([]);

  if (!hour) return null;
  const minuteFocus = Math.min(focusMinute, hour.starts.length - 1);

  const chooseHour = (index: number) => {
    setHourIndex(index);
    setFocusHour(index);
    const chosen = hours[index];
    const selectedIndex = chosen && selected ? chosen.starts.findIndex((s) => s.ms === selected.ms) : -1;
    setFocusMinute(Math.max(0, selectedIndex));
  };

  return (
    <div className="time-picker">
      <p className="time-picker__label" id={`${id}-hours`}>
        Hour
      </p>
      <div className="time-picker__hours" role="group" aria-labelledby={`${id}-hours`}>
        {hours.map((h, index) => (
          <button
            key={`${h.hour}-${h.starts[0]?.ms ?? index}`}
            ref={(el) => {
              hourRefs.current[index] = el;
            }}
            type="button"
            className="time-picker__option"
            aria-pressed={index === hourIndex}
            tabIndex={index === focusHour ? 0 : -1}
            disabled={disabled}
            onClick={() => chooseHour(index)}
            onKeyDown={(event) => {
              const next = rovingTarget(event, index, hours.length, 1);
              if (next === null) return;
              setFocusHour(next);
              hourRefs.current[next]?.focus();
            }}
          >
            {hourLabel(h.hour)}
          </button>
        ))}
      </div>

      <p className="time-picker__label" id={`${id}-minutes`}>
        Minute <span className="time-picker__label-hint">({hourLabel(hour.hour)} hour)</span>
      </p>
      <div className="time-picker__minutes" role="group" aria-labelledby={`${id}-minutes`}>
        {hour.starts.map((start, index) => (
          <button
            key={start.ms}
            ref={(el) => {
              minuteRefs.current[index] = el;
            }}
            type="button"
            className="time-picker__option time-picker__minute"
            aria-pressed={selected?.ms === start.ms}
            aria-label={timeLabel(start.hour, start.minute)}
            tabIndex={index === minuteFocus ? 0 : -1}
            disabled={disabled}
            onClick={() => {
              setFocusMinute(index);
              onSelect(start);
            }}
            onKeyDown={(event) => {
              const next = rovingTarget(event, index, hour.starts.length, MINUTE_COLUMNS);
              if (next === null) return;
              setFocusMinute(next);
              minuteRefs.current[next]?.focus();
            }}
          >
            :{String(start.minute).padStart(2, '0')}
          </button>
        ))}
      </div>
    </div>
  );
}
