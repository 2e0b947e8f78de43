import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORY_LABELS, ZIP_CODES } from '@stg/domain/constants';
import { vendorSignUpRequestSchema } from '@stg/domain/api/vendors';
import { unprintableMessage } from '@stg/domain/printable-text';
import { MESSAGES } from '@stg/domain/validation';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { makeCard, signedOut } from '../../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse } from '../../../test/mock-api';
import { LAZY, locationOf, renderApp } from '../../../test/render-app';
import { newVendorSession, signUpAnswer } from '../test-fixtures';

type User = ReturnType<typeof renderApp>['user'];

function start(routes: Record<string, MockResponse | MockResponse[]> = {}, path = '/vendor-onboarding') {
  const api = mockApi({
    [at(sessionApi.current)]: [
      { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
      { body: newVendorSession, headers: { 'X-CSRF-Token': 'token-2' } },
    ],
    [at(vendorReadsApi.vendors)]: { body: [makeCard()] },
    ...routes,
  });
  return { ...api, ...renderApp(path) };
}

async function openForm(user: User) {
  const button = await screen.findByRole('button', { name: 'List Your Service' });
  expect(screen.getByRole('banner')).toContainElement(button);
  await user.click(button);
  return screen.findByRole('dialog', { name: 'List Your Service' }, LAZY);
}

const nextButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Next' });

async function fillStep1(user: User, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('First Name'), 'Rita');
  await user.type(within(dialog).getByLabelText('Last Name'), 'Rock');
  await user.type(within(dialog).getByLabelText('Email'), 'rita@redrock.example');
  await user.type(within(dialog).getByLabelText('Phone Number'), '4355550188');
}

async function fillStep2(user: User, dialog: HTMLElement) {
  await user.selectOptions(within(dialog).getByLabelText('Category'), 'Window Cleaning');
  await user.type(within(dialog).getByLabelText('Business Name'), 'Red Rock Windows');
  await user.type(within(dialog).getByLabelText('Business Phone'), ' 4355550199 ');
  await user.type(within(dialog).getByLabelText('Business Email'), 'hello@redrock.example');
  await user.type(within(dialog).getByLabelText('Street Address'), '200 N Main St');
  await user.type(within(dialog).getByLabelText('Street Address 2 (Optional)'), 'Suite 4');
  await user.type(within(dialog).getByLabelText('City'), 'St George');
  await user.selectOptions(within(dialog).getByLabelText('Zip Code'), '84790');
}

async function fillStep3(user: User, dialog: HTMLElement, confirmation = 'Password123!') {
  await user.type(within(dialog).getByLabelText('Password'), 'Password123!');
  await user.type(within(dialog).getByLabelText('Confirm Password'), confirmation);
}

const PAYLOAD = {
  vendor: {
    name: 'Red Rock Windows',
    category: 'window_cleaning',
    email: 'hello@redrock.example',
    phone_number: '4355550199',
    address_attributes: {
      street_address: '200 N Main St',
      street_address_2: 'Suite 4',
      city: 'St George',
      state: 'UT',
      zip_code: '84790',
    },
    users_attributes: [
      {
        first_name: 'Rita',
        last_name: 'Rock',
        email: 'rita@redrock.example',
        phone_number: '4355550188',
        password: 'Password123!',
        password_confirmation: 'Password123!',
        user_type: 'vendor',
        addresses_attributes: [
          {
            street_address: '200 N Main St',
            street_address_2: 'Suite 4',
            city: 'St George',
            state: 'UT',
            zip_code: '84790',
          },
        ],
      },
    ],
  },
};

