import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { vendorSession } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';

describe('dashboard sections', () => {
  it.each([
    ['orders', 'Order History'],
    ['general', 'General Settings'],
    ['support', 'Support'],
  ])('/dashboard/%s shows "%s" and says it arrives later, with no controls', async (section, title) => {
    mockApi({ 'GET /api/session': { body: vendorSession() } });
    renderApp(`/dashboard/${section}`);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    const frame = heading.closest('section')!;
    expect(frame).toHaveTextContent('This section arrives in a later release.');
    expect(frame.querySelectorAll('button, input, select, textarea')).toHaveLength(0);
  });

  it('setup shows the account status and the four steps with their completion', async () => {
    mockApi({
      'GET /api/session': {
        body: vendorSession({
          listingStatus: 'awaiting_submission',
          stripeIntegrated: 'inactive',
          calendar: null,
        }),
      },
    });
    renderApp('/dashboard/setup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Setup' })).toBeInTheDocument();
    expect(screen.getByText(/Account Status/)).toHaveTextContent('Account Status: Awaiting Submission');
    const steps = screen.getAllByRole('listitem').filter((li) => li.classList.contains('setup-steps__step'));
    expect(steps.map((s) => s.textContent)).toEqual([
      '✓Logo and BrandingComplete',
      '2Upload ImagesNot complete',
      '3Calendar Integration (recommended)Not complete',
      '4PayoutsNot complete',
    ]);
  });
});

describe('dashboard pricing section', () => {
  it('/dashboard/pricing is the working Pricing Preferences screen, not a later-release frame', async () => {
    mockApi({ 'GET /api/session': { body: vendorSession() } });
    renderApp('/dashboard/pricing');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pricing Preferences' }, LAZY);
    const frame = heading.closest('section')!;
    expect(frame).not.toHaveTextContent('This section arrives in a later release.');
    expect(screen.getByRole('button', { name: 'Edit Formula' })).toBeInTheDocument();
  });
});

describe('dashboard scheduling section', () => {
  it('/dashboard/scheduling is the working Scheduling Preferences screen, not a later-release frame', async () => {
    mockApi({
      'GET /api/session': { body: vendorSession() },
      'GET /api/calendar_providers': { body: { providers: [] } },
    });
    renderApp('/dashboard/scheduling');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Scheduling Preferences' }, LAZY);
    const frame = heading.closest('section')!;
    expect(frame).not.toHaveTextContent('This section arrives in a later release.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
