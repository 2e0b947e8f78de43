/** Words and formats of the Earnings section (issue 25 §2). */
import type { EarningsStatus } from '@stg/domain/api/earnings';
import { formatDollars } from '@stg/domain/money';

export const EARNINGS_TEXT = {
  summary:
    'What your orders earned and where each payout stands. Payouts begin 72 hours after a job is marked complete. Orders count in the week or month of their appointment, in St George time (weeks start on Monday).',
  loading: 'Loading earnings…',
  loadingPayouts: 'Loading payouts…',
  noPayouts: 'No payouts yet. Orders appear here once customers book you.',
  chartTitle: 'Earnings',
  showTable: 'Show as table',
  showChart: 'Show as chart',
  exportTitle: 'Export to CSV',
  exportHint: 'One row per order with an appointment in the range (at most 366 days), for your bookkeeper.',
  exportButton: 'Download CSV',
  stripeTitle: 'Bank payouts',
  stripeHint:
    'Transfers reach your connected account; Stripe then pays your bank. See those bank payouts here.',
  stripeButton: 'Show bank payouts',
  stripeNoAccount: 'Set up payouts to see your bank payouts.',
} as const;

/** Dollars (the API's numbers) as "$1,234.50". */
export const money = (dollars: number) => formatDollars(Math.round(dollars * 100));

/** The badge tone of each payout status (green paid, blue on its way, yellow owed, red held or cancelled). */
export const STATUS_TONES: Record<EarningsStatus, string> = {
  upcoming: 'grey',
  scheduled: 'blue',
  sending: 'blue',
  checking: 'yellow',
  sent: 'green',
  owed: 'yellow',
  held: 'red',
  cancelled: 'red',
};
