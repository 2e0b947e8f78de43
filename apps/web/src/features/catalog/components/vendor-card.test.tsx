import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { VendorCard as VendorCardData } from '@stg/domain/api/vendors';
import { makeCard } from '../../../test/fixtures';
import { VendorCard } from './vendor-card';

function renderCard(card: VendorCardData) {
  render(
    <MemoryRouter>
      <VendorCard vendor={card} />
    </MemoryRouter>,
  );
}

describe('VendorCard', () => {
  it('shows "New Service!" instead of a rating when nobody reviewed yet, with placeholders for missing images', () => {
    renderCard(makeCard({ id: 5, name: 'Fresh Start', reviewCount: 0, avgRating: null }));
    const link = screen.getByRole('link', { name: /Fresh Start/ });
    expect(link).toHaveAttribute('href', '/vendors/5');
    expect(screen.getByText('New Service!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Fresh Start logo' })).toHaveTextContent('FS');
    expect(screen.getByRole('heading', { name: 'Fresh Start' })).toBeInTheDocument();
  });

  it('shows the average rating with a star and the review count in parentheses', () => {
    renderCard(
      makeCard({
        id: 9,
        name: 'Bug Busters',
        avgRating: 4.75,
        reviewCount: 12,
        logoImageUrl: '/uploads/l.png',
        thumbnailImageUrl: '/uploads/t.png',
      }),
    );
    expect(screen.queryByText('New Service!')).not.toBeInTheDocument();
    expect(screen.getByText('4.8')).toBeInTheDocument();
    expect(screen.getByText('(12)')).toBeInTheDocument();
    expect(screen.getByText('Rated 4.8 out of 5, 12 reviews')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Bug Busters logo' })).toHaveAttribute('src', '/uploads/l.png');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/vendors/9');
  });
});
