import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VendorCard } from '@stg/domain/api/vendors';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { makeCard, makeVendor, signedOut } from '../../../test/fixtures';
import { at, mockApi } from '../../../test/mock-api';
import { locationOf, renderApp } from '../../../test/render-app';

const categories = ['house_cleaning', 'pest_control', 'window_cleaning', 'garbage_can_cleaning'] as const;
const vendors: VendorCard[] = Array.from({ length: 18 }, (_, i) =>
  makeCard({
    id: i + 1,
    name: `Vendor ${i + 1}`,
    category: categories[i % 4]!,
    reviewCount: i % 3,
    avgRating: 4,
  }),
);

describe('landing page', () => {
  it('shows the hero, the selling points, one list per category, 15 logos and the call to action', async () => {
    mockApi({
      [at(sessionApi.current)]: { body: signedOut },
      [at(vendorsApi.vendors)]: { body: vendors },
      [at(vendorsApi.vendor, { id: 5 })]: { body: makeVendor({ id: 5, name: 'Vendor 5' }) },
    });
    const { user, router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    for (const point of ['Online Quote', 'Instant Schedule', 'Secure Pay'])
      expect(screen.getByRole('heading', { name: point })).toBeInTheDocument();

    const house = await screen.findByRole('region', { name: 'House Cleaning' });
    expect(within(house).getAllByRole('article')).toHaveLength(5);
    for (const name of ['Pest Control', 'Window Cleaning', 'Garbage Can Cleaning'])
      expect(screen.getByRole('region', { name })).toBeInTheDocument();

    const logos = screen.getByRole('region', { name: 'Local businesses on Servo' });
    const logoLinks = within(logos).getAllByRole('link');
    expect(logoLinks).toHaveLength(15);
    expect(logoLinks[0]).toHaveAttribute('href', '/vendors/1');

    expect(screen.getByRole('link', { name: 'Partner With Servo' })).toHaveAttribute(
      'href',
      '/vendor-onboarding',
    );

    await user.click(within(house).getByRole('link', { name: /Vendor 5/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor 5' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/vendors/5');
  });

  it('shows an empty state per category when no vendor is listed', async () => {
    mockApi({ [at(sessionApi.current)]: { body: signedOut }, [at(vendorsApi.vendors)]: { body: [] } });
    renderApp('/');
    const pest = await screen.findByRole('region', { name: 'Pest Control' });
    expect(pest).toHaveTextContent('No pest control providers are listed yet.');
    expect(screen.queryByRole('region', { name: 'Local businesses on Servo' })).not.toBeInTheDocument();
  });
});
