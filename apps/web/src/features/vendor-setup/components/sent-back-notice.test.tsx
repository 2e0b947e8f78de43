/** Issue 25 §1: a listing sent back names what to fix in Setup, each item leading to where it is changed. */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Vendor } from '@stg/domain/api/vendors';
import { makeVendor } from '../../../test/fixtures';
import { SentBackNotice } from './sent-back-notice';

const show = (patch: Partial<Vendor>) =>
  render(
    <MemoryRouter>
      <SentBackNotice vendor={makeVendor({ listingStatus: 'awaiting_submission', ...patch })} />
    </MemoryRouter>,
  );

describe('SentBackNotice', () => {
  it('lists what to fix, linking each item to its Setup step, then the reviewer’s note', () => {
    show({
      reviewFixes: ['logo', 'images', 'description'],
      reviewNote: 'Your banner is a stock photo.',
    });
    const notice = screen.getByRole('note', { name: 'Changes requested' });
    expect(notice).toHaveTextContent(
      'Changes requested: our review asks you to fix these before your listing can go live.',
    );
    const links = within(notice).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Logo and banner', '/dashboard/setup?page=logo'],
      ['Gallery images', '/dashboard/setup?page=images'],
      ['Service description', '/dashboard/setup?page=next-steps#setup-description'],
    ]);
    expect(notice).toHaveTextContent('Reviewer’s note: Your banner is a stock photo.');
    expect(notice).toHaveTextContent('Make the changes, then submit your listing again from Next Steps.');
  });

  it('links the pricing, scheduling and instructions to their steps (ADR 0032)', () => {
    show({ reviewFixes: ['pricing', 'scheduling', 'instructions'], reviewNote: null });
    const notice = screen.getByRole('note', { name: 'Changes requested' });
    expect(
      within(notice)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Pricing questions and formula', '/dashboard/setup?page=pricing'],
      ['Scheduling rules', '/dashboard/setup?page=scheduling'],
      ['Appointment instructions', '/dashboard/setup?page=next-steps#setup-instructions'],
    ]);
    expect(notice).not.toHaveTextContent('Reviewer’s note');
  });

  it('shows a reason on its own, and nothing once the listing is submitted again', () => {
    const { unmount } = show({ reviewFixes: [], reviewNote: 'Please use photos of your own work.' });
    expect(screen.getByRole('note', { name: 'Changes requested' })).toHaveTextContent(
      'Changes requested: Please use photos of your own work.',
    );
    unmount();
    show({ listingStatus: 'under_review', reviewFixes: ['logo'], reviewNote: 'x' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
