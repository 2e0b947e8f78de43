import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { LAZY } from '../../../test/render-app';
import { callsTo, holdRequests, makeVendorOrder, page, showVendorOrders } from '../test-fixtures';
import { COMPLETION_CONFIRM, COMPLETION_TITLE } from './order-completion-modal';
import { at } from '../../../test/mock-api';

const order = makeVendorOrder({
  appointmentAt: '2025-11-03T16:00:00.000Z',
  allowedActions: ['complete', 'reschedule', 'partial_refund', 'cancel'],
});
const done = makeVendorOrder({
  ...order,
  fulfillmentStatus: 'fulfilled',
  allowedActions: ['partial_refund'],
});
const COMPLETE = at(ordersApi.markFulfilled, { id: 100 });

async function openCompletion(user: ReturnType<typeof showVendorOrders>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Actions for order SRV-1001' }, LAZY));
  await user.click(screen.getByRole('menuitem', { name: 'Complete' }));
  return within(await screen.findByRole('dialog', { name: COMPLETION_TITLE }));
}

describe('order-completion modal', () => {
  it('says the payout is sent 72 hours after, and needs the confirm checkbox', async () => {
    const { user, calls } = showVendorOrders([order]);
    const dialog = await openCompletion(user);
    expect(dialog.getByText(/72 hours/)).toHaveTextContent(
      'Your payout of $108.00 is sent to your STRIPE TEST BANK account ending in 6789 72 hours after you mark this order complete.',
    );
    await user.click(dialog.getByRole('button', { name: 'Complete Order' }));
    expect(await dialog.findByText(ORDER_MESSAGES.confirmRequired)).toBeInTheDocument();
    expect(callsTo(calls, ordersApi.markFulfilled, { id: 100 })).toHaveLength(0);
  });

  it('a vendor paid by Paper Check is told so', async () => {
    const { user } = showVendorOrders([makeVendorOrder({ ...order, payoutDestination: null })]);
    const dialog = await openCompletion(user);
    expect(dialog.getByText(/72 hours/)).toHaveTextContent('is sent by Paper Check 72 hours after');
  });

  it('sends {order: {confirmed, optionalNote}, vendorId}, closes, refreshes the list and says so', async () => {
    const { user, calls } = showVendorOrders([{ body: page([order]) }, { body: page([done]) }], {
      [COMPLETE]: { body: { order: done } },
    });
    const dialog = await openCompletion(user);
    await user.type(dialog.getByLabelText('Note (optional)'), ' Left the invoice on the counter. ');
    await user.click(dialog.getByRole('checkbox', { name: COMPLETION_CONFIRM }));
    await user.click(dialog.getByRole('button', { name: 'Complete Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, ordersApi.markFulfilled, { id: 100 }).map((c) => c.body)).toEqual([
      { order: { confirmed: true, optionalNote: 'Left the invoice on the counter.' }, vendorId: 7 },
    ]);
    expect(
      screen.getByText('Order SRV-1001 is complete. Your payout of $108.00 is sent 72 hours from now.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-status="fulfilled"]')).toBeInTheDocument());
  });

  it('an empty note is sent as none', async () => {
    const { user, calls } = showVendorOrders([order], { [COMPLETE]: { body: { order: done } } });
    const dialog = await openCompletion(user);
    await user.click(dialog.getByRole('checkbox', { name: COMPLETION_CONFIRM }));
    await user.click(dialog.getByRole('button', { name: 'Complete Order' }));
    await waitFor(() => expect(callsTo(calls, ordersApi.markFulfilled, { id: 100 })).toHaveLength(1));
    expect(callsTo(calls, ordersApi.markFulfilled, { id: 100 })[0]!.body).toEqual({
      order: { confirmed: true, optionalNote: null },
      vendorId: 7,
    });
  });

  it('shows a refusal in the modal, keeps the input, and sends once while busy', async () => {
    const { user, calls, fetchMock } = showVendorOrders([order], {
      [COMPLETE]: { status: 422, body: { errors: [ORDER_MESSAGES.completeInFuture] } },
    });
    const release = holdRequests(fetchMock, COMPLETE);
    const dialog = await openCompletion(user);
    await user.type(dialog.getByLabelText('Note (optional)'), 'All done');
    await user.click(dialog.getByRole('checkbox', { name: COMPLETION_CONFIRM }));
    await user.dblClick(dialog.getByRole('button', { name: 'Complete Order' }));
    expect(await dialog.findByRole('button', { name: 'Completing…' })).toBeDisabled();
    release();
    expect(await dialog.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.completeInFuture);
    expect(callsTo(calls, ordersApi.markFulfilled, { id: 100 })).toHaveLength(1);
    expect(dialog.getByLabelText('Note (optional)')).toHaveValue('All done');
    expect(dialog.getByRole('checkbox', { name: COMPLETION_CONFIRM })).toBeChecked();
  });
});
