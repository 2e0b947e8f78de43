import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { at } from '../../../test/mock-api';
import { LAZY } from '../../../test/render-app';
import {
  callsTo,
  cancelAnswerOf,
  makeVendorOrder,
  makeVendorPlan,
  page,
  showVendorOrders,
  showWideScreen,
} from '../test-fixtures';
import { VENDOR_CANCEL_PLAN_CONFIRM, VENDOR_CANCEL_PLAN_TITLE } from './vendor-cancel-plan-modal';

const planOrder = makeVendorOrder({ plan: { id: 9, frequency: 'every_2_weeks' } });
const oneTime = makeVendorOrder({ id: 101, confirmationId: 'SRV-1002' });

const PLAN = at(plansApi.vendorPlan, { id: 7, planId: 9 });
const CANCEL = at(plansApi.cancel, { id: 9 });

afterEach(() => vi.unstubAllGlobals());

describe("a plan's visit in Order History (ADR 0037)", () => {
  it('is marked "Plan: Every 2 weeks" in the table; the plan is read only when the order is opened', async () => {
    showWideScreen();
    const { user, calls } = showVendorOrders([planOrder, oneTime], {
      [PLAN]: { body: { plan: makeVendorPlan() } },
    });
    const table = await screen.findByRole('table', {}, LAZY);
    const row = within(table).getByRole('rowheader', { name: /SRV-1001/ });
    expect(row).toHaveTextContent('Plan: Every 2 weeks');
    expect(within(table).getByRole('rowheader', { name: /SRV-1002/ })).not.toHaveTextContent('Plan');
    expect(callsTo(calls, plansApi.vendorPlan, { id: 7, planId: 9 })).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'SRV-1001 details' }));
    const section = await screen.findByRole('region', { name: 'Service Plan' });
    await within(section).findByText('$112.50 a visit, save 10% + $2.55 service charge');
    expect(callsTo(calls, plansApi.vendorPlan, { id: 7, planId: 9 })).toHaveLength(1);
    expect(within(section).getByText('Active')).toBeInTheDocument();
    const visits = within(within(section).getByRole('list', { name: 'Next visits' })).getAllByRole(
      'listitem',
    );
    expect(visits.map((v) => v.querySelector('.vendor-plan__visit-status')?.textContent)).toEqual([
      'Skipped by the customer',
      'Held',
      'Held',
    ]);
  });

  it('Cancel Plan needs a reason and the confirm box, sends {reason, confirmed: true}, and says so', async () => {
    const cancelled = makeVendorPlan({
      status: 'cancelled',
      cancelledAt: '2026-11-27T18:00:00.000Z',
      cancelledBy: 'vendor',
      cancelReason: 'Moving out of town',
    });
    const { user, calls } = showVendorOrders([{ body: page([planOrder]) }, { body: page([planOrder]) }], {
      [PLAN]: [{ body: { plan: makeVendorPlan() } }, { body: { plan: cancelled } }],
      // The answer is the plan as its customer sees it (POST /api/plans/{id}/cancel answers every caller so).
      [CANCEL]: { body: cancelAnswerOf(cancelled) },
    });
    await user.click(await screen.findByRole('button', { name: 'Details for order SRV-1001' }, LAZY));
    expect(screen.getByText('Plan: Every 2 weeks')).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Service Plan' });
    await user.click(await within(section).findByRole('button', { name: /^Cancel Plan/ }));

    const dialog = within(await screen.findByRole('dialog', { name: VENDOR_CANCEL_PLAN_TITLE }));
    expect(dialog.getByText(/will not be charged/)).toHaveTextContent(
      'Its 2 held visits will not happen and will not be charged; their times are freed.',
    );
    expect(dialog.getByLabelText('Reason for cancelling')).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Cancel Plan' }));
    expect(await dialog.findByText(ORDER_MESSAGES.cancelReasonRequired)).toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: VENDOR_CANCEL_PLAN_CONFIRM })).toHaveAccessibleDescription(
      ORDER_MESSAGES.confirmRequired,
    );
    expect(callsTo(calls, plansApi.cancel, { id: 9 })).toHaveLength(0);

    await user.type(dialog.getByLabelText('Reason for cancelling'), 'Moving out of town');
    await user.click(dialog.getByRole('checkbox', { name: VENDOR_CANCEL_PLAN_CONFIRM }));
    await user.click(dialog.getByRole('button', { name: 'Cancel Plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, plansApi.cancel, { id: 9 }).map((c) => c.body)).toEqual([
      { reason: 'Moving out of town', confirmed: true },
    ]);
    expect(
      screen.getByText('The Every 2 weeks plan of Ann Lee was cancelled: 2 held visits released.'),
    ).toBeInTheDocument();
    // The plan and the orders are read again: the plan now says who cancelled it and why.
    expect(await within(section).findByText('Moving out of town')).toBeInTheDocument();
    expect(within(section).getByText(/^Cancelled by you on/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /^Cancel Plan/ })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, ordersApi.vendorOrders, { id: 7 })).toHaveLength(2));
  });

  it("shows the server's refusal in the dialog", async () => {
    const { user } = showVendorOrders([planOrder], {
      [PLAN]: { body: { plan: makeVendorPlan() } },
      [CANCEL]: { status: 422, body: { errors: ['This plan is cancelled.'] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Details for order SRV-1001' }, LAZY));
    const section = await screen.findByRole('region', { name: 'Service Plan' });
    await user.click(await within(section).findByRole('button', { name: /^Cancel Plan/ }));
    const dialog = within(await screen.findByRole('dialog', { name: VENDOR_CANCEL_PLAN_TITLE }));
    await user.type(dialog.getByLabelText('Reason for cancelling'), 'Too far');
    await user.click(dialog.getByRole('checkbox', { name: VENDOR_CANCEL_PLAN_CONFIRM }));
    await user.click(dialog.getByRole('button', { name: 'Cancel Plan' }));
    expect(await dialog.findByText('This plan is cancelled.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Reason for cancelling')).toHaveValue('Too far');
  });
});
