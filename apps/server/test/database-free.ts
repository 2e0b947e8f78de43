/**
 * Server test files that never open a database (no PGlite, no PostgreSQL, no server process): the PostgreSQL
 * run (`npm run test:pg`, DATABASE_URL set) leaves them out, as they would only run the same again; `npm test`
 * runs them. database-free.test.ts checks that none of them reaches a database client through its
 * imports, so a file that starts using one must leave this list (ADR 0030 part 5).
 */
export const DATABASE_FREE = [
  'src/adapters/calendars/google.test.ts',
  'src/adapters/calendars/ics.test.ts',
  'src/adapters/calendars/jobber.test.ts',
  'src/adapters/net/public-address.test.ts',
  'src/adapters/payments/stripe-provider.test.ts',
  'src/cli/clock-target.test.ts',
  'src/clock.test.ts',
  'src/config.test.ts',
  'src/db/lock.test.ts',
  'src/db/one-row.test.ts',
  'src/http/error-answers.test.ts',
  'src/modules/auth/password.test.ts',
  'src/modules/calendar-sync/setup.test.ts',
  'src/modules/images/image-inspect.test.ts',
  'src/modules/payouts/earnings-csv.test.ts',
  'src/seed/demo-images.test.ts',
  'src/seed/demo-pricing.test.ts',
  'test/database-free.test.ts',
  'test/date-formats.test.ts',
];
