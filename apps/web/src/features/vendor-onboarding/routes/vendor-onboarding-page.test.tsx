import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerSession, signedOut, vendorSession } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';

describe('/vendor-onboarding', () => {
  it('offers Get Started to a visitor who is not signed in', async () => {
    mockApi({ 'GET /api/session': { body: signedOut } });
    renderApp('/vendor-onboarding');
    expect(await screen.findByRole('button', { name: 'Get Started' }, LAZY)).toBeInTheDocument();
  });

  it('tells a signed-in customer how to list a business instead of a button that cannot work', async () => {
    mockApi({ 'GET /api/session': { body: customerSession } });
    renderApp('/vendor-onboarding');
    expect(await screen.findByText(/You are signed in as a customer/, {}, LAZY)).toHaveTextContent(
      'sign out, then choose List Your Service',
    );
    expect(screen.queryByRole('button', { name: 'Get Started' })).not.toBeInTheDocument();
  });

  it('shows a vendor neither the button nor the note', async () => {
    mockApi({ 'GET /api/session': { body: vendorSession() } });
    renderApp('/vendor-onboarding');
    expect(
      await screen.findByRole('heading', { name: /Grow your service business/ }, LAZY),
    ).toBeInTheDocument();
    expect(screen.queryByText(/You are signed in as a customer/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get Started' })).not.toBeInTheDocument();
  });
});
