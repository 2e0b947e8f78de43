import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeCard, makeVendor, signedOut } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { locationOf, renderApp } from '../../../test/render-app';

describe('provider page', () => {
  it('shows the vendor: name, logo, rating, formatted phone, email, description and policy', async () => {
    mockApi({
      'GET /api/session': { body: signedOut },
      'GET /api/vendors/7': {
        body: makeVendor({
          galleryImageUrls: [{ blobId: 1, url: '/uploads/g1.png' }],
          cancelationPolicyHours: 12,
        }),
      },
    });
    renderApp('/vendors/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sparkle Cleaning' })).toBeInTheDocument();
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
    expect(screen.getByText(/up to 12 hours before/)).toBeInTheDocument();
    expect(screen.getByText('(12)')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sparkle Cleaning work sample 1' })).toBeInTheDocument();
  });

  it('falls back when the description is missing and shows placeholders without images', async () => {
    mockApi({
      'GET /api/session': { body: signedOut },
      'GET /api/vendors/8': {
        body: makeVendor({
          id: 8,
          serviceDescription: null,
          logoImageUrl: null,
          thumbnailImageUrl: null,
          reviewCount: 0,
        }),
      },
    });
    renderApp('/vendors/8');
    expect(await screen.findByText(/has not added a description/)).toBeInTheDocument();
    expect(screen.getByText('New Service!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sparkle Cleaning logo' })).toHaveTextContent('SC');
  });

  it.each(['/vendors/404', '/vendors/abc'])('%s goes to /', async (path) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/session': { body: signedOut },
      'GET /api/vendors': { body: [makeCard()] },
      'GET /api/vendors/404': { status: 404, body: { errors: ['Vendor not found'] } },
    });
    const { router } = renderApp(path);
    await waitFor(() => expect(locationOf(router)).toBe('/'));
  });
});
