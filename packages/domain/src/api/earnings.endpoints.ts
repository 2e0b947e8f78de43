/**
 * A vendor's earnings (issue 25 §2): the totals and series, a page of payouts, the CSV export and
 * Stripe's own bank payouts view. The vendor's users only (403 for another vendor's). One object each
 * (ADR 0031); their schemas are in ./earnings.
 */
import { endpoint, pathOf, queryString } from './endpoint';

const schemas = () => Promise.all([import('./earnings'), import('./errors')]);
const tags = ['earnings'];

export const earningsApi = {
  summary: endpoint({
    method: 'GET',
    path: '/api/vendors/:id/earnings',
    tags,
    summary:
      "The vendor's totals for this week, this month and this year (St George time, weeks from Monday; orders count by their appointment's date): gross, subtotal, service charge, service fee, commission, refunds and payout, the payout by status; the last 12 weeks and the year's months. Owner only",
    schemas: () => schemas().then(([m]) => ({ responses: { 200: m.earningsSummarySchema } })),
  }),
  payouts: endpoint({
    method: 'GET',
    path: '/api/vendors/:id/earnings/payouts',
    tags,
    summary:
      "A page of the vendor's orders with their money and payout (status, due or sent date, transfer id), latest appointment first; optional from/to (YYYY-MM-DD, St George dates, both included). Pass nextCursor back as cursor for the next page. Owner only",
    schemas: () =>
      schemas().then(([m, e]) => ({
        query: m.earningsPayoutsQuerySchema,
        responses: { 200: m.earningsPayoutsPageSchema, 422: e.errorsResponseSchema },
      })),
  }),
  /** CSV, not JSON: the web links to it (earningsCsvUrl) rather than calling it. */
  csv: endpoint({
    method: 'GET',
    path: '/api/vendors/:id/earnings.csv',
    tags,
    summary:
      'The orders with appointments from/to (YYYY-MM-DD, St George dates, both included, at most 366 days) as CSV, one row per order: dates, customer, service, subtotal, service charge, commission, refunds, payout, payout status, transfer id. UTF-8 with a byte order mark, RFC 4180 quoting. Owner only',
    schemas: () =>
      schemas().then(([m, e]) => ({
        query: m.earningsRangeQuerySchema,
        responses: { 422: e.errorsResponseSchema },
      })),
  }),
  stripePayouts: endpoint({
    method: 'POST',
    path: '/api/vendors/:id/earnings/stripe-payouts',
    tags,
    summary:
      "Stripe mode with payouts active: an account session for Connect's embedded payouts component (the connected account's own bank payouts and balance). The sandbox answers no session. Owner only",
    schemas: () =>
      schemas().then(([m, e]) => ({
        responses: { 200: m.stripePayoutsSessionSchema, 502: e.errorsResponseSchema },
      })),
  }),
};

/** The address of a vendor's CSV export for a date range. */
export function earningsCsvUrl(vendorId: number, range: { from: string; to: string }): string {
  return `${pathOf(earningsApi.csv, { id: vendorId })}${queryString(range)}`;
}
