import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR_MESSAGES } from '@stg/domain/api/operator';
import { operatorApi } from '@stg/domain/api/operator.endpoints';
import type { Session } from '@stg/domain/api/session';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { measurableCanvas, plots } from '../../../test/fake-uplot';
import { customerSession, makeCard, signedOut } from '../../../test/fixtures';
import { at, callsTo, mockApi, queryOf, type Handler } from '../../../test/mock-api';
import { LAZY, locationOf, renderApp } from '../../../test/render-app';
import { dashboard, failedRefund, operatorSession } from '../test-fixtures';

// uPlot draws on a canvas, which jsdom lacks: the shared chart draws with a stand-in keeping its options.
vi.mock('uplot', () => import('../../../test/fake-uplot'));
beforeEach(measurableCanvas);

const DASHBOARD = at(operatorApi.dashboard);
const DUE = at(operatorApi.payoutsDue);
const REFUNDS = at(operatorApi.failedRefunds);
const DISPUTES = at(operatorApi.openDisputes);
const page = (extra: Record<string, unknown>, total = 0, pageNo = 1) => ({
  body: { page: pageNo, pageSize: 20, total, ...extra },
});

function start(routes: Record<string, Handler | Handler[]> = {}, session: Session = operatorSession) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: session, headers: { 'X-CSRF-Token': 'token-1' } },
    [at(vendorReadsApi.vendors)]: { body: [makeCard()] },
    [DASHBOARD]: { body: dashboard() },
    [DUE]: page({ payouts: [], totalAmount: 0 }),
    [REFUNDS]: page({ refunds: [] }),
    [DISPUTES]: page({ disputes: [] }),
    ...routes,
  });
  return { ...api, ...renderApp('/operator') };
}

