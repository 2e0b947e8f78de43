import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { customerSession, signedOut, vendorSession } from '../../../test/fixtures';
import { at, mockApi } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';

describe('/vendor-onboarding', () => {
  it('offers Get Started to a visitor who is not signed in', async () => {
    mockApi({ [at(sessionApi.current)]: { body: signedOut } });
    renderApp('/vendor-onboarding');
    expect(await screen.findByRole('button', { name: 'Get Started' }, LAZY)).toBeInTheDocument();
  });

  it('tells a signed-in customer how to list a business instead of a button that cannot work', async () => {
    mockApi({ [at(sessionApi.current)]: { body: customerSession } });
    renderApp('/vendor-onboarding');
    expect(await screen.findByText(/You are signed in as a customer/, {}, LAZY)).toHaveTextContent(
      'sign out, then choose List Your Service',
    );
    expect(screen.queryByRole('button', { name: 'Get Started' })).not.toBeInTheDocument();
  });

  it('shows a vendor neither the button nor the note', async () => {
    mockApi({ [at(sessionApi.current)]: { body: vendorSession() } });
    renderApp('/vendor-onboarding');
    expect(
      await screen.findByRole('heading', { name: /Grow your service business/ }, LAZY),
    ).toBeInTheDocument();
    expect(screen.queryByText(/You are signed in as a customer/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get Started' })).not.toBeInTheDocument();
  });
});
