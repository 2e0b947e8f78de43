/** The console's answers as the shared contract has them (the page parses them strictly). */
import {
  failedRefundSchema,
  operatorDashboardResponseSchema,
  type FailedRefund,
  type OperatorDashboard,
  type PeriodFigures,
} from '@stg/domain/api/operator';
export { operatorSession } from '../../test/fixtures';

const period = (start: string, n: number): PeriodFigures => ({
  start,
  orders: n,
  grossBookings: n * 112.55,
  serviceCharges: n * 2.55,
  commission: n * 11,
  refunds: n === 3 ? 12.34 : 0,
  vendorPayouts: n * 99 - (n === 3 ? 12.34 : 0),
  cancellations: n === 3 ? 1 : 0,
  newVendors: n % 2,
  newCustomers: n,
});

export function dashboard(patch: Partial<OperatorDashboard> = {}): OperatorDashboard {
  const weeks = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(2026, 8, 7 + 7 * i));
    return period(d.toISOString().slice(0, 10), i === 11 ? 3 : i % 4);
  });
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(2025, 11 + i, 1));
    return period(d.toISOString().slice(0, 10), i === 11 ? 3 : i % 5);
  });
  return operatorDashboardResponseSchema.parse({
    asOf: '2026-11-27T16:00:00.000Z',
    timeZone: 'America/Denver',
    weeks,
    months,
    allTime: {
      orders: 40,
      grossBookings: 4502,
      serviceCharges: 102,
      commission: 440,
      refunds: 112.34,
      vendorPayouts: 3847.66,
      cancellations: 2,
      newVendors: 6,
      newCustomers: 40,
    },
    vendorsByStatus: [
      { status: 'awaiting_submission', count: 2 },
      { status: 'under_review', count: 1 },
      { status: 'active', count: 15 },
      { status: 'inactive', count: 0 },
    ],
    counts: {
      refundsFailed: 1,
      disputesOpen: 0,
      payoutsDue: 0,
      paperChecks: 2,
      transfersToCheck: 1,
      listingsUnderReview: 1,
    },
    ...patch,
  });
}

export function failedRefund(patch: Partial<FailedRefund> = {}): FailedRefund {
  return failedRefundSchema.parse({
    id: 7,
    order: { id: 41, confirmationId: 'STG-7K2Q9' },
    vendor: { id: 31, name: 'Red Rock Windows' },
    customer: { name: 'Ana Lopez', email: 'ana@example.com' },
    kind: 'cancel',
    amount: 112.55,
    reason: 'Vendor is sick',
    failedAt: '2026-11-25T17:05:00.000Z',
    lastError: 'gave up after 12 tries',
    owed: 112.55,
    retryable: true,
    ...patch,
  });
}
