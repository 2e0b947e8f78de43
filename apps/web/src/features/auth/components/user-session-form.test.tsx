import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, tooManyLoginsMessage } from '@stg/domain/validation';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { pathOf } from '@stg/domain/api/endpoint';
import {
  customerAddress,
  customerSession,
  customerUser,
  makeCard,
  signedOut,
  vendorSession,
} from '../../../test/fixtures';
import { at, mockApi, type MockResponse } from '../../../test/mock-api';
import { locationOf, renderApp } from '../../../test/render-app';

function start(path: string, routes: Record<string, MockResponse | MockResponse[]>) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
    [at(vendorsApi.vendors)]: { body: [makeCard()] },
    ...routes,
  });
  return { ...api, ...renderApp(path) };
}

async function openSignIn(user: ReturnType<typeof start>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Sign In' }));
  return screen.findByRole('dialog', { name: 'Sign In' });
}

describe('user-session-form: sign in', () => {
  it('requires email and password before calling the server', async () => {
    const { user, calls } = start('/', {});
    const dialog = await openSignIn(user);
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server errors and stays open', async () => {
    const { user } = start('/', {
      [at(sessionApi.signIn)]: { status: 401, body: { errors: ['Invalid email or password'] } },
    });
    const dialog = await openSignIn(user);
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows a throttled sign-in with its wait (issue 23)', async () => {
    const { user } = start('/', {
      [at(sessionApi.signIn)]: {
        status: 429,
        headers: { 'Retry-After': '900' },
        body: { errors: [tooManyLoginsMessage(900)] },
      },
    });
    const dialog = await openSignIn(user);
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'Password123!');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Please wait 15 minutes and try again.',
    );
  });

  it('refreshes the CSRF token and retries once on "Invalid Authenticity Token", then sends a customer to /home', async () => {
    const { user, calls, router } = start('/about-us', {
      [at(sessionApi.signIn)]: [
        { status: 403, body: { errors: ['Invalid Authenticity Token'] } },
        { body: customerSession, headers: { 'X-CSRF-Token': 'token-3' } },
      ],
      [at(sessionApi.current)]: [
        { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
        { body: signedOut, headers: { 'X-CSRF-Token': 'token-2' } },
      ],
    });
    const dialog = await openSignIn(user);
    await user.type(within(dialog).getByLabelText('Email'), 'Ann@Example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'Password123!');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(locationOf(router)).toBe('/home'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const trail = calls
      .filter((c) => c.path.startsWith(pathOf(sessionApi.current)))
      .map((c) => `${c.method} ${c.headers['x-csrf-token'] ?? '-'}`);
    expect(trail).toEqual(['GET -', 'POST token-1', 'GET -', 'POST token-2']);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      user: { email: 'ann@example.com', password: 'Password123!' },
    });
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it('shows the error when the retry fails too, without a third attempt', async () => {
    const { user, calls } = start('/', {
      [at(sessionApi.signIn)]: { status: 403, body: { errors: ['Invalid Authenticity Token'] } },
    });
    const dialog = await openSignIn(user);
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'Password123!');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid Authenticity Token');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('shows "An unexpected error occurred" on a server failure', async () => {
    const { user } = start('/', { [at(sessionApi.signIn)]: { status: 500, body: { oops: true } } });
    const dialog = await openSignIn(user);
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'Password123!');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An unexpected error occurred');
  });

  it('leaves a vendor where they are, except / which leads to the dashboard', async () => {
    const first = start('/about-us', { [at(sessionApi.signIn)]: { body: vendorSession() } });
    let dialog = await openSignIn(first.user);
    await first.user.type(within(dialog).getByLabelText('Email'), 'vic@example.com');
    await first.user.type(within(dialog).getByLabelText('Password'), 'Password123!');
    await first.user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Hi, Sparkle Cleaning')).toBeInTheDocument();
    expect(locationOf(first.router)).toBe('/about-us');
    first.unmount();

    const second = start('/', { [at(sessionApi.signIn)]: { body: vendorSession() } });
    dialog = await openSignIn(second.user);
    await second.user.type(within(dialog).getByLabelText('Email'), 'vic@example.com');
    await second.user.type(within(dialog).getByLabelText('Password'), 'Password123!');
    await second.user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(locationOf(second.router)).toBe('/dashboard/orders'));
  });

  it('Escape closes the modal and gives focus back to the Sign In button', async () => {
    const { user } = start('/', {});
    const trigger = await screen.findByRole('button', { name: 'Sign In' });
    await user.click(trigger);
    await screen.findByRole('dialog', { name: 'Sign In' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});

describe('user-session-form: create account', () => {
  async function openSignUp(user: ReturnType<typeof start>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    return screen.findByRole('dialog', { name: 'Create Account' });
  }

  async function fill(user: ReturnType<typeof start>['user'], dialog: HTMLElement) {
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('First Name'), 'Ann');
    await user.type(field('Last Name'), 'Lee');
    await user.type(field('Email'), 'ann@example.com');
    await user.type(field('Phone Number'), '4355551234');
    await user.type(field('Password'), 'Password123!');
    await user.type(field('Confirm Password'), 'Password123!');
    await user.type(field('Street Address'), '1 Main St');
    await user.type(field('City'), 'St George');
    await user.type(field('Zip Code'), '84770');
  }

  it('toggles between the two forms', async () => {
    const { user } = start('/', {});
    const dialog = await openSignIn(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('dialog', { name: 'Create Account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows the live password tips, the fixed state and the served zip codes', async () => {
    const { user } = start('/', {});
    const dialog = await openSignUp(user);
    const tips = within(dialog).getByRole('list', { name: 'Password requirements' });
    const met = () =>
      within(tips)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-met'));
    expect(met()).toEqual(['false', 'false', 'false']);
    await user.type(within(dialog).getByLabelText('Password'), 'abc');
    expect(met()).toEqual(['true', 'false', 'false']);
    await user.type(within(dialog).getByLabelText('Password'), '1234567');
    expect(met()).toEqual(['true', 'true', 'true']);
    expect(within(dialog).getByLabelText('State')).toHaveValue('UT');
    expect(within(dialog).getByLabelText('State')).toHaveAttribute('readonly');
    expect(within(dialog).getByText('We serve 84765, 84770, 84780, 84790.')).toBeInTheDocument();
  });

  it('refuses a zip code outside the four served, with the message', async () => {
    const { user, calls } = start('/', {});
    const dialog = await openSignUp(user);
    await user.type(within(dialog).getByLabelText('Zip Code'), '84101');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await within(dialog).findByText(MESSAGES.zipInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('validates with the shared messages', async () => {
    const { user, calls } = start('/', {});
    const dialog = await openSignUp(user);
    await user.type(within(dialog).getByLabelText('Phone Number'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    for (const message of [
      MESSAGES.firstNameRequired,
      MESSAGES.lastNameRequired,
      MESSAGES.emailRequired,
      MESSAGES.phoneInvalid,
      MESSAGES.passwordRequired,
      MESSAGES.streetRequired,
      MESSAGES.cityRequired,
      MESSAGES.zipRequired,
    ])
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('states the limits of the text fields, and words a longer last name plainly (issue 23)', async () => {
    const { user, calls } = start('/', {});
    const dialog = await openSignUp(user);
    const field = (label: string) => within(dialog).getByLabelText(label);
    for (const [label, max] of [
      ['First Name', '100'],
      ['Last Name', '100'],
      ['Email', '254'],
      ['Street Address', '200'],
      ['Street Address 2 (Optional)', '200'],
      ['City', '100'],
    ] as const)
      expect(field(label), label).toHaveAttribute('maxLength', max);
    await fill(user, dialog);
    fireEvent.change(field('Last Name'), { target: { value: 'l'.repeat(150) } });
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await within(dialog).findByText('Last name must be at most 100 characters.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a confirmation that differs from the password', async () => {
    const { user, calls } = start('/', {});
    const dialog = await openSignUp(user);
    await fill(user, dialog);
    await user.type(within(dialog).getByLabelText('Confirm Password'), '?');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await within(dialog).findByText(MESSAGES.passwordConfirmationMismatch)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates the customer, signs them in and opens /home', async () => {
    const { user, calls, router } = start('/', {
      // After sign-up the session is fetched again (the server moved the guest's bookings to the account).
      [at(sessionApi.current)]: [
        { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
        { body: customerSession, headers: { 'X-CSRF-Token': 'token-2' } },
      ],
      [at(usersApi.signUp)]: {
        status: 201,
        body: { user: customerUser, addresses: [customerAddress] },
        headers: { 'X-CSRF-Token': 'token-2' },
      },
    });
    const dialog = await openSignUp(user);
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(locationOf(router)).toBe('/home'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: pathOf(usersApi.signUp),
      headers: { 'x-csrf-token': 'token-1' },
      body: {
        user: {
          firstName: 'Ann',
          lastName: 'Lee',
          email: 'ann@example.com',
          phoneNumber: '4355551234',
          password: 'Password123!',
          passwordConfirmation: 'Password123!',
          address: {
            streetAddress: '1 Main St',
            street_address_2: '',
            city: 'St George',
            state: 'UT',
            zipCode: '84770',
          },
        },
      },
    });
    expect(await screen.findByRole('link', { name: /1 Main St/ })).toHaveAttribute('href', '/account');
  });

  it('shows the server errors', async () => {
    const { user } = start('/', {
      [at(usersApi.signUp)]: { status: 422, body: { errors: ['Email has already been taken'] } },
    });
    const dialog = await openSignUp(user);
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Email has already been taken');
  });
});
