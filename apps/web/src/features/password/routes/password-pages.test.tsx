import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stg/domain/validation';
import { passwordApi } from '@stg/domain/api/password.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { pathOf } from '@stg/domain/api/endpoint';
import { customerSession, customerUser, signedOut, vendorSession } from '../../../test/fixtures';
import { at, mockApi } from '../../../test/mock-api';
import { LAZY, locationOf, renderApp } from '../../../test/render-app';

describe('forgot password', () => {
  it('keeps Send Link disabled while the email is empty, then shows the server message', async () => {
    const { calls } = mockApi({
      [at(sessionApi.current)]: { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
      [at(passwordApi.forgot)]: { body: { message: MESSAGES.resetLinkSent } },
    });
    const { user } = renderApp('/forgot-password');
    const send = await screen.findByRole('button', { name: 'Send Link' }, LAZY);
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), '  ');
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'Ann@Example.com');
    expect(send).toBeEnabled();
    await user.click(send);
    // The status line is there from the start: wait for the answer (read with its contract) to fill it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.resetLinkSent));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: pathOf(passwordApi.forgot),
      body: { email: 'ann@example.com' },
      headers: { 'x-csrf-token': 'token-1' },
    });
  });

  it('checks the email shape and shows the server errors', async () => {
    mockApi({
      [at(sessionApi.current)]: { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
      [at(passwordApi.forgot)]: { status: 429, body: { errors: ['Too many requests. Try again later.'] } },
    });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email', {}, LAZY), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again later.');
  });
});

describe('reset password', () => {
  it('disables the button while a field is empty or they differ, then signs in and opens the complete page', async () => {
    const { calls } = mockApi({
      [at(sessionApi.current)]: [
        { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
        { body: customerSession, headers: { 'X-CSRF-Token': 'token-3' } },
      ],
      [at(passwordApi.reset)]: {
        body: { user: customerUser, vendor: null },
        headers: { 'X-CSRF-Token': 'token-2' },
      },
    });
    const { user, router } = renderApp('/password/reset?token=abc123');
    const button = await screen.findByRole('button', { name: 'Reset Password' }, LAZY);
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('New Password'), 'NewPassword1!');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm Password'), 'NewPassword1?');
    expect(button).toBeDisabled();
    expect(screen.getByText(MESSAGES.passwordConfirmationMismatch)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'NewPassword1!');
    expect(button).toBeEnabled();
    await user.click(button);

    await waitFor(() => expect(locationOf(router)).toBe('/password/reset/complete'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Password Updated' }, LAZY),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute(
      'href',
      '/services?category=all',
    );
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: pathOf(passwordApi.reset),
      body: { token: 'abc123', password: 'NewPassword1!', passwordConfirmation: 'NewPassword1!' },
    });
    // The session is fetched again after the answer was put in the cache.
    await waitFor(() => expect(calls.filter((c) => c.path === pathOf(sessionApi.current))).toHaveLength(2));
    expect(await screen.findByRole('link', { name: /1 Main St/ })).toBeInTheDocument();
  });

  it('shows the server errors and a way to ask for a new link', async () => {
    mockApi({
      [at(sessionApi.current)]: { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
      [at(passwordApi.reset)]: { status: 422, body: { errors: [MESSAGES.resetTokenInvalid] } },
    });
    const { user, router } = renderApp('/password/reset?token=expired');
    await user.type(await screen.findByLabelText('New Password', {}, LAZY), 'NewPassword1!');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewPassword1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetTokenInvalid);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(locationOf(router)).toBe('/password/reset?token=expired');
  });

  it('explains a link without a token', async () => {
    mockApi({ [at(sessionApi.current)]: { body: signedOut } });
    renderApp('/password/reset');
    expect(await screen.findByText(/has no reset token/, {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });
});

describe('password updated', () => {
  it('sends a vendor to the dashboard', async () => {
    mockApi({
      [at(sessionApi.current)]: { body: vendorSession() },
    });
    renderApp('/password/reset/complete');
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' }, LAZY)).toHaveAttribute(
      'href',
      '/dashboard/orders',
    );
  });

  it('is for signed-in users only', async () => {
    mockApi({ [at(sessionApi.current)]: { body: signedOut }, [at(vendorsApi.vendors)]: { body: [] } });
    const { router } = renderApp('/password/reset/complete');
    await waitFor(() => expect(locationOf(router)).toBe('/'));
  });
});
