import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ListingStatus } from '@stg/domain/constants';
import { DashboardTabs } from './dashboard-tabs';

function renderTabs(status: ListingStatus, path = '/dashboard/setup') {
  const router = createMemoryRouter(
    [{ path: '/dashboard/:section', element: <DashboardTabs listingStatus={status} /> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, nav: screen.getByRole('navigation', { name: 'Vendor portal sections' }) };
}

const names = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((tab) => tab.textContent);

describe('DashboardTabs', () => {
  it.each<ListingStatus>(['awaiting_submission', 'under_review'])(
    'while %s only Setup is usable; the rest are greyed out and not clickable',
    async (status) => {
      const { router, nav } = renderTabs(status);
      expect(names(nav)).toEqual(['Setup', 'Orders', 'General', 'Scheduling', 'Pricing', 'Support']);
      expect(within(nav).getByRole('link', { name: 'Setup' })).toHaveAttribute('href', '/dashboard/setup');
      for (const name of ['Orders', 'General', 'Scheduling', 'Pricing', 'Support']) {
        const tab = within(nav).getByRole('link', { name });
        expect(tab).toHaveAttribute('aria-disabled', 'true');
        expect(tab).not.toHaveAttribute('href');
        expect(tab).toHaveClass('is-disabled');
        await userEvent.click(tab);
      }
      expect(router.state.location.pathname).toBe('/dashboard/setup');
    },
  );

  it.each<ListingStatus>(['active', 'inactive'])('when %s, Setup is hidden and the others work', (status) => {
    const { nav } = renderTabs(status, '/dashboard/orders');
    expect(names(nav)).toEqual(['Orders', 'General', 'Scheduling', 'Pricing', 'Support']);
    for (const link of within(nav).getAllByRole('link')) expect(link).not.toHaveAttribute('aria-disabled');
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  });
});
