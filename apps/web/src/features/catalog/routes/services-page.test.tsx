import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { customerSession, makeCard, signedOut } from '../../../test/fixtures';
import { at, mockApi } from '../../../test/mock-api';
import { locationOf, renderApp } from '../../../test/render-app';
import { parseServiceFilter } from './services-page';

const vendors = [
  makeCard({ id: 1, name: 'Sparkle', category: 'house_cleaning' }),
  makeCard({ id: 2, name: 'Bug Off', category: 'pest_control' }),
];

describe('services page', () => {
  it('filters by category and keeps the filter in the query string', async () => {
    mockApi({ [at(sessionApi.current)]: { body: signedOut }, [at(vendorsApi.vendors)]: { body: vendors } });
    const { user, router } = renderApp('/services?category=all');
    const filters = await screen.findByRole('group', { name: 'Filter by category' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'House Cleaning', 'Pest Control', 'Window Cleaning', 'Garbage Can Cleaning']);
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('region', { name: 'House Cleaning' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pest Control' })).toBeInTheDocument();

    await user.click(within(filters).getByRole('button', { name: 'Pest Control' }));
    await waitFor(() => expect(locationOf(router)).toBe('/services?category=pest_control'));
    expect(within(filters).getByRole('button', { name: 'Pest Control' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('region', { name: 'House Cleaning' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Pest Control' })).getByText('Bug Off'),
    ).toBeInTheDocument();
  });

  it('customer home lists the categories with their vendors', async () => {
    mockApi({
      [at(sessionApi.current)]: { body: customerSession },
      [at(vendorsApi.vendors)]: { body: vendors },
    });
    renderApp('/home');
    const house = await screen.findByRole('region', { name: 'House Cleaning' });
    expect(within(house).getByText('Sparkle')).toBeInTheDocument();
  });

  it.each([
    [null, 'all'],
    ['pest_control', 'pest_control'],
    ['carpet_cleaning', 'all'],
    ['bogus', 'all'],
  ])('parseServiceFilter(%s) → %s', (value, expected) => {
    expect(parseServiceFilter(value)).toBe(expected);
  });
});
