import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Vendor } from '@stg/domain/api/vendors';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { makeCard, makeReview, makeVendor, signedOut } from '../../../test/fixtures';
import { at, mockApi } from '../../../test/mock-api';
import { locationOf, renderApp } from '../../../test/render-app';
import { MUST_GET_PRICE, MUST_SCHEDULE } from '../components/booking-section';
import { DESCRIPTION_FALLBACK } from './provider-page';

function showVendor(patch: Partial<Vendor> = {}) {
  const vendor = makeVendor(patch);
  mockApi({
    [at(sessionApi.current)]: { body: signedOut },
    [at(vendorsApi.vendor, { id: vendor.id })]: { body: vendor },
  });
  return renderApp(`/vendors/${vendor.id}`);
}

const gallery = [1, 2, 3].map((n) => ({
  blobId: String(n),
  url: `/uploads/g${n}.png`,
  thumbnailUrl: `/uploads/g${n}-thumb.png`,
}));

const reviews = [
  makeReview({ id: 1, body: 'Oldest review here.', createdAt: '2025-01-01T12:00:00Z' }),
  makeReview({
    id: 2,
    body: null,
    score: 4,
    author: { firstName: 'Bo', lastName: 'Ng' },
    createdAt: '2025-03-01T12:00:00Z',
  }),
  makeReview({
    id: 3,
    body: 'Found them on Google.',
    reviewType: 'google',
    author: { firstName: 'Cy', lastName: 'Ode' },
    url: 'https://maps.example/review/3',
    createdAt: '2025-02-01T12:00:00Z',
  }),
];

describe('provider page', () => {
  it('shows the vendor: name, category, logo, rating, formatted phone, email, description and policy', async () => {
    showVendor({ galleryImageUrls: gallery, cancelationPolicyHours: 12 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sparkle Cleaning' })).toBeInTheDocument();
    expect(screen.getByText('House Cleaning', { selector: '.provider__category' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sparkle Cleaning logo' })).toHaveAttribute(
      'src',
      '/uploads/logo.png',
    );
    expect(screen.getByRole('link', { name: '(435) 555-0000' })).toHaveAttribute('href', 'tel:4355550000');
    expect(screen.getByRole('link', { name: 'hello@sparkle.example' })).toHaveAttribute(
      'href',
      'mailto:hello@sparkle.example',
    );
    expect(screen.getByText('We clean homes.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Cancel or reschedule free of charge up to 12 hours before your appointment. Within 12 hours of the appointment, changes are arranged with the vendor.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('(12)')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sparkle Cleaning work sample 1' })).toHaveAttribute(
      'src',
      '/uploads/g1-thumb.png',
    );
  });

  it('falls back when the description is missing, and says changes are possible until the appointment for 0 hours', async () => {
    showVendor({
      id: 8,
      serviceDescription: null,
      logoImageUrl: null,
      thumbnailImageUrl: null,
      reviewCount: 0,
      cancelationPolicyHours: 0,
    });
    expect(await screen.findByText(DESCRIPTION_FALLBACK)).toBeInTheDocument();
    expect(screen.getByText('New Service!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sparkle Cleaning logo' })).toHaveTextContent('SC');
    expect(screen.getByText(/at any time until your appointment starts/)).toBeInTheDocument();
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
  });

  it('sets the document title and the meta description, and restores them on leaving', async () => {
    const before = document.title;
    const { unmount } = showVendor({ serviceDescription: 'Deep cleans,\n  move-outs and more.' });
    await screen.findByRole('heading', { level: 1, name: 'Sparkle Cleaning' });
    expect(document.title).toBe('Sparkle Cleaning · House Cleaning in St George, UT | Servo');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Deep cleans, move-outs and more.',
    );
    unmount();
    expect(document.title).toBe(before);
  });

  it.each(['/vendors/404', '/vendors/abc'])('%s goes to /', async (path) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      [at(sessionApi.current)]: { body: signedOut },
      [at(vendorsApi.vendors)]: { body: [makeCard()] },
      [at(vendorsApi.vendor, { id: 404 })]: { status: 404, body: { errors: ['Vendor not found'] } },
    });
    const { router } = renderApp(path);
    await waitFor(() => expect(locationOf(router)).toBe('/'));
  });
});

