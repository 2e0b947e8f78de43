import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { LAZY, locationOf } from '../../../test/render-app';
import { EMPTY_MESSAGES, SORT_NOTES } from '../order-filter';
import { callsTo, makeVendorOrder, page, queryOf, showVendorOrders, showWideScreen } from '../test-fixtures';
import { BLOCKED_REASONS, MOUNTAIN_TIME_NOTE, PAPER_CHECK } from '../vendor-order-text';

const HOUR = 3_600_000;
const inHours = (hours: number) =>
  new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000).toISOString();

const upcoming = makeVendorOrder();
const past = makeVendorOrder({
  id: 101,
  confirmationId: 'SRV-0999',
  appointmentAt: '2026-10-06T15:30:00.000Z',
  fulfillmentStatus: 'fulfilled',
  paymentStatus: 'partially_refunded',
  refundAmount: 10,
  refundReason: 'Missed a window',
  vendorPayoutAmount: 98,
  payoutDestination: null,
  fulfilledAt: '2026-10-06T18:00:00.000Z',
  payoutDueAt: '2026-10-09T18:00:00.000Z',
  customer: { ...makeVendorOrder().customer, firstName: 'Ben', lastName: 'Cole', phoneNumber: '8015550199' },
  allowedActions: ['partial_refund'],
});

const ordersList = () => screen.findByRole('list', { name: 'Orders' }, LAZY);
const listCalls = (calls: Parameters<typeof callsTo>[0]) =>
  callsTo(calls, ordersApi.vendorOrders, { id: 7 }).map(queryOf);

