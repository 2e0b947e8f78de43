/**
 * A settable clock (issue 24, issue 25 §4): the wall clock moved by an offset set through
 * PUT /api/dev/clock (`npm run clock`), so a journey that needs a weekday (appointments are Monday to
 * Friday, spec §2) runs the same any day and at any hour, and a tester sees a payout 72 h after a job in
 * minutes. app-from-config.ts makes one only with SETTABLE_CLOCK (on by default in development, on request
 * for the Playwright server, refused in production); elsewhere the server runs on the wall clock. Time
 * keeps flowing after a set: only the offset is stored.
 */
export class SettableClock {
  private offsetMs = 0;

  constructor(private readonly wall: () => number = Date.now) {}

  /** The time the server goes by: the wall clock plus the offset. */
  readonly now = (): Date => new Date(this.wall() + this.offsetMs);

  /** From now on the clock reads `at` (and runs on from it); null goes back to the wall clock. */
  set(at: Date | null) {
    this.offsetMs = at === null ? 0 : at.getTime() - this.wall();
  }

  /** How far the clock is from the wall clock, ms (0 when not moved). */
  get offset() {
    return this.offsetMs;
  }
}
