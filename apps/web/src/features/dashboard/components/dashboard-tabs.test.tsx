import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListingStatus } from '@stg/domain/constants';
import { createTestRouter } from '../../../test/test-router';
import { DashboardTabs } from './dashboard-tabs';

function renderTabs(status: ListingStatus, path = '/dashboard/setup') {
  const { router, Router } = createTestRouter([path]);
  render(
    <Router>
      <Routes>
        <Route path="/dashboard/:section" element={<DashboardTabs listingStatus={status} />} />
      </Routes>
    </Router>,
  );
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
      expect(names(nav)).toEqual([
        'Setup',
        'Orders',
        'Plans',
        'Earnings',
        'General',
        'Scheduling',
        'Pricing',
        'Support',
      ]);
      expect(within(nav).getByRole('link', { name: 'Setup' })).toHaveAttribute('href', '/dashboard/setup');
      for (const name of ['Orders', 'Plans', 'Earnings', 'General', 'Scheduling', 'Pricing', 'Support']) {
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
    expect(names(nav)).toEqual([
      'Orders',
      'Plans',
      'Earnings',
      'General',
      'Scheduling',
      'Pricing',
      'Support',
    ]);
    for (const link of within(nav).getAllByRole('link')) expect(link).not.toHaveAttribute('aria-disabled');
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('DashboardTabs at 375 px wide', () => {
  // The bar shows 343 px (375 minus the container's padding); the tabs need about 660 px.
  const BAR = { left: 16, width: 343 };
  const WIDTHS: Record<string, number> = {
    Orders: 80,
    Plans: 70,
    Earnings: 92,
    General: 88,
    Scheduling: 110,
    Pricing: 86,
    Support: 90,
  };
  let scrollLeft = 0;
  const scrolls: number[] = [];

  function rect(left: number, width: number): DOMRect {
    return {
      left,
      right: left + width,
      width,
      top: 120,
      bottom: 168,
      height: 48,
      x: left,
      y: 120,
    } as DOMRect;
  }

  beforeEach(() => {
    scrollLeft = 0;
    scrolls.length = 0;
    vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(() => scrollLeft);
    vi.spyOn(Element.prototype, 'scrollLeft', 'set').mockImplementation((value: number) => {
      scrollLeft = value;
      scrolls.push(value);
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      if (this.classList.contains('dashboard-tabs__list')) return rect(BAR.left, BAR.width);
      if (this.classList.contains('dashboard-tabs__tab')) {
        let left = BAR.left - scrollLeft;
        for (const tab of this.closest('ul')!.querySelectorAll('.dashboard-tabs__tab')) {
          const width = WIDTHS[tab.textContent]!;
          if (tab === this) return rect(left, width);
          left += width + 4;
        }
      }
      return rect(0, 0);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const visible = (tab: HTMLElement) => {
    const box = tab.getBoundingClientRect();
    return box.left >= BAR.left && box.right <= BAR.left + BAR.width;
  };

  it.each(['pricing', 'support'])('scrolls the bar sideways to show the active %s tab', (section) => {
    const { nav } = renderTabs('active', `/dashboard/${section}`);
    const active = within(nav).getByRole('link', { current: 'page' });
    expect(scrolls.length).toBe(1);
    expect(visible(active)).toBe(true);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('leaves the bar alone when the active tab is in sight, and follows a section change', async () => {
    const { nav } = renderTabs('active', '/dashboard/orders');
    expect(scrolls).toEqual([]);
    await userEvent.click(within(nav).getByRole('link', { name: 'Support' }));
    const support = within(nav).getByRole('link', { name: 'Support' });
    expect(support).toHaveAttribute('aria-current', 'page');
    expect(scrolls.length).toBe(1);
    expect(visible(support)).toBe(true);
  });
});
