import { MonthCalendar } from './month-calendar';
import { TimePicker } from './time-picker';
import type { RescheduleChoice } from './use-reschedule-choice';
import './scheduling.css';

/**
 * The date and time picker of the reschedule modals: one month beside the times where the modal is wide
 * enough, below it on a phone (scheduling.css). A new day keeps the chosen time only if it is that day's.
 */
export function ReschedulePicker({ choice, disabled }: { choice: RescheduleChoice; disabled: boolean }) {
  const { picked, pick, dates, date, starts, chosen } = choice;
  return (
    <div className="reschedule-picker">
      <MonthCalendar
        dates={dates}
        selected={date}
        onSelect={(next) => pick({ date: next, ms: next === picked.date ? picked.ms : null })}
        monthsShown={1}
        disabled={disabled}
      />
      <div className="reschedule-picker__times">
        {starts.length > 0 && (
          <TimePicker
            key={date}
            starts={starts}
            selected={chosen}
            onSelect={(start) => pick({ date: start.date, ms: start.ms })}
            disabled={disabled}
          />
        )}
      </div>
    </div>
  );
}
