import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../lib/api-types';
import { customerSession, makeOrder } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';

function showOrders(orders: Order[]) {
  mockApi({ 'GET /api/session': { body: { ...customerSession, orders } } });
  return renderApp('/orders');
}

describe('customer orders', () => {
  it('lists orders newest first with the Denver appointment time, statuses and total', async () => {
    showOrders([
      makeOrder({ id: 1, confirmationId: 'OLD', createdAt: '2025-01-01T00:00:00Z' }),
      makeOrder({
        id: 2,
        confirmationId: 'NEW',
        vendor: { ...makeOrder().vendor, name: 'Bug Busters' },
        appointmentAt: '2025-07-01T21:30:00Z',
        fulfillmentStatus: 'rescheduled',
        paymentStatus: 'partially_refunded',
        totalCollected: 80,
        createdAt: '2025-06-01T00:00:00Z',
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'Your orders' }, LAZY);
    const rows = within(list).getAllByRole('button');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Bug Busters');
    expect(rows[0]).toHaveTextContent('Jul 1st, 3:30pm');
    expect(rows[0]).toHaveTextContent('$80.00');
    expect(rows[1]).toHaveTextContent('Sparkle Cleaning');
    // 16:00 UTC is 9:00 in Denver (MST), whatever the machine's zone.
    expect(rows[1]).toHaveTextContent('Nov 24th, 9:00am');

    const badge = (row: HTMLElement, status: string) =>
      row.querySelector(`.badge[data-status="${status}"]`) as HTMLElement;
    expect(badge(rows[0]!, 'rescheduled')).toHaveClass('badge--yellow');
    expect(badge(rows[0]!, 'partially_refunded')).toHaveClass('badge--yellow');
    expect(badge(rows[1]!, 'unfulfilled')).toHaveClass('badge--blue');
    expect(badge(rows[1]!, 'collected')).toHaveClass('badge--blue');
    expect(badge(rows[1]!, 'unfulfilled')).toHaveTextContent('Fulfillment: Unfulfilled');
  });

  it('expands a row to show the order details', async () => {
    const { user } = showOrders([
      makeOrder({
        fulfillmentStatus: 'cancelled',
        paymentStatus: 'refunded',
        refundAmount: 122.55,
        refundReason: 'Customer cancelled',
        cancelReason: 'Plans changed',
      }),
    ]);
    const row = await screen.findByRole('button', { name: /Sparkle Cleaning/ }, LAZY);
    expect(row).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(row.getAttribute('aria-controls')!)!;
    expect(details).not.toBeVisible();

    await user.click(row);
    expect(row).toHaveAttribute('aria-expanded', 'true');
    expect(details).toBeVisible();
    const text = within(details);
    const value = (term: string) => text.getByText(term).nextElementSibling?.textContent;
    expect(value('Confirmation')).toBe('SRV-1001');
    expect(value('Bedrooms')).toBe('3');
    expect(value('Bathrooms')).toBe('2');
    expect(value('Estimated duration')).toBe('2h 30m');
    expect(value('Notes')).toBe('Gate code 1234');
    expect(value('Payment method')).toBe('Visa •••• 4242');
    expect(value('Service fee')).toBe('$2.55');
    expect(value('Refunded')).toBe('$122.55 (Customer cancelled)');
    expect(value('Cancellation reason')).toBe('Plans changed');
    expect(row.querySelector('.badge[data-status="cancelled"]')).toHaveClass('badge--red');
    expect(row.querySelector('.badge[data-status="refunded"]')).toHaveClass('badge--red');

    await user.click(row);
    expect(details).not.toBeVisible();
  });

  it('shows an empty state with a way to the services', async () => {
    showOrders([]);
    expect(await screen.findByText('No orders yet', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute(
      'href',
      '/services?category=all',
    );
  });
});
