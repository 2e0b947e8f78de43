import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { LAZY } from '../../../test/render-app';
import { callsTo, makeCustomerOrder, showOrders } from '../test-fixtures';
import { CANCEL_TITLE } from './customer-order-cancellation-modal';
import { at } from '../../../test/mock-api';

const order = makeCustomerOrder();

async function openCancel(user: ReturnType<typeof showOrders>['user']) {
  await user.click(await screen.findByRole('button', { name: /^Cancel Order/ }, LAZY));
  return within(await screen.findByRole('dialog', { name: CANCEL_TITLE }));
}

describe('customer-order-cancellation-confirmation modal', () => {
  it('says the whole amount goes back to the card and needs a reason', async () => {
    const { user, calls } = showOrders([order]);
    const dialog = await openCancel(user);
    expect(
      dialog.getByText('The whole amount ($122.55) will be refunded to your Visa ending in 4242.'),
    ).toBeInTheDocument();
    const reason = dialog.getByRole('textbox', { name: 'Reason for cancelling' });
    expect(reason).toHaveFocus();
    expect(reason).toBeRequired();

    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    expect(await dialog.findByText(ORDER_MESSAGES.cancelReasonRequired)).toBeInTheDocument();
    expect(ORDER_MESSAGES.cancelReasonRequired).toBe('Please give a reason for cancelling.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(ORDER_MESSAGES.cancelReasonRequired);
    // Blank is not a reason either.
    await user.type(reason, '   ');
    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    expect(dialog.getByText(ORDER_MESSAGES.cancelReasonRequired)).toBeInTheDocument();
    expect(callsTo(calls, ordersApi.cancel, { id: 100 })).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Keep Order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(calls, ordersApi.cancel, { id: 100 })).toHaveLength(0);
  });

  it('names what is left to refund after a partial refund', async () => {
    const { user } = showOrders([
      makeCustomerOrder({ paymentStatus: 'partially_refunded', refundAmount: 22.55 }),
    ]);
    const dialog = await openCancel(user);
    expect(
      dialog.getByText('The whole remaining amount ($100.00) will be refunded to your Visa ending in 4242.'),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal inside the policy window and stays open", async () => {
    const refusal = ORDER_MESSAGES.insideWindow(24);
    const { user, calls } = showOrders([order], {
      [at(ordersApi.cancel, { id: 100 })]: { status: 422, body: { errors: [refusal] } },
    });
    const dialog = await openCancel(user);
    await user.type(dialog.getByRole('textbox', { name: 'Reason for cancelling' }), 'Plans changed');
    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Orders can be changed or cancelled online only up to 24 hours before the appointment. Please contact the vendor.',
    );
    expect(callsTo(calls, ordersApi.cancel, { id: 100 }).map((c) => c.body)).toEqual([
      { cancelReason: 'Plans changed' },
    ]);
    expect(screen.getByRole('dialog', { name: CANCEL_TITLE })).toBeInTheDocument();
  });

  it('cancels with the reason, closes, announces the refund and refreshes the list', async () => {
    const cancelled = makeCustomerOrder({
      fulfillmentStatus: 'cancelled',
      paymentStatus: 'refunded',
      refundAmount: 122.55,
      cancelReason: 'Plans changed',
      canCancel: false,
      canReschedule: false,
      changeBlockedReason: ORDER_MESSAGES.alreadyCancelled,
    });
    const { user, calls } = showOrders([[order], [cancelled]], {
      [at(ordersApi.cancel, { id: 100 })]: { body: { order: cancelled } },
    });
    const dialog = await openCancel(user);
    await user.type(dialog.getByRole('textbox', { name: 'Reason for cancelling' }), '  Plans changed ');
    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, ordersApi.cancel, { id: 100 }).map((c) => c.body)).toEqual([
      { cancelReason: 'Plans changed' },
    ]);
    expect(
      await screen.findByText(
        'Your order with Sparkle Cleaning was cancelled. $122.55 will be refunded to your card.',
      ),
    ).toHaveAttribute('role', 'status');
    await waitFor(() => expect(callsTo(calls, ordersApi.customerOrders)).toHaveLength(2));
    await waitFor(() => expect(callsTo(calls, sessionApi.current).length).toBeGreaterThanOrEqual(2));

    const row = screen.getByRole('button', { name: /^Sparkle Cleaning/ });
    expect(row.querySelector('.badge[data-status="cancelled"]')).toHaveTextContent('Cancelled');
    expect(row.querySelector('.badge[data-status="refunded"]')).toHaveClass('badge--red');
    const cancel = screen.getByRole('button', { name: /^Cancel Order/ });
    expect(cancel).toHaveAttribute('aria-disabled', 'true');
    expect(cancel).toHaveAccessibleDescription(ORDER_MESSAGES.alreadyCancelled);
    // Focus stays on the (now blocked) button rather than falling back to the page.
    expect(cancel).toHaveFocus();
  });
});