describe('vendor-sign-up-form', () => {
  it('step 1: Next waits for a valid account admin; messages show once a field is left; close only here', async () => {
    const { user, calls } = start();
    const dialog = await openForm(user);
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('First Name')).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(nextButton(dialog)).toBeDisabled();
    // No message before a field has been left.
    expect(within(dialog).queryByText(MESSAGES.firstNameRequired)).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('First Name'), 'Rita');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Rock');
    await user.type(within(dialog).getByLabelText('Email'), 'rita@');
    await user.type(within(dialog).getByLabelText('Phone Number'), '43555');
    await user.tab();
    expect(within(dialog).getByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(nextButton(dialog)).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Email'), 'redrock.example');
    await user.type(within(dialog).getByLabelText('Phone Number'), '50188');
    expect(within(dialog).queryByText(MESSAGES.emailInvalid)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(MESSAGES.phoneInvalid)).not.toBeInTheDocument();
    expect(nextButton(dialog)).toBeEnabled();

    // Clearing a required field says so.
    await user.clear(within(dialog).getByLabelText('Last Name'));
    await user.tab();
    expect(within(dialog).getByText(MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(nextButton(dialog)).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('step 1 states the name limits, and words a longer last name plainly (issue 23)', async () => {
    const { user } = start();
    const dialog = await openForm(user);
    expect(within(dialog).getByLabelText('First Name')).toHaveAttribute('maxLength', '100');
    expect(within(dialog).getByLabelText('Last Name')).toHaveAttribute('maxLength', '100');
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('maxLength', '254');
    await user.click(within(dialog).getByLabelText('Last Name'));
    fireEvent.change(within(dialog).getByLabelText('Last Name'), { target: { value: 'l'.repeat(150) } });
    await user.tab();
    expect(within(dialog).getByText('Last name must be at most 100 characters.')).toBeInTheDocument();
    expect(nextButton(dialog)).toBeDisabled();
  });

  it('step 2: six categories, state fixed UT, zip from the four; back keeps the input; no close button', async () => {
    const { user } = start();
    const dialog = await openForm(user);
    await fillStep1(user, dialog);
    await user.click(nextButton(dialog));

    expect(within(dialog).getByText('Step 2 of 3')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeInTheDocument();
    const category = within(dialog).getByLabelText('Category');
    expect(category).toHaveFocus();
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select One', ...Object.values(CATEGORY_LABELS)]);
    expect(within(category).getByRole('option', { name: 'Select One' })).toBeDisabled();
    const zip = within(dialog).getByLabelText('Zip Code');
    expect(
      within(zip)
        .getAllByRole('option')
        .filter((o) => !(o as HTMLOptionElement).disabled)
        .map((o) => o.textContent),
    ).toEqual([...ZIP_CODES]);
    const state = within(dialog).getByLabelText('State');
    expect(state).toHaveValue('UT');
    expect(state).toHaveAttribute('readonly');

    expect(nextButton(dialog)).toBeDisabled();
    await fillStep2(user, dialog);
    expect(nextButton(dialog)).toBeEnabled();
    // Street 2 is optional.
    await user.clear(within(dialog).getByLabelText('Street Address 2 (Optional)'));
    expect(nextButton(dialog)).toBeEnabled();
    await user.type(within(dialog).getByLabelText('Street Address 2 (Optional)'), 'Suite 4');
    // The city is required.
    await user.clear(within(dialog).getByLabelText('City'));
    await user.tab();
    expect(within(dialog).getByText(MESSAGES.cityRequired)).toBeInTheDocument();
    expect(nextButton(dialog)).toBeDisabled();
    await user.type(within(dialog).getByLabelText('City'), 'St George');

    // Back to step 1 and forward again: everything typed is still there.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('rita@redrock.example');
    expect(within(dialog).getByLabelText('First Name')).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(nextButton(dialog));
    expect(within(dialog).getByLabelText('Business Name')).toHaveValue('Red Rock Windows');
    expect(within(dialog).getByLabelText('Zip Code')).toHaveValue('84790');
    expect(within(dialog).getByLabelText('Category')).toHaveValue('window_cleaning');
  });

  it('step 2: a business name the work order could not print is refused, saying why (issue 23 #13)', async () => {
    const { user, calls } = start();
    const dialog = await openForm(user);
    await fillStep1(user, dialog);
    await user.click(nextButton(dialog));
    await fillStep2(user, dialog);
    const name = within(dialog).getByLabelText('Business Name');
    await user.clear(name);
    await user.click(name);
    await user.paste('Red Rock 🪟 Windows');
    await user.tab();
    const message = unprintableMessage('Business name', 'Red Rock 🪟 Windows');
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(nextButton(dialog)).toBeDisabled();
    await user.clear(name);
    await user.paste('Peña Windows');
    expect(within(dialog).queryByText(message)).not.toBeInTheDocument();
    expect(nextButton(dialog)).toBeEnabled();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('step 3: password tips and the confirmation message; posts the snake_case payload and goes to /', async () => {
    const { user, calls, router } = start({
      [at(vendorsApi.signUp)]: { status: 201, body: signUpAnswer, headers: { 'X-CSRF-Token': 'token-9' } },
    });
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    const dialog = await openForm(user);
    await fillStep1(user, dialog);
    await user.click(nextButton(dialog));
    await fillStep2(user, dialog);
    await user.click(nextButton(dialog));

    expect(within(dialog).getByText('Step 3 of 3')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    const signUp = within(dialog).getByRole('button', { name: 'Sign Up' });
    expect(signUp).toBeDisabled();
    expect(within(dialog).getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();

    await fillStep3(user, dialog, 'Password123?');
    await user.tab();
    expect(
      within(dialog).getByText('Confirm Password field must be the same as the Password field.'),
    ).toBeInTheDocument();
    expect(signUp).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Confirm Password'));
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'Password123!');
    expect(within(dialog).queryByText(MESSAGES.passwordConfirmationMismatch)).not.toBeInTheDocument();
    expect(signUp).toBeEnabled();

    await user.click(signUp);
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/setup'));
    expect(visited).toContain('/');
    expect(visited.indexOf('/')).toBeLessThan(visited.indexOf('/dashboard/setup'));
    expect(screen.queryByRole('dialog', { name: 'List Your Service' })).not.toBeInTheDocument();

    const post = callsTo(calls, vendorsApi.signUp)[0];
    expect(post?.body).toEqual(PAYLOAD);
    expect(post?.headers['x-csrf-token']).toBe('token-1');
    expect(vendorSignUpRequestSchema.safeParse(post?.body).success).toBe(true);
    // The vendor is signed in: the vendor header greets the business.
    expect(await screen.findByText('Hi, Red Rock Windows')).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem('stg.sessionUser')!)).toMatchObject({ vendorId: 31 });
  });

  it('a taken email goes back to step 1 with the message; everything typed is kept', async () => {
    const { user, calls } = start({
      [at(vendorsApi.signUp)]: [
        { status: 422, body: { errors: [MESSAGES.emailTaken] } },
        { status: 201, body: signUpAnswer },
      ],
    });
    const dialog = await openForm(user);
    await fillStep1(user, dialog);
    await user.click(nextButton(dialog));
    await fillStep2(user, dialog);
    await user.click(nextButton(dialog));
    await fillStep3(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.emailTaken);
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveValue('rita@redrock.example');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(MESSAGES.emailTaken);
    // Said once, in the alert.
    expect(within(dialog).getAllByText(MESSAGES.emailTaken)).toHaveLength(1);
    expect(email).toHaveFocus();

    await user.clear(email);
    await user.type(email, 'rita2@redrock.example');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(nextButton(dialog));
    expect(within(dialog).getByLabelText('Business Name')).toHaveValue('Red Rock Windows');
    await user.click(nextButton(dialog));
    expect(within(dialog).getByLabelText('Password')).toHaveValue('Password123!');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const second = calls.filter((c) => c.method === 'POST')[1]!.body as typeof PAYLOAD;
    expect(second.vendor.users_attributes[0]!.email).toBe('rita2@redrock.example');
  });

  it('shows other server errors on the step it is on and keeps the input', async () => {
    const { user } = start({
      [at(vendorsApi.signUp)]: { status: 500, body: {} },
    });
    const dialog = await openForm(user);
    await fillStep1(user, dialog);
    await user.click(nextButton(dialog));
    await fillStep2(user, dialog);
    await user.click(nextButton(dialog));
    await fillStep3(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.unexpected);
    expect(within(dialog).getByText('Step 3 of 3')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Confirm Password')).toHaveValue('Password123!');
    expect(within(dialog).getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('opens from the onboarding page too, and Escape closes it', async () => {
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Get Started' }, LAZY));
    const dialog = await screen.findByRole('dialog', { name: 'List Your Service' }, LAZY);
    await fillStep1(user, dialog);
    await user.click(nextButton(dialog));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A new opening starts afresh.
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    const again = await screen.findByRole('dialog', { name: 'List Your Service' }, LAZY);
    expect(within(again).getByText('Step 1 of 3')).toBeInTheDocument();
    expect(within(again).getByLabelText('First Name')).toHaveValue('');
  });
});
