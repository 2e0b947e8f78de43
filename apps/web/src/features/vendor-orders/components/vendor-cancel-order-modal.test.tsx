import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { LAZY } from '../../../test/render-app';
import { callsTo, holdRequests, makeVendorOrder, page, showVendorOrders } from '../test-fixtures';
import { VENDOR_CANCEL_CONFIRM, VENDOR_CANCEL_TITLE } from './vendor-cancel-order-modal';
import { at } from '../../../test/mock-api';

const order = makeVendorOrder({ paymentStatus: 'partially_refunded', refundAmount: 10 });
const cancelled = makeVendorOrder({
  fulfillmentStatus: 'cancelled',
  paymentStatus: 'refunded',
  refundAmount: 122.55,
  cancelReason: 'Van broke down',
  allowedActions: [],
});
const CANCEL = at(ordersApi.cancel, { id: 100 });

async function openCancel(user: ReturnType<typeof showVendorOrders>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Actions for order SRV-1001' }, LAZY));
  await user.click(screen.getByRole('menuitem', { name: 'Cancel Order' }));
  return within(await screen.findByRole('dialog', { name: VENDOR_CANCEL_TITLE }));
}

describe('order-cancellation-confirmation modal (vendor)', () => {
  it('says the customer is refunded in full, and needs a reason and the confirm checkbox', async () => {
    const { user, calls } = showVendorOrders([order]);
    const dialog = await openCancel(user);
    // What is left of the total: 122.55 − 10.00 already refunded.
    expect(dialog.getByText(/refunded in full/)).toHaveTextContent(
      'The customer is refunded in full: $112.55 back to the card they paid with.',
    );
    expect(dialog.getByLabelText('Reason for cancelling')).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    expect(await dialog.findByText(ORDER_MESSAGES.cancelReasonRequired)).toBeInTheDocument();
    expect(dialog.getByText(ORDER_MESSAGES.confirmRequired)).toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: VENDOR_CANCEL_CONFIRM })).toHaveAccessibleDescription(
      ORDER_MESSAGES.confirmRequired,
    );

    await user.type(dialog.getByLabelText('Reason for cancelling'), 'Van broke down');
    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    await waitFor(() =>
      expect(dialog.queryByText(ORDER_MESSAGES.cancelReasonRequired)).not.toBeInTheDocument(),
    );
    expect(dialog.getByText(ORDER_MESSAGES.confirmRequired)).toBeInTheDocument();
    expect(callsTo(calls, ordersApi.cancel, { id: 100 })).toHaveLength(0);
  });

  it('sends {cancelReason, confirmed: true}, closes, refreshes the list and says so', async () => {
    const { user, calls } = showVendorOrders([{ body: page([order]) }, { body: page([cancelled]) }], {
      [CANCEL]: { body: { order: cancelled } },
    });
    const dialog = await openCancel(user);
    await user.type(dialog.getByLabelText('Reason for cancelling'), 'Van broke down');
    await user.click(dialog.getByRole('checkbox', { name: VENDOR_CANCEL_CONFIRM }));
    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, ordersApi.cancel, { id: 100 }).map((c) => c.body)).toEqual([
      { cancelReason: 'Van broke down', confirmed: true },
    ]);
    expect(
      screen.getByText('Order SRV-1001 was cancelled. The customer is refunded $112.55 in full.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, ordersApi.vendorOrders, { id: 7 })).toHaveLength(2));
    await waitFor(() => expect(document.querySelector('[data-status="cancelled"]')).toBeInTheDocument());
    // The outcome can be dismissed.
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/was cancelled/)).not.toBeInTheDocument();
  });

  it("shows the provider's refusal in the modal, keeps the input, and sends once while busy", async () => {
    const { user, calls, fetchMock } = showVendorOrders([order], {
      [CANCEL]: { status: 422, body: { errors: ['The refund was declined by the card issuer.'] } },
    });
    const release = holdRequests(fetchMock, CANCEL);
    const dialog = await openCancel(user);
    await user.type(dialog.getByLabelText('Reason for cancelling'), 'Sick');
    await user.click(dialog.getByRole('checkbox', { name: VENDOR_CANCEL_CONFIRM }));
    await user.dblClick(dialog.getByRole('button', { name: 'Cancel Order' }));
    expect(await dialog.findByRole('button', { name: 'Cancelling…' })).toBeDisabled();
    release();
    expect(await dialog.findByRole('alert')).toHaveTextContent('The refund was declined by the card issuer.');
    expect(callsTo(calls, ordersApi.cancel, { id: 100 })).toHaveLength(1);
    expect(dialog.getByLabelText('Reason for cancelling')).toHaveValue('Sick');
    expect(dialog.getByRole('checkbox', { name: VENDOR_CANCEL_CONFIRM })).toBeChecked();
  });
});
