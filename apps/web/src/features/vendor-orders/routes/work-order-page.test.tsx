import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { pathOf } from '@stg/domain/api/endpoint';
import { payoutsApi } from '@stg/domain/api/payouts.endpoints';
import { customerSession, vendorSession } from '../../../test/fixtures';
import { at, mockApi } from '../../../test/mock-api';
import { LAZY, locationOf, renderApp } from '../../../test/render-app';
import { callsTo, makeVendorOrder, showVendorOrders } from '../test-fixtures';
import { BACK_TO_ORDERS, DOWNLOAD_PDF, PRINT, WORK_ORDER_TITLE } from './work-order-page';

const order = makeVendorOrder({ optionsSnapshot: { Bedrooms: '3', 'Deep clean': 'Yes' } });
const INSTRUCTIONS = 'Park on the street.\nBring shoe covers.';

function showWorkOrder(
  found: ReturnType<typeof makeVendorOrder> | null,
  session = vendorSession({ appointmentInstructions: INSTRUCTIONS }),
) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: session },
    [at(ordersApi.vendorOrder, { id: 7, orderId: 100 })]: found
      ? { body: { order: found } }
      : { status: 404, body: { errors: [ORDER_MESSAGES.orderNotFound] } },
  });
  return { ...api, ...renderApp('/work-orders/100') };
}

describe('work order page', () => {
  it('shows the customer, address, time in St George, options, notes, instructions and confirmation id', async () => {
    const { calls } = showWorkOrder(order);
    const sheet = await screen.findByRole('article', { name: WORK_ORDER_TITLE }, LAZY);
    const s = within(sheet);
    expect(s.getByRole('heading', { level: 1, name: WORK_ORDER_TITLE })).toBeInTheDocument();
    expect(s.getByText('Confirmation ID').nextElementSibling).toHaveTextContent('SRV-1001');
    expect(s.getByText('Sparkle Cleaning')).toBeInTheDocument();
    const value = (term: string) => s.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Time')).toBe('Dec 1st, 9:00am (Mountain Time, St George)');
    expect(value('Estimated duration')).toBe('2h 30m');
    expect(value('Name')).toBe('Ann Lee');
    expect(value('Phone')).toBe('(435) 555-1234');
    expect(value('Email')).toBe('ann@example.com');
    expect(value('Address')).toBe('1 Main St, Apt 2St George, UT 84770');
    expect(value('Bedrooms')).toBe('3');
    expect(value('Deep clean')).toBe('Yes');
    expect(
      within(s.getByRole('region', { name: 'Customer Notes' })).getByText('Gate code 1234'),
    ).toBeInTheDocument();
    // Its lines kept (white-space: pre-line).
    expect(
      within(s.getByRole('region', { name: 'Appointment Instructions' })).getByText(/Park on the street/)
        .textContent,
    ).toBe(INSTRUCTIONS);
    expect(document.title).toBe('Work Order SRV-1001');
    // Opened directly: the one order is read.
    expect(callsTo(calls, ordersApi.vendorOrder, { id: 7, orderId: 100 })).toHaveLength(1);
  });

  it("says a plan's visit is one, with its frequency (ADR 0037)", async () => {
    showWorkOrder(makeVendorOrder({ plan: { id: 9, frequency: 'monthly' } }));
    const sheet = within(await screen.findByRole('article', { name: WORK_ORDER_TITLE }, LAZY));
    expect(sheet.getByText('Plan', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Monthly');
  });

  it('has no Plan row for a one-time order', async () => {
    showWorkOrder(order);
    const sheet = within(await screen.findByRole('article', { name: WORK_ORDER_TITLE }, LAZY));
    expect(sheet.queryByText('Plan', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('bills a cancelled, refunded order as it was paid: subtotal + service charge = total', async () => {
    showWorkOrder(
      makeVendorOrder({
        fulfillmentStatus: 'cancelled',
        paymentStatus: 'refunded',
        commission: 0,
        serviceFee: 0,
        vendorPayoutAmount: 0,
        refundAmount: 122.55,
      }),
    );
    const sheet = await screen.findByRole('article', { name: WORK_ORDER_TITLE }, LAZY);
    const billing = within(within(sheet).getByRole('region', { name: 'Billing' }));
    const value = (term: string) =>
      billing.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Subtotal')).toBe('$120.00');
    expect(value('Service charge')).toBe('$2.55');
    expect(value('Total')).toBe('$122.55');
    expect(value('Refunded')).toBe('$122.55');
  });

  it('Print opens the print dialog; Download PDF fetches the server PDF', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = showWorkOrder(order);
    await screen.findByRole('article', { name: WORK_ORDER_TITLE }, LAZY);
    await user.click(screen.getByRole('button', { name: PRINT }));
    expect(print).toHaveBeenCalledTimes(1);
    const pdf = screen.getByRole('link', { name: DOWNLOAD_PDF });
    expect(pdf).toHaveAttribute('href', pathOf(payoutsApi.workOrderPdf, { id: 100 }));
    expect(pdf).toHaveAttribute('download', 'work-order-SRV-1001.pdf');
    expect(screen.getByRole('link', { name: `← ${BACK_TO_ORDERS}` })).toHaveAttribute(
      'href',
      '/dashboard/orders',
    );
  });

  it('downloads the PDF the order names (its workOrderUrl)', async () => {
    showWorkOrder(makeVendorOrder({ workOrderUrl: `${pathOf(payoutsApi.workOrderPdf, { id: 100 })}?v=2` }));
    await screen.findByRole('article', { name: WORK_ORDER_TITLE }, LAZY);
    expect(screen.getByRole('link', { name: DOWNLOAD_PDF })).toHaveAttribute(
      'href',
      `${pathOf(payoutsApi.workOrderPdf, { id: 100 })}?v=2`,
    );
  });

  it('an order that is not the vendor\'s is "Order not found"', async () => {
    showWorkOrder(null);
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(ORDER_MESSAGES.orderNotFound);
    expect(screen.queryByRole('button', { name: PRINT })).not.toBeInTheDocument();
  });

  it('opens at once from Order History, and its back link returns to the filter it came from', async () => {
    const { user, router, calls } = showVendorOrders([order], {}, '/dashboard/orders?filter=active');
    await user.click(await screen.findByRole('button', { name: 'Details for order SRV-1001' }, LAZY));
    await user.click(screen.getByRole('link', { name: 'View Work Order for order SRV-1001' }));
    await waitFor(() => expect(locationOf(router)).toBe('/work-orders/100'));
    expect(await screen.findByRole('article', { name: WORK_ORDER_TITLE }, LAZY)).toBeInTheDocument();
    expect(callsTo(calls, ordersApi.vendorOrders, { id: 7 })).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: `← ${BACK_TO_ORDERS}` }));
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/orders?filter=active'));
  });

  it('is for vendors only: a customer goes to /home', async () => {
    mockApi({ [at(sessionApi.current)]: { body: customerSession } });
    const { router } = renderApp('/work-orders/100');
    await waitFor(() => expect(locationOf(router)).toBe('/home'));
  });
});