describe('provider page gallery', () => {
  it('opens the carousel at the chosen image, wraps around with buttons and arrow keys, and closes', async () => {
    const { user } = showVendor({ galleryImageUrls: gallery });
    const thumb = await screen.findByRole('button', { name: 'View image 2 of 3' });
    await user.click(thumb);
    const dialog = within(screen.getByRole('dialog', { name: 'Sparkle Cleaning gallery' }));
    const image = () => dialog.getByRole('img');
    expect(image()).toHaveAttribute('src', '/uploads/g2.png');
    expect(image()).toHaveAccessibleName('Sparkle Cleaning work sample 2');
    expect(dialog.getByText('Image 2 of 3')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Next image' }));
    expect(image()).toHaveAttribute('src', '/uploads/g3.png');
    await user.click(dialog.getByRole('button', { name: 'Next image' }));
    expect(image()).toHaveAttribute('src', '/uploads/g1.png');
    expect(dialog.getByText('Image 1 of 3')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Previous image' }));
    expect(image()).toHaveAttribute('src', '/uploads/g3.png');

    await user.keyboard('{ArrowRight}');
    expect(image()).toHaveAttribute('src', '/uploads/g1.png');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(image()).toHaveAttribute('src', '/uploads/g2.png');

    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumb).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });
});

describe('provider page reviews', () => {
  it('lists reviews newest first, "Rating only" without a body, and filters Servo and Google reviews', async () => {
    const { user } = showVendor({ reviews });
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));
    const authors = () =>
      section.queryAllByRole('listitem').map((li) => li.querySelector('.review-card__author')?.textContent);
    expect(authors()).toEqual(['Bo N.', 'Cy O.', 'Ann L.']);
    expect(section.getByText('Rating only')).toBeInTheDocument();

    const filters = within(section.getByRole('group', { name: 'Filter reviews' }));
    const servo = filters.getByRole('button', { name: 'Servo Reviews' });
    const google = filters.getByRole('button', { name: 'Google Reviews' });
    expect(servo).toHaveAttribute('aria-pressed', 'true');
    expect(google).toHaveAttribute('aria-pressed', 'true');

    await user.click(servo);
    expect(servo).toHaveAttribute('aria-pressed', 'false');
    expect(authors()).toEqual(['Cy O.']);
    await user.click(google);
    expect(authors()).toEqual([]);
    expect(section.getByText('No reviews match the selected filters.')).toBeInTheDocument();
    await user.click(servo);
    expect(authors()).toEqual(['Bo N.', 'Ann L.']);
  });

  it('opens the reviews carousel at the chosen review, newest first, wrapping around', async () => {
    const { user } = showVendor({ reviews });
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));
    await user.click(section.getByRole('button', { name: /Oldest review here/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reviews' }));
    const current = () => dialog.getByRole('article');
    expect(current()).toHaveAccessibleName('Review by Ann L.');
    expect(dialog.getByText('Review 3 of 3')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Next review' }));
    expect(current()).toHaveAccessibleName('Review by Bo N.');
    expect(current()).toHaveTextContent('Rating only');
    expect(current()).toHaveTextContent('Rated 4 out of 5');
    await user.click(dialog.getByRole('button', { name: 'Next review' }));
    expect(current()).toHaveAccessibleName('Review by Cy O.');
    expect(dialog.getByRole('link', { name: /View on Google/ })).toHaveAttribute(
      'href',
      'https://maps.example/review/3',
    );
    await user.click(dialog.getByRole('button', { name: 'Previous review' }));
    await user.click(dialog.getByRole('button', { name: 'Previous review' }));
    await user.click(dialog.getByRole('button', { name: 'Previous review' }));
    expect(current()).toHaveAccessibleName('Review by Cy O.');
  });
});

describe('provider page booking panels', () => {
  it('opens Pricing with Get Price and keeps Scheduling and Summary closed with accessible tooltips', async () => {
    const { user } = showVendor();
    const getPrice = await screen.findByRole('button', { name: 'Get Price' });
    expect(getPrice).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Pricing' })).not.toBeInTheDocument();
    await user.click(getPrice);
    expect(getPrice).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(screen.getByRole('region', { name: 'Pricing' })).getByRole('form', { name: 'Instant pricing' }),
    ).toBeInTheDocument();
    await user.click(getPrice);
    expect(getPrice).toHaveAttribute('aria-expanded', 'false');

    const schedule = screen.getByRole('button', { name: 'Schedule' });
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    expect(schedule).toHaveAttribute('aria-disabled', 'true');
    expect(checkout).toHaveAttribute('aria-disabled', 'true');
    expect(schedule).toHaveAccessibleDescription(MUST_GET_PRICE);
    expect(checkout).toHaveAccessibleDescription(MUST_SCHEDULE);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    // Hover shows the tooltip; leaving hides it.
    await user.hover(schedule);
    expect(screen.getByRole('tooltip')).toHaveTextContent(MUST_GET_PRICE);
    await user.unhover(schedule);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    // Keyboard focus shows it too; Escape dismisses it.
    checkout.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(MUST_SCHEDULE);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    // A disabled panel does not open.
    await user.click(schedule);
    expect(schedule).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Scheduling' })).not.toBeInTheDocument();
  });
});
