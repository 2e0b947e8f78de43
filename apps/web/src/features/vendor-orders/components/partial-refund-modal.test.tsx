import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { LAZY } from '../../../test/render-app';
import { callsTo, holdRequests, makeVendorOrder, page, queryOf, showVendorOrders } from '../test-fixtures';
import { PARTIAL_REFUND_TITLE } from './partial-refund-modal';
import { at } from '../../../test/mock-api';

const order = makeVendorOrder({ vendorPayoutAmount: 108 });
const refunded = makeVendorOrder({
  paymentStatus: 'partially_refunded',
  refundAmount: 12.5,
  refundReason: 'Missed a window',
  vendorPayoutAmount: 95.5,
});

async function openRefund(user: ReturnType<typeof showVendorOrders>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Actions for order SRV-1001' }, LAZY));
  await user.click(screen.getByRole('menuitem', { name: 'Partial Refund' }));
  const dialog = await screen.findByRole('dialog', { name: PARTIAL_REFUND_TITLE });
  return within(dialog);
}

describe('partial-refund modal', () => {
  it('asks for an amount in dollars up to the payout, with a "$" before it, and a reason', async () => {
    const { user } = showVendorOrders([order]);
    const dialog = await openRefund(user);
    const amount = dialog.getByLabelText('Refund amount');
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('min', '0');
    expect(amount).toHaveAttribute('max', '108');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveFocus();
    expect(amount).toHaveAccessibleDescription('In dollars, up to $108.00.');
    expect(amount.parentElement).toHaveTextContent('$');
    expect(document.querySelector('.vendor-modal__order')).toHaveTextContent(
      'SRV-1001 · Ann Lee · Dec 1st, 9:00am (Mountain Time)',
    );
  });

  it.each([
    ['', ORDER_MESSAGES.refundAmountInvalid],
    ['0', 'The refund amount must be greater than $0.00.'],
    ['12.345', 'Enter the refund amount with at most two decimal places.'],
    ['1.234', 'Enter the refund amount with at most two decimal places.'],
    ['108.01', ORDER_MESSAGES.refundAmountTooHigh('$108.00')],
  ])('refuses the amount "%s": %s', async (typed, message) => {
    const { user, calls } = showVendorOrders([order]);
    const dialog = await openRefund(user);
    if (typed) await user.type(dialog.getByLabelText('Refund amount'), typed);
    await user.type(dialog.getByLabelText('Reason for the refund'), 'Late arrival');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByLabelText('Refund amount')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('Refund amount')).toHaveAccessibleDescription(
      `In dollars, up to $108.00. ${message}`,
    );
    expect(callsTo(calls, ordersApi.partialRefund, { id: 100 })).toHaveLength(0);
  });

  it('needs a reason', async () => {
    const { user, calls } = showVendorOrders([order]);
    const dialog = await openRefund(user);
    await user.type(dialog.getByLabelText('Refund amount'), '10');
    await user.type(dialog.getByLabelText('Reason for the refund'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText(ORDER_MESSAGES.refundReasonRequired)).toBeInTheDocument();
    expect(callsTo(calls, ordersApi.partialRefund, { id: 100 })).toHaveLength(0);
  });

  it('sends {refundAmount, refundReason}, closes, refreshes the list and says so', async () => {
    const { user, calls } = showVendorOrders([{ body: page([order]) }, { body: page([refunded]) }], {
      [at(ordersApi.partialRefund, { id: 100 })]: { body: { order: refunded } },
    });
    const dialog = await openRefund(user);
    // The whole payout is allowed, to the cent.
    await user.type(dialog.getByLabelText('Refund amount'), '12.50');
    await user.type(dialog.getByLabelText('Reason for the refund'), '  Missed a window  ');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, ordersApi.partialRefund, { id: 100 }).map((c) => c.body)).toEqual([
      { refundAmount: 12.5, refundReason: 'Missed a window' },
    ]);
    expect(screen.getByText(/^Refunded \$12\.50 to the customer for order SRV-1001/)).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(calls, ordersApi.vendorOrders, { id: 7 }).map(queryOf)).toHaveLength(2),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-status="partially_refunded"]')).toBeInTheDocument(),
    );
  });

  it('allows exactly the payout left', async () => {
    const { user, calls } = showVendorOrders([order], {
      [at(ordersApi.partialRefund, { id: 100 })]: { body: { order: refunded } },
    });
    const dialog = await openRefund(user);
    await user.type(dialog.getByLabelText('Refund amount'), '108');
    await user.type(dialog.getByLabelText('Reason for the refund'), 'Goodwill');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(callsTo(calls, ordersApi.partialRefund, { id: 100 })).toHaveLength(1));
    expect(callsTo(calls, ordersApi.partialRefund, { id: 100 })[0]!.body).toEqual({
      refundAmount: 108,
      refundReason: 'Goodwill',
    });
  });

  it('is busy while sending: one request however often it is clicked; a refusal shows in the modal and keeps what was typed', async () => {
    const { user, calls, fetchMock } = showVendorOrders([order], {
      [at(ordersApi.partialRefund, { id: 100 })]: {
        status: 422,
        body: { errors: ['Your card was declined.'] },
      },
    });
    const release = holdRequests(fetchMock, at(ordersApi.partialRefund, { id: 100 }));
    const dialog = await openRefund(user);
    await user.type(dialog.getByLabelText('Refund amount'), '20');
    await user.type(dialog.getByLabelText('Reason for the refund'), 'Late');
    await user.dblClick(dialog.getByRole('button', { name: 'Refund' }));
    const busy = await dialog.findByRole('button', { name: 'Refunding…' });
    expect(busy).toBeDisabled();
    await user.type(dialog.getByLabelText('Reason for the refund'), '{Enter}');
    release();
    expect(await dialog.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(callsTo(calls, ordersApi.partialRefund, { id: 100 })).toHaveLength(1);
    expect(dialog.getByLabelText('Refund amount')).toHaveValue(20);
    expect(dialog.getByLabelText('Reason for the refund')).toHaveValue('Late\n');
    expect(dialog.getByRole('button', { name: 'Refund' })).toBeEnabled();
    expect(screen.getByRole('dialog', { name: PARTIAL_REFUND_TITLE })).toBeInTheDocument();

    // Each attempt carries an Idempotency-Key; an answered refusal makes the next attempt a new one.
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(callsTo(calls, ordersApi.partialRefund, { id: 100 })).toHaveLength(2));
    const keys = callsTo(calls, ordersApi.partialRefund, { id: 100 }).map(
      (c) => c.headers['idempotency-key'],
    );
    expect(keys[0]).toMatch(/^refund-[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^refund-[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
