import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARNINGS_MESSAGES,
  earningsPayoutSchema,
  earningsPayoutsPageSchema,
  earningsSummarySchema,
  EARNINGS_STATUSES,
  type EarningsPayout,
  type EarningsSummary,
} from '@stg/domain/api/earnings';
import { earningsApi } from '@stg/domain/api/earnings.endpoints';
import { pathOf } from '@stg/domain/api/endpoint';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { measurableCanvas, plots } from '../../../test/fake-uplot';
import { vendorSession } from '../../../test/fixtures';
import { at, callsTo, mockApi, queryOf, type Handler } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';
import { EARNINGS_TEXT } from '../earnings-text';

// uPlot draws on a canvas, which jsdom lacks: the shared chart draws with a stand-in keeping its options.
vi.mock('uplot', () => import('../../../test/fake-uplot'));
beforeEach(measurableCanvas);
/** The marks of a chart's dollar axis, as drawn. */
function yAxisOf(plot: (typeof plots)[number]) {
  const axis = plot.opts.axes![1]!;
  const values = axis.values as (u: unknown, splits: number[]) => string[];
  return values(plot, (axis.splits as () => number[])());
}

const zeroStatuses = Object.fromEntries(EARNINGS_STATUSES.map((s) => [s, 0]));
const totals = (payout: number, orders = 1) => ({
  orders,
  gross: payout + 20,
  subtotal: payout + 17.45,
  serviceCharge: 2.55,
  serviceFee: 2.55,
  commission: 12.45,
  refunds: 5,
  payout,
  byStatus: { ...zeroStatuses, sent: payout - 10, scheduled: 10 },
});

function makeSummary(provider: 'sandbox' | 'stripe' = 'sandbox'): EarningsSummary {
  const weeks = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(2026, 8, 7 + i * 7));
    return { start: d.toISOString().slice(0, 10), ...totals(i === 11 ? 180 : i * 10, i === 11 ? 2 : 1) };
  });
  const months = Array.from({ length: 12 }, (_, i) => ({
    start: `2026-${String(i + 1).padStart(2, '0')}-01`,
    ...totals(i === 10 ? 1234.5 : 0, i === 10 ? 9 : 0),
  }));
  return earningsSummarySchema.parse({
    timeZone: 'America/Denver',
    periods: {
      week: { from: '2026-11-23', to: '2026-11-30', ...totals(180, 2) },
      month: { from: '2026-11-01', to: '2026-12-01', ...totals(1234.5, 9) },
      year: { from: '2026-01-01', to: '2027-01-01', ...totals(4321.09, 40) },
    },
    weekly: weeks,
    monthly: months,
    provider,
  });
}

function makePayout(patch: Partial<EarningsPayout> = {}): EarningsPayout {
  return earningsPayoutSchema.parse({
    orderId: 100,
    confirmationId: 'SRV-1001',
    appointmentAt: '2026-11-24T09:00:00-07:00',
    fulfilledAt: '2026-11-24T12:00:00-07:00',
    customer: 'Ann Lee',
    service: 'House Cleaning',
    subtotal: 120,
    serviceCharge: 2.55,
    commission: 12,
    refunds: 10,
    payout: 98,
    status: 'sent',
    dueAt: null,
    sentAt: '2026-11-27T12:00:00-07:00',
    method: 'transfer',
    transferId: 'tr_123',
    ...patch,
  });
}

const SUMMARY = at(earningsApi.summary, { id: 7 });
const PAYOUTS = at(earningsApi.payouts, { id: 7 });

function showEarnings(routes: Record<string, Handler | Handler[]> = {}) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: vendorSession() },
    [SUMMARY]: { body: makeSummary() },
    [PAYOUTS]: { body: earningsPayoutsPageSchema.parse({ payouts: [makePayout()], nextCursor: null }) },
    ...routes,
  });
  return { ...api, ...renderApp('/dashboard/earnings') };
}