describe('/operator', () => {
  it('shows what needs attention with links, this week’s figures, the chart’s numbers as a table and vendors by status', async () => {
    start();
    expect(
      await screen.findByRole('heading', { name: 'Operator Console', level: 1 }, LAZY),
    ).toBeInTheDocument();
    const queues = await screen.findByRole('region', { name: 'Needs attention' });
    expect(within(queues).getByRole('link', { name: '1 Transfers to Check' })).toHaveAttribute(
      'href',
      '/operator/payouts',
    );
    expect(within(queues).getByRole('link', { name: '2 Paper Checks' })).toHaveAttribute(
      'href',
      '/operator/payouts',
    );
    expect(within(queues).getByRole('link', { name: '1 Listings under review' })).toHaveAttribute(
      'href',
      '/operator/listings',
    );
    expect(within(queues).getByRole('link', { name: '1 Refunds that gave up' })).toHaveAttribute(
      'href',
      '#refunds-failed',
    );

    const figures = screen.getByRole('region', { name: 'Marketplace figures' });
    const gross = within(figures).getByText('Gross bookings', { selector: 'dt' }).parentElement!;
    expect(gross).toHaveTextContent('$337.65Last week: $225.10');
    // The chart's numbers, for screen readers: one row per week, oldest first.
    const table = within(figures).getByRole('table', { name: 'Marketplace figures by week, oldest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[12]).toHaveTextContent('Week of Nov 23, 2026$337.653$7.65$33.00$12.341');
    expect(await within(figures).findByText('Gross bookings by week, last 12 weeks')).toBeInTheDocument();
    const chart = await within(figures).findByRole(
      'img',
      { name: /^Gross bookings by week, last 12 weeks, as a bar chart; the last bar is this week/ },
      LAZY,
    );
    const weekly = plots.find((p) => p.target === chart)!;
    expect(weekly.data[1]).toHaveLength(12);
    expect(weekly.data[1]!.at(-1)).toBe(337.65);

    await userEvent.click(within(figures).getByRole('button', { name: 'By month' }));
    expect(within(figures).getByRole('button', { name: 'By month' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(figures).getByRole('table', { name: 'Marketplace figures by month, oldest first' }),
    ).toHaveTextContent('November 2026');
    await userEvent.selectOptions(within(figures).getByRole('combobox', { name: 'Chart' }), 'orders');
    expect(within(figures).getByText('Orders by month, last 12 months')).toBeInTheDocument();
    expect(
      within(figures).getByRole('img', { name: /^Orders by month, last 12 months/ }),
    ).toBeInTheDocument();
    expect(plots.at(-1)!.data[1]!.at(-1)).toBe(dashboard().months.at(-1)!.orders);

    const vendors = screen.getByRole('region', { name: 'Vendors by listing status' });
    expect(within(vendors).getByText('Active').parentElement).toHaveTextContent('Active15');
    expect(await screen.findByText('No open disputes.')).toBeInTheDocument();
    expect(screen.getByText('No payouts fall due in the next 7 days.')).toBeInTheDocument();
  });

  it('retries a refund that gave up, and says how it went', async () => {
    const refund = failedRefund();
    const { calls } = start({
      [REFUNDS]: [page({ refunds: [refund] }, 1), page({ refunds: [] }, 0)],
      [at(operatorApi.retryRefund, { refundId: 7 })]: {
        body: {
          refund: {
            refundId: 7,
            orderId: 41,
            resolution: 'retried',
            resolvedAt: '2026-11-27T16:00:00.000Z',
            resolvedBy: 1,
            note: null,
            retry: { refundId: 9, status: 'succeeded' },
            changed: true,
          },
        },
      },
    });
    const card = await screen.findByRole('article', { name: '$112.55 to Ana Lopez' }, LAZY);
    expect(card).toHaveTextContent('Still owed$112.55');
    expect(card).toHaveTextContent('gave up after 12 tries');
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('status', { name: '' })).toBeDefined();
    expect(await screen.findByText('The refund for order STG-7K2Q9 went through.')).toBeInTheDocument();
    expect(callsTo(calls, operatorApi.retryRefund, { refundId: 7 })).toHaveLength(1);
    expect(await screen.findByText('No refunds need attention.')).toBeInTheDocument();
  });

  it('marks a refund handled only with a note, and pages the list', async () => {
    const refund = failedRefund({ retryable: false, owed: 0, kind: 'partial' });
    const { calls } = start({
      [REFUNDS]: (call) =>
        queryOf(call).page === '2'
          ? page(
              { refunds: [failedRefund({ id: 8, customer: { name: 'Bo Chen', email: 'b@example.com' } })] },
              21,
              2,
            )
          : page({ refunds: [refund] }, 21, 1),
      [at(operatorApi.markRefundHandled, { refundId: 7 })]: [
        { status: 422, body: { errors: [OPERATOR_MESSAGES.noteTooLong] } },
        {
          body: {
            refund: {
              refundId: 7,
              orderId: 41,
              resolution: 'handled',
              resolvedAt: '2026-11-27T16:00:00.000Z',
              resolvedBy: 1,
              note: 'Vendor paid cash',
              retry: null,
              changed: true,
            },
          },
        },
      ],
    });
    const card = await screen.findByRole('article', { name: '$112.55 to Ana Lopez' }, LAZY);
    expect(within(card).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Nothing (the order got its figures back)');
    await userEvent.click(within(card).getByRole('button', { name: 'Mark handled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Refund Handled' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    expect(within(dialog).getByText(OPERATOR_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(callsTo(calls, operatorApi.markRefundHandled)).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Vendor paid cash');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    expect(await within(dialog).findByText(OPERATOR_MESSAGES.noteTooLong)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('The refund for order STG-7K2Q9 is marked handled.')).toBeInTheDocument();
    expect(callsTo(calls, operatorApi.markRefundHandled, { refundId: 7 }).at(-1)!.body).toEqual({
      note: 'Vendor paid cash',
    });

    const pager = screen.getByRole('navigation', { name: 'Refunds that gave up pages' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: '$112.55 to Bo Chen' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Refunds that gave up pages' })).toHaveTextContent(
      'Page 2 of 2',
    );
  });

  it.each([
    ['signed out', signedOut, '/'],
    ['a customer', customerSession, '/home'],
  ])('sends %s away like the other operator pages', async (_who, session, to) => {
    const { router, calls } = start({}, session);
    await waitFor(() => expect(locationOf(router)).toBe(to), LAZY);
    expect(callsTo(calls, operatorApi.dashboard)).toHaveLength(0);
  });
});
