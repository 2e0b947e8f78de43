import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { pathOf } from '@stg/domain/api/endpoint';
import { customerSession, noPlans } from '../../../test/fixtures';
import { at, mockApi } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';
import { MOUNTAIN_TIME_NOTE, NO_ORDERS, ORDERS_NEWEST_FIRST } from '../order-text';
import { callsTo, hoursFromNow, makeCustomerOrder, showOrders } from '../test-fixtures';

const badge = (scope: HTMLElement, status: string) =>
  scope.querySelector(`.badge[data-status="${status}"]`) as HTMLElement;

describe('customer orders', () => {
  it('lists the orders as the server sorts them, newest placed first, each with its placed date and appointment', async () => {
    const { calls } = showOrders([
      makeCustomerOrder({
        id: 2,
        confirmationId: 'NEW',
        vendor: { ...makeCustomerOrder().vendor, name: 'Bug Busters', category: 'pest_control' },
        // Placed last, but the earliest appointment: the list still puts it first.
        createdAt: '2026-11-20T18:00:00.000Z',
        appointmentAt: '2026-11-24T21:30:00.000Z',
        fulfillmentStatus: 'rescheduled',
        paymentStatus: 'partially_refunded',
        totalCollected: 80,
      }),
      makeCustomerOrder({ id: 1, confirmationId: 'OLD', createdAt: '2026-10-02T18:00:00.000Z' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Your orders' }, LAZY);
    expect(callsTo(calls, ordersApi.customerOrders)).toHaveLength(1);
    expect(screen.getByText(`${ORDERS_NEWEST_FIRST} ${MOUNTAIN_TIME_NOTE}`)).toBeInTheDocument();
    expect(list).toHaveAccessibleDescription(`${ORDERS_NEWEST_FIRST} ${MOUNTAIN_TIME_NOTE}`);

    const rows = within(list).getAllByRole('button', { expanded: false });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Bug Busters');
    expect(rows[0]).toHaveTextContent('Pest Control');
    expect(rows[0]).toHaveTextContent('Placed Nov 20th, 2026');
    // 21:30 UTC is 2:30pm in Denver (MST), whatever the machine's zone.
    expect(rows[0]).toHaveTextContent('Appointment Nov 24th, 2:30pm');
    expect(rows[0]).toHaveTextContent('$80.00');
    expect(rows[1]).toHaveTextContent('Sparkle Cleaning');
    expect(rows[1]).toHaveTextContent('Placed Oct 2nd, 2026');
    expect(rows[1]).toHaveTextContent('Appointment Dec 1st, 9:00am');

    expect(badge(rows[0]!, 'rescheduled')).toHaveClass('badge--yellow');
    expect(badge(rows[0]!, 'partially_refunded')).toHaveClass('badge--yellow');
    expect(badge(rows[1]!, 'unfulfilled')).toHaveClass('badge--blue');
    expect(badge(rows[1]!, 'collected')).toHaveClass('badge--blue');
    expect(badge(rows[1]!, 'unfulfilled')).toHaveTextContent('Fulfillment: Unfulfilled');
    expect(badge(rows[1]!, 'collected')).toHaveTextContent('Payment: Collected');
  });

  it('expands a row to show the whole order', async () => {
    const { user } = showOrders([
      makeCustomerOrder({
        fulfillmentStatus: 'cancelled',
        paymentStatus: 'refunded',
        // The ledger keeps nothing of the service charge once it is refunded; the bill still shows it.
        serviceFee: 0,
        refundAmount: 122.55,
        refundReason: 'Order cancelled',
        cancelReason: 'Plans changed',
        previousAppointmentAt: '2026-11-30T17:15:00.000Z',
        canCancel: false,
        canReschedule: false,
        changeBlockedReason: ORDER_MESSAGES.alreadyCancelled,
      }),
    ]);
    const toggle = await screen.findByRole('button', { name: /^Sparkle Cleaning/ }, LAZY);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(details).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(details).toBeVisible();
    const text = within(details);
    const value = (term: string) => text.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Provider')).toBe('Sparkle Cleaning');
    expect(value('Service')).toBe('House Cleaning');
    expect(value('Confirmation')).toBe('SRV-1001');
    expect(value('Placed')).toBe('Nov 1st, 2026');
    expect(value('Bedrooms')).toBe('3');
    expect(value('Bathrooms')).toBe('2');
    expect(value('Your notes')).toBe('Gate code 1234');
    expect(value('Appointment')).toBe('Dec 1st, 9:00am (Mountain Time)');
    expect(value('Rescheduled from')).toBe('Nov 30th, 10:15am');
    expect(value('Estimated duration')).toBe('2h 30m');
    expect(value('Address')).toBe('1 Main St, Apt 2St George, UT 84770');
    expect(value('Instructions from Sparkle Cleaning')).toBe('Please leave the side gate unlocked.');
    expect(value('Provider phone')).toBe('(435) 555-0000');
    expect(value('Subtotal')).toBe('$120.00');
    expect(value('Service charge')).toBe('$2.55');
    expect(value('Total')).toBe('$122.55');
    expect(value('Refunded')).toBe('$122.55 (Order cancelled)');
    expect(value('Payment method')).toBe('Visa ending in 4242');
    expect(value('Cancellation reason')).toBe('Plans changed');
    expect(badge(details, 'cancelled')).toHaveClass('badge--red');
    expect(badge(details, 'refunded')).toHaveClass('badge--red');
    expect(within(details).getByRole('heading', { name: 'Billing' })).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(details).not.toBeVisible();
  });

  it('leaves out refunds and instructions an order does not have', async () => {
    const { user } = showOrders([
      makeCustomerOrder({ vendor: { ...makeCustomerOrder().vendor, appointmentInstructions: null } }),
    ]);
    await user.click(await screen.findByRole('button', { name: /^Sparkle Cleaning/ }, LAZY));
    expect(screen.queryByText('Refunded')).not.toBeInTheDocument();
    expect(screen.queryByText('Cancellation reason')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Instructions from/)).not.toBeInTheDocument();
  });

  it('blocks Reschedule and Cancel Order inside the policy window, saying why', async () => {
    const reason = ORDER_MESSAGES.insideWindow(24);
    const { user } = showOrders([
      makeCustomerOrder({
        appointmentAt: hoursFromNow(10),
        canCancel: false,
        canReschedule: false,
        changeBlockedReason: reason,
      }),
    ]);
    const reschedule = await screen.findByRole('button', { name: /^Reschedule/ }, LAZY);
    const cancel = screen.getByRole('button', { name: /^Cancel Order/ });
    expect(reschedule).toHaveAccessibleName('Reschedule Sparkle Cleaning order SRV-1001');
    for (const button of [reschedule, cancel]) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(reason);
    }
    // The reason is on the page for everyone, not only in a tooltip.
    expect(screen.getByText(reason)).toBeVisible();
    expect(reason).toBe(
      'Orders can be changed or cancelled online only up to 24 hours before the appointment. Please contact the vendor.',
    );

    await user.click(reschedule);
    await user.click(cancel);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says why only the action that is blocked is blocked', async () => {
    showOrders([
      makeCustomerOrder({
        appointmentAt: hoursFromNow(72),
        paymentStatus: 'pending',
        canCancel: false,
        changeBlockedReason: ORDER_MESSAGES.notCancellable,
      }),
    ]);
    const reschedule = await screen.findByRole('button', { name: /^Reschedule/ }, LAZY);
    expect(reschedule).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: /^Cancel Order/ })).toHaveAccessibleDescription(
      ORDER_MESSAGES.notCancellable,
    );
  });

  it('shows a loading state, then the empty state with a way to the services', async () => {
    // GET /api/orders answers only when the test says so.
    let answer: (value: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const { fetchMock } = mockApi({
      [at(sessionApi.current)]: { body: customerSession },
      [at(plansApi.customerPlans)]: { body: noPlans },
    });
    const mocked = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).startsWith(pathOf(ordersApi.customerOrders)) ? pending : mocked(input, init),
    );
    renderApp('/orders');
    expect(await screen.findByText('Loading your orders…', {}, LAZY)).toBeInTheDocument();

    answer(new Response(JSON.stringify({ orders: [] }), { headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByText(NO_ORDERS)).toBeInTheDocument();
    expect(NO_ORDERS).toBe('You have no orders yet');
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute(
      'href',
      '/services?category=all',
    );
    expect(screen.queryByRole('list', { name: 'Your orders' })).not.toBeInTheDocument();
  });

  it('shows the error and tries again when the list cannot be read', async () => {
    const { user, calls } = showOrders([], {
      [at(ordersApi.customerOrders)]: [
        { status: 500, body: {} },
        { body: { orders: [makeCustomerOrder()] } },
      ],
    });
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent('An unexpected error occurred');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your orders' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, ordersApi.customerOrders).length).toBeGreaterThanOrEqual(2));
  });
});