describe('Earnings', () => {
  it('shows the totals for this week, month and year with the payout by status', async () => {
    showEarnings();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Earnings and Payouts' }, LAZY),
    ).toBeInTheDocument();
    const week = await screen.findByRole('region', { name: 'This week' }, LAZY);
    expect(within(week).getByText('$180.00')).toBeInTheDocument();
    expect(within(week).getByText('payout from 2 orders')).toBeInTheDocument();
    const year = screen.getByRole('region', { name: 'This year' });
    expect(within(year).getByText('$4,321.09')).toBeInTheDocument();
    const term = (region: HTMLElement, name: string) =>
      within(region).getAllByText(name, { selector: 'dt' })[0]!.nextElementSibling?.textContent;
    expect(term(year, 'Refunds')).toBe('$5.00');
    expect(term(year, 'Commission')).toBe('$12.45');
    expect(term(year, 'Sent')).toBe('$4,311.09');
    expect(term(year, 'Scheduled')).toBe('$10.00');
    expect(within(year).queryByText('Held (dispute)')).toBeNull();
  });

  it('has the chart’s numbers as a table for screen readers, by week and by month', async () => {
    const { user } = showEarnings();
    const table = await screen.findByRole('table', { name: 'Payouts by week, the last 12 weeks' }, LAZY);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(within(rows[12]!).getByRole('rowheader')).toHaveTextContent('Week of Nov 23, 2026');
    expect(rows[12]).toHaveTextContent('$180.00');
    expect(table.closest('.visually-hidden')).not.toBeNull();
    const chart = await screen.findByRole(
      'img',
      {
        name: 'Payouts by week, the last 12 weeks, as a bar chart. The numbers are in the table that follows.',
      },
      LAZY,
    );
    const weekly = plots.find((p) => p.target === chart)!;
    expect(weekly.data[1]).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 180]);
    expect(yAxisOf(weekly)).toEqual(['$0', '$100', '$200']);

    await user.click(screen.getByRole('button', { name: 'By month' }));
    expect(screen.getByRole('button', { name: 'By month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: /^Payouts by month, 2026, as a bar chart/ })).toBeInTheDocument();
    expect(plots.at(-1)!.data[1]![10]).toBe(1234.5);
    expect(yAxisOf(plots.at(-1)!)).toEqual(['$0', '$1,000', '$2,000']);
    expect(weekly.destroyed).toBe(true);
    const months = screen.getByRole('table', { name: 'Payouts by month, 2026' });
    expect(within(months).getByRole('rowheader', { name: 'November 2026' }).parentElement).toHaveTextContent(
      '$1,234.50',
    );

    await user.click(screen.getByRole('button', { name: EARNINGS_TEXT.showTable }));
    expect(
      screen.getByRole('table', { name: 'Payouts by month, 2026' }).closest('.visually-hidden'),
    ).toBeNull();
    expect(screen.getByRole('button', { name: EARNINGS_TEXT.showChart })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /as a bar chart/ })).toBeNull();
  });

  it('lists every payout with its refunds, commission, status and transfer, a page at a time', async () => {
    const { calls, user } = showEarnings({
      [PAYOUTS]: [
        {
          body: earningsPayoutsPageSchema.parse({
            payouts: [
              makePayout(),
              makePayout({
                orderId: 101,
                confirmationId: 'SRV-1002',
                status: 'scheduled',
                sentAt: null,
                dueAt: '2026-12-04T12:00:00-07:00',
                transferId: null,
                method: null,
                refunds: 0,
              }),
            ],
            nextCursor: 'next',
          }),
        },
        {
          body: earningsPayoutsPageSchema.parse({
            payouts: [
              makePayout({
                orderId: 102,
                confirmationId: 'SRV-1003',
                status: 'held',
                sentAt: null,
                transferId: null,
              }),
            ],
            nextCursor: null,
          }),
        },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Payouts' }, LAZY);
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Order SRV-1001');
    expect(cards[0]).toHaveTextContent('Payout: Sent');
    expect(cards[0]).toHaveTextContent('Sent Nov 27th, 2026');
    expect(cards[0]).toHaveTextContent('tr_123');
    const field = (card: HTMLElement, name: string) =>
      within(card).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(field(cards[0]!, 'Refunds')).toBe('$10.00');
    expect(field(cards[0]!, 'Commission')).toBe('$12.00');
    expect(cards[1]).toHaveTextContent('Due Dec 4th, 2026');
    expect(screen.getByText('Showing the latest 2 payouts.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Held (dispute)');
    expect(callsTo(calls, earningsApi.payouts, { id: 7 }).map(queryOf)).toEqual([
      { limit: '25' },
      { limit: '25', cursor: 'next' },
    ]);
  });

  it('says so when there are no payouts yet', async () => {
    showEarnings({ [PAYOUTS]: { body: { payouts: [], nextCursor: null } } });
    expect(await screen.findByText(EARNINGS_TEXT.noPayouts, {}, LAZY)).toBeInTheDocument();
  });

  it('shows a loader while the totals load, and the server’s errors with Try again', async () => {
    showEarnings({
      [SUMMARY]: [
        { status: 500, body: { errors: ['An unexpected error occurred'] } },
        { body: makeSummary() },
      ],
    });
    expect(await screen.findByText('An unexpected error occurred', {}, LAZY)).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByRole('region', { name: 'This week' }, LAZY)).toBeInTheDocument();
  });

  it('exports CSV for a date range, refusing a reversed one with the server’s message', async () => {
    showEarnings();
    const form = (await screen.findByRole('button', { name: 'Download CSV' }, LAZY)).closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', pathOf(earningsApi.csv, { id: 7 }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect((from as HTMLInputElement).value).toMatch(/^\d{4}-01-01$/);
    fireEvent.change(from, { target: { value: '2026-11-30' } });
    fireEvent.change(to, { target: { value: '2026-11-01' } });
    expect(fireEvent.submit(form)).toBe(false);
    expect(await screen.findByRole('alert')).toHaveTextContent(EARNINGS_MESSAGES.rangeReversed);
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(EARNINGS_MESSAGES.rangeReversed);
    // The refusal goes as soon as a date is changed, not at the next download.
    fireEvent.change(to, { target: { value: '2026-12-31' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(to).not.toHaveAttribute('aria-invalid');
    // A good range is left to the browser, which downloads the attachment.
    expect(fireEvent.submit(form)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('offers Stripe’s own bank payouts view in Stripe mode only', async () => {
    const spy = vi.fn();
    showEarnings({
      [SUMMARY]: { body: makeSummary('stripe') },
      [at(earningsApi.stripePayouts, { id: 7 })]: () => {
        spy();
        return { body: { provider: 'stripe', clientSecret: null, publishableKey: null } };
      },
    });
    const button = await screen.findByRole('button', { name: EARNINGS_TEXT.stripeButton }, LAZY);
    fireEvent.click(button);
    expect(await screen.findByText(EARNINGS_TEXT.stripeNoAccount)).toBeInTheDocument();
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('has no Stripe section in the sandbox', async () => {
    showEarnings();
    await screen.findByRole('region', { name: 'This week' }, LAZY);
    expect(screen.queryByRole('button', { name: EARNINGS_TEXT.stripeButton })).toBeNull();
  });
});
