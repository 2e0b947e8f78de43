/**
 * What other modules change of the connected calendars (a module's repo is its own, ADR 0026): the
 * scheduling service locks and updates a calendar's row when a vendor edits its settings.
 */
export { lockCalendar, updateCalendar } from './repo';
