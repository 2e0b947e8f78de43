/** What every calendar adapter answers: the busy times of a vendor's calendar in a window. */

export interface CalendarWindow {
  from: Date;
  to: Date;
}

/** One busy time; `externalId` is unique within the calendar for the same occurrence. */
export interface BusyEntry {
  externalId: string;
  start: Date;
  end: Date;
}

/**
 * A calendar that could not be read. `invalid`: the address or authorization is wrong or was revoked
 * (the vendor must act); `transient`: the provider is unreachable or failing for now (try again later).
 */
export class CalendarReadError extends Error {
  constructor(
    message: string,
    readonly kind: 'invalid' | 'transient',
  ) {
    super(message);
    this.name = 'CalendarReadError';
  }
}