describe('Order History: list and filters', () => {
  it('shows every order by default, each as a card with the columns of spec §2 and the status colours', async () => {
    const { calls } = showVendorOrders([upcoming, past]);
    const list = await ordersList();
    expect(listCalls(calls)).toEqual([{ filter: 'all', limit: '50' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Order History' })).toBeInTheDocument();
    expect(screen.getByText(`${SORT_NOTES.all} ${MOUNTAIN_TIME_NOTE}`)).toBeInTheDocument();

    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const field = (card: HTMLElement, term: string) =>
      within(card.querySelector<HTMLElement>('.vendor-order-card__fields')!).getByText(term, {
        selector: 'dt',
      }).nextElementSibling?.textContent;
    expect(within(cards[0]!).getByRole('heading', { level: 2 })).toHaveTextContent('Order SRV-1001');
    expect(field(cards[0]!, 'Name')).toBe('Ann Lee');
    // 16:00 UTC is 9:00am in St George (MST), whatever the machine's zone (spec §9 "MMM do, h:mmaaa").
    expect(field(cards[0]!, 'Appointment')).toBe('Dec 1st, 9:00am');
    expect(field(cards[0]!, 'Fulfillment Status')).toBe('Fulfillment: Unfulfilled');
    expect(field(cards[0]!, 'Payment Status')).toBe('Payment: Collected');
    expect(field(cards[0]!, 'Price')).toBe('$120.00');
    expect(cards[0]!.querySelector('[data-status="unfulfilled"]')).toHaveClass('badge--blue');
    expect(cards[0]!.querySelector('[data-status="collected"]')).toHaveClass('badge--blue');
    expect(cards[1]!.querySelector('[data-status="fulfilled"]')).toHaveClass('badge--green');
    expect(cards[1]!.querySelector('[data-status="partially_refunded"]')).toHaveClass('badge--yellow');
    expect(field(cards[1]!, 'Appointment')).toBe('Oct 6th, 9:30am');
  });

  it('is a table at 1280 px: Order, Name, Appointment, Fulfillment Status, Payment Status, Price', async () => {
    showWideScreen();
    showVendorOrders([
      upcoming,
      makeVendorOrder({
        id: 102,
        confirmationId: 'SRV-1002',
        fulfillmentStatus: 'cancelled',
        paymentStatus: 'refunded',
        allowedActions: [],
      }),
      makeVendorOrder({
        id: 103,
        confirmationId: 'SRV-1003',
        fulfillmentStatus: 'rescheduled',
        paymentStatus: 'processed',
        allowedActions: [],
      }),
    ]);
    const table = await screen.findByRole('table', {}, LAZY);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Name', 'Appointment', 'Fulfillment Status', 'Payment Status', 'Price', 'Actions']);
    const rows = within(table)
      .getAllByRole('row')
      .filter((r) => within(r).queryAllByRole('cell').length > 1);
    expect(rows).toHaveLength(3);
    const cells = within(rows[0]!).getAllByRole('cell');
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('SRV-1001');
    expect(cells.slice(0, 5).map((c) => c.textContent)).toEqual([
      'Ann Lee',
      'Dec 1st, 9:00am',
      'Fulfillment: Unfulfilled',
      'Payment: Collected',
      '$120.00',
    ]);
    expect(rows[1]!.querySelector('[data-status="cancelled"]')).toHaveClass('badge--red');
    expect(rows[1]!.querySelector('[data-status="refunded"]')).toHaveClass('badge--red');
    expect(rows[2]!.querySelector('[data-status="rescheduled"]')).toHaveClass('badge--yellow');
    expect(rows[2]!.querySelector('[data-status="processed"]')).toHaveClass('badge--green');
    expect(table).toHaveAccessibleDescription(`${SORT_NOTES.all} ${MOUNTAIN_TIME_NOTE}`);
  });

  it('keeps the filter in the URL: Active Orders, Past Orders, Remove Filter', async () => {
    const { user, router, calls } = showVendorOrders((call) => ({
      body: page(
        queryOf(call).filter === 'past'
          ? [past]
          : queryOf(call).filter === 'active'
            ? [upcoming]
            : [upcoming, past],
      ),
    }));
    await ordersList();
    const filters = screen.getByRole('group', { name: 'Filter orders' });
    const active = within(filters).getByRole('button', { name: 'Active Orders' });
    const pastButton = within(filters).getByRole('button', { name: 'Past Orders' });
    const remove = within(filters).getByRole('button', { name: 'Remove Filter' });
    expect(active).toHaveAttribute('aria-pressed', 'false');
    expect(remove).toBeDisabled();

    await user.click(active);
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/orders?filter=active'));
    expect(active).toHaveAttribute('aria-pressed', 'true');
    expect(remove).toBeEnabled();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByText(`${SORT_NOTES.active} ${MOUNTAIN_TIME_NOTE}`)).toBeInTheDocument();

    await user.click(pastButton);
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/orders?filter=past'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Order SRV-0999' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Order SRV-1001' })).not.toBeInTheDocument();

    await user.click(remove);
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/orders'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(listCalls(calls).map((q) => q.filter)).toEqual(['all', 'active', 'past']);
  });

  it('opens on the filter of the URL; ?filter=all or an unknown one reads as no filter', async () => {
    const first = showVendorOrders([past], {}, '/dashboard/orders?filter=past');
    await ordersList();
    expect(listCalls(first.calls)).toEqual([{ filter: 'past', limit: '50' }]);
    expect(screen.getByRole('button', { name: 'Past Orders' })).toHaveAttribute('aria-pressed', 'true');
    first.unmount();

    const second = showVendorOrders([upcoming], {}, '/dashboard/orders?filter=bogus&x=1');
    await ordersList();
    await waitFor(() => expect(locationOf(second.router)).toBe('/dashboard/orders?x=1'));
    expect(listCalls(second.calls).map((q) => q.filter)).toEqual(['all']);
  });

  it.each([
    ['', EMPTY_MESSAGES.all, 'No orders'],
    ['?filter=active', EMPTY_MESSAGES.active, 'No active orders'],
    ['?filter=past', EMPTY_MESSAGES.past, 'No past orders'],
  ])('says so when %s has no orders: %s', async (search, message, expected) => {
    expect(message).toBe(expected);
    showVendorOrders([], {}, `/dashboard/orders${search}`);
    expect(await screen.findByText(expected, {}, LAZY)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('list', { name: 'Orders' })).not.toBeInTheDocument();
  });

  it('pages with nextCursor: Load more adds the next page until there is none', async () => {
    const firstPage = Array.from({ length: 3 }, (_, i) =>
      makeVendorOrder({ id: 200 + i, confirmationId: `SRV-20${i}` }),
    );
    const { user, calls } = showVendorOrders([
      { body: page(firstPage, 'cursor-2') },
      { body: page([makeVendorOrder({ id: 300, confirmationId: 'SRV-300' })]) },
    ]);
    const list = await ordersList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Showing the first 3 orders.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(listCalls(calls)).toEqual([
      { filter: 'all', limit: '50' },
      { filter: 'all', limit: '50', cursor: 'cursor-2' },
    ]);
    expect(screen.getByText('Showing all 4 orders.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows a loading state, then a failure with Try again', async () => {
    const { user } = showVendorOrders([
      { status: 500, body: { errors: ['boom'] } },
      { body: page([upcoming]) },
    ]);
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent('An unexpected error occurred');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await ordersList()).toBeInTheDocument();
  });
});

describe('Order History: expanded order', () => {
  it('shows Summary, Customer, Location, Service Details and Billing, and View Work Order', async () => {
    const { user } = showVendorOrders([upcoming]);
    const list = await ordersList();
    const toggle = within(list).getByRole('button', { name: 'Details for order SRV-1001' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(details).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(details).toBeVisible();
    const d = within(details);
    expect(d.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Summary',
      'Customer',
      'Location',
      'Service Details',
      'Billing',
    ]);
    const section = (name: string) => within(d.getByRole('region', { name }));
    const value = (name: string, term: string) =>
      section(name).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

    expect(value('Summary', 'Confirmation')).toBe('SRV-1001');
    expect(value('Summary', 'Appointment')).toBe('Dec 1st, 9:00am (Mountain Time)');
    expect(value('Customer', 'Name')).toBe('Ann Lee');
    expect(value('Customer', 'Phone')).toBe('(435) 555-1234');
    expect(section('Customer').getByRole('link', { name: '(435) 555-1234' })).toHaveAttribute(
      'href',
      'tel:4355551234',
    );
    expect(value('Customer', 'Email')).toBe('ann@example.com');
    expect(value('Location', 'Service address')).toBe('1 Main St, Apt 2St George, UT 84770');
    expect(value('Service Details', 'Bedrooms')).toBe('3');
    expect(value('Service Details', 'Bathrooms')).toBe('2');
    expect(value('Service Details', 'Duration')).toBe('2h 30m');
    expect(value('Service Details', 'Customer notes')).toBe('Gate code 1234');
    expect(value('Billing', 'Subtotal')).toBe('$120.00');
    expect(value('Billing', 'Service charge')).toBe('$2.55');
    expect(value('Billing', 'Total collected')).toBe('$122.55');
    // Spec §9: commission shown is commission + service fee (12.00 + 2.55).
    expect(value('Billing', 'Commission')).toBe('$14.55 (commission + service fee)');
    expect(value('Billing', 'Refunds')).toBe('$0.00');
    expect(value('Billing', 'Payout')).toBe('$108.00 · Sent 72 hours after you mark the order complete');
    expect(value('Billing', 'Payout destination')).toBe('STRIPE TEST BANK account ending in 6789');
    expect(d.getByRole('link', { name: 'View Work Order for order SRV-1001' })).toHaveAttribute(
      'href',
      '/work-orders/100',
    );
  });

  it('a cancelled, refunded order still shows the service charge paid: its bill adds up', async () => {
    const { user } = showVendorOrders([
      makeVendorOrder({
        fulfillmentStatus: 'cancelled',
        paymentStatus: 'refunded',
        // The ledger after a cancel: nothing kept, everything refunded.
        commission: 0,
        serviceFee: 0,
        vendorPayoutAmount: 0,
        refundAmount: 122.55,
        refundReason: 'Vendor is sick',
        allowedActions: [],
      }),
    ]);
    const list = await ordersList();
    await user.click(within(list).getByRole('button', { name: 'Details for order SRV-1001' }));
    const billing = within(screen.getByRole('region', { name: 'Billing' }));
    const value = (term: string) =>
      billing.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Subtotal')).toBe('$120.00');
    expect(value('Service charge')).toBe('$2.55');
    expect(value('Total collected')).toBe('$122.55');
    expect(value('Commission')).toBe('$0.00 (commission + service fee)');
    expect(value('Refunds')).toBe('$122.55 (Vendor is sick)');
  });

  it('a payout with no bank goes by Paper Check; refunds show with their reason', async () => {
    showWideScreen();
    const { user } = showVendorOrders([past]);
    const table = await screen.findByRole('table', {}, LAZY);
    const toggle = within(table).getByRole('button', { name: 'SRV-0999 details' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = within(document.getElementById(toggle.getAttribute('aria-controls')!)!);
    const billing = within(details.getByRole('region', { name: 'Billing' }));
    const value = (term: string) =>
      billing.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Payout destination')).toBe(PAPER_CHECK);
    expect(value('Refunds')).toBe('$10.00 (Missed a window)');
    // 18:00 UTC is noon in St George (MDT).
    expect(value('Payout')).toBe('$98.00 · Due Oct 9th, 12:00pm, 72 hours after completion');
    expect(
      within(details.getByRole('region', { name: 'Customer' })).getByText('(801) 555-0199'),
    ).toBeInTheDocument();
  });
});

describe('Order History: actions menu', () => {
  const menuOf = async (user: ReturnType<typeof showVendorOrders>['user'], confirmation: string) => {
    await user.click(await screen.findByRole('button', { name: `Actions for order ${confirmation}` }, LAZY));
    return screen.getByRole('menu');
  };
  const state = (menu: HTMLElement) =>
    within(menu)
      .getAllByRole('menuitem')
      .map((item) => [
        item.textContent,
        item.getAttribute('aria-disabled') === 'true' ? 'blocked' : 'enabled',
      ]);

  it('enables exactly what allowedActions lists; Complete is not listed while the appointment is in the future (spec §4)', async () => {
    const { user } = showVendorOrders([makeVendorOrder({ appointmentAt: inHours(48) })]);
    const menu = await menuOf(user, 'SRV-1001');
    expect(state(menu)).toEqual([
      ['Reschedule', 'enabled'],
      ['Partial Refund', 'enabled'],
      ['Cancel Order', 'enabled'],
    ]);
    expect(within(menu).queryByRole('menuitem', { name: 'Complete' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'a cancelled order',
      makeVendorOrder({ fulfillmentStatus: 'cancelled', paymentStatus: 'refunded', allowedActions: [] }),
    ],
    [
      'a cancelled order still collected',
      makeVendorOrder({ fulfillmentStatus: 'cancelled', appointmentAt: inHours(-3), allowedActions: [] }),
    ],
    [
      'a paid-out order',
      makeVendorOrder({
        fulfillmentStatus: 'fulfilled',
        paymentStatus: 'processed',
        appointmentAt: inHours(-30),
        allowedActions: [],
      }),
    ],
  ])('%s shows no actions at all (spec §4), not a menu of greyed-out ones', async (_, order) => {
    showVendorOrders([order]);
    expect(await screen.findByText(/^No actions/, {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for order/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  });

  it.each([
    [
      'a completed order',
      makeVendorOrder({
        fulfillmentStatus: 'fulfilled',
        appointmentAt: inHours(-3),
        allowedActions: ['partial_refund'],
      }),
      [BLOCKED_REASONS.completed, null, BLOCKED_REASONS.completed, BLOCKED_REASONS.alreadyComplete],
    ],
    [
      'a disputed order',
      makeVendorOrder({
        fulfillmentStatus: 'disputed',
        paymentStatus: 'pending',
        appointmentAt: inHours(-3),
        allowedActions: ['partial_refund'],
      }),
      [BLOCKED_REASONS.disputed, null, BLOCKED_REASONS.disputed, BLOCKED_REASONS.disputed],
    ],
    [
      'a past appointment not yet completed',
      makeVendorOrder({
        appointmentAt: inHours(-3),
        allowedActions: ['complete', 'reschedule', 'partial_refund', 'cancel'],
      }),
      [null, null, null, null],
    ],
    [
      'an action the server refuses without the matrix saying why',
      makeVendorOrder({ appointmentAt: inHours(-3), allowedActions: ['partial_refund'] }),
      [
        ORDER_MESSAGES.actionNotAllowed,
        null,
        ORDER_MESSAGES.actionNotAllowed,
        ORDER_MESSAGES.actionNotAllowed,
      ],
    ],
  ])('%s: the blocked actions the spec keeps stay visible and say why', async (_, order, reasons) => {
    const { user } = showVendorOrders([order]);
    const menu = await menuOf(user, 'SRV-1001');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Reschedule',
      'Partial Refund',
      'Cancel Order',
      'Complete',
    ]);
    for (const [index, item] of items.entries()) {
      const reason = reasons[index];
      if (reason) {
        // Focusable (not disabled), so the keyboard reaches it; the reason is its description.
        expect(item).toHaveAttribute('aria-disabled', 'true');
        expect(item).not.toBeDisabled();
        expect(item).toHaveAccessibleDescription(reason);
        // Keyboard focus shows the tip; a blocked action does nothing.
        act(() => item.focus());
        expect(screen.getByRole('tooltip')).toHaveTextContent(reason);
        await user.click(item);
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
        expect(screen.getByRole('menu')).toBeInTheDocument();
        await user.unhover(item);
      } else {
        expect(item).not.toHaveAttribute('aria-disabled');
      }
    }
  });

  it('works from the keyboard: arrows move, Escape closes and returns to the button, Enter chooses', async () => {
    // A past appointment whose Complete the server refuses: listed, blocked, with the reason.
    const { user } = showVendorOrders([
      makeVendorOrder({
        appointmentAt: inHours(-3),
        allowedActions: ['reschedule', 'partial_refund', 'cancel'],
      }),
    ]);
    const button = await screen.findByRole('button', { name: 'Actions for order SRV-1001' }, LAZY);
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Reschedule' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    // Wraps to Complete, blocked: its tooltip shows while it has focus.
    expect(within(menu).getByRole('menuitem', { name: 'Complete' })).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent(ORDER_MESSAGES.actionNotAllowed);
    await user.keyboard('{Home}');
    expect(within(menu).getByRole('menuitem', { name: 'Reschedule' })).toHaveFocus();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.keyboard('{End}{ArrowDown}{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Partial Refund' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Partial Refund' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('a click elsewhere closes the menu', async () => {
    const { user } = showVendorOrders([upcoming]);
    await menuOf(user, 'SRV-1001');
    await user.click(screen.getByRole('heading', { level: 1, name: 'Order History' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
