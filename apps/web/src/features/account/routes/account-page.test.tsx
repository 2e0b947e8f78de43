import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stg/domain/validation';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { pathOf } from '@stg/domain/api/endpoint';
import { customerAddress, customerSession, customerUser } from '../../../test/fixtures';
import { at, mockApi, type MockResponse } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';

function start(routes: Record<string, MockResponse | MockResponse[]> = {}) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: customerSession, headers: { 'X-CSRF-Token': 'token-1' } },
    ...routes,
  });
  return { ...api, ...renderApp('/account') };
}

const general = () => screen.getByRole('region', { name: 'General' });

describe('account settings: general form', () => {
  it('is prefilled from the session and disables Save while a required field is empty', async () => {
    const { user } = start();
    await screen.findByRole('heading', { level: 1, name: 'Account Settings' }, LAZY);
    const form = within(general());
    expect(form.getByLabelText('First Name')).toHaveValue('Ann');
    expect(form.getByLabelText('Last Name')).toHaveValue('Lee');
    expect(form.getByLabelText('Phone Number')).toHaveValue('4355551234');
    expect(form.getByLabelText('Email')).toHaveValue('ann@example.com');
    const save = form.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.clear(form.getByLabelText('Last Name'));
    expect(save).toBeDisabled();
    await user.type(form.getByLabelText('Last Name'), '   ');
    expect(save).toBeDisabled();
    await user.type(form.getByLabelText('Last Name'), 'Park');
    expect(save).toBeEnabled();
  });

  it('saves, says Saved and updates the session cache', async () => {
    const saved = { ...customerUser, firstName: 'Annie', phoneNumber: '4355559999' };
    const { user, calls, queryClient } = start({
      [at(usersApi.update, { id: 1 })]: { body: { user: saved } },
    });
    const form = within(await screen.findByRole('region', { name: 'General' }, LAZY));
    await user.clear(form.getByLabelText('First Name'));
    await user.type(form.getByLabelText('First Name'), 'Annie');
    await user.clear(form.getByLabelText('Phone Number'));
    await user.type(form.getByLabelText('Phone Number'), ' 4355559999 ');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByRole('status')).toHaveTextContent('Saved');
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: pathOf(usersApi.update, { id: 1 }),
      headers: { 'x-csrf-token': 'token-1' },
      body: {
        user: {
          id: 1,
          firstName: 'Annie',
          lastName: 'Lee',
          email: 'ann@example.com',
          phoneNumber: '4355559999',
        },
      },
    });
    expect(queryClient.getQueryData<{ user: { firstName: string } }>(['session'])?.user.firstName).toBe(
      'Annie',
    );
    expect(JSON.parse(window.sessionStorage.getItem('stg.sessionUser')!)).toMatchObject({
      firstName: 'Annie',
    });
    // Editing again clears the Saved status.
    await user.type(form.getByLabelText('First Name'), 'x');
    expect(form.getByRole('status')).toHaveTextContent('');
  });

  it('validates with the shared messages before calling the server', async () => {
    const { user, calls } = start();
    const form = within(await screen.findByRole('region', { name: 'General' }, LAZY));
    await user.clear(form.getByLabelText('Phone Number'));
    await user.type(form.getByLabelText('Phone Number'), '12345');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('states the name limits, and words a longer name plainly (issue 23)', async () => {
    const { user, calls } = start();
    const form = within(await screen.findByRole('region', { name: 'General' }, LAZY));
    expect(form.getByLabelText('First Name')).toHaveAttribute('maxLength', '100');
    expect(form.getByLabelText('Last Name')).toHaveAttribute('maxLength', '100');
    expect(form.getByLabelText('Email')).toHaveAttribute('maxLength', '254');
    fireEvent.change(form.getByLabelText('First Name'), { target: { value: 'f'.repeat(101) } });
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('First name must be at most 100 characters.')).toBeInTheDocument();
    expect(form.queryByText(/Too big/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    const address = within(screen.getByRole('region', { name: 'Address' }));
    expect(address.getByLabelText('Street Address')).toHaveAttribute('maxLength', '200');
    expect(address.getByLabelText('City')).toHaveAttribute('maxLength', '100');
  });

  it('shows server errors, hiding password, street, city, state and zip messages', async () => {
    const { user } = start({
      [at(usersApi.update, { id: 1 })]: {
        status: 422,
        body: {
          errors: [
            MESSAGES.emailTaken,
            "Password digest can't be blank",
            MESSAGES.streetRequired,
            MESSAGES.zipInvalid,
            'Addresses is invalid',
          ],
        },
      },
    });
    const form = within(await screen.findByRole('region', { name: 'General' }, LAZY));
    await user.click(form.getByRole('button', { name: 'Save' }));
    const alert = await form.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([MESSAGES.emailTaken, 'Address is invalid']);
    expect(form.getByRole('status')).toHaveTextContent('');
  });
});

describe('account settings: address form', () => {
  it('is prefilled, has UT read-only and the four zips, and disables Save while a required field is empty', async () => {
    const { user } = start();
    const form = within(await screen.findByRole('region', { name: 'Address' }, LAZY));
    expect(form.getByLabelText('Street Address')).toHaveValue('1 Main St');
    expect(form.getByLabelText('Street Address 2')).toHaveValue('Apt 2');
    expect(form.getByLabelText('City')).toHaveValue('St George');
    expect(form.getByLabelText('State')).toHaveValue('UT');
    expect(form.getByLabelText('State')).toHaveAttribute('readonly');
    expect(form.getByLabelText('Zip Code')).toHaveValue('84770');
    expect(
      within(form.getByLabelText('Zip Code'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select', '84765', '84770', '84780', '84790']);
    const save = form.getByRole('button', { name: 'Save' });
    await user.clear(form.getByLabelText('Street Address 2'));
    expect(save).toBeEnabled();
    await user.clear(form.getByLabelText('City'));
    expect(save).toBeDisabled();
  });

  it('saves the address and the header shows the new lines', async () => {
    const saved = {
      ...customerAddress,
      streetAddress: '9 Red Cliffs Dr',
      streetAddress2: null,
      zipCode: '84790',
    };
    const { user, calls } = start({ [at(usersApi.updateAddress, { id: 10 })]: { body: { address: saved } } });
    const form = within(await screen.findByRole('region', { name: 'Address' }, LAZY));
    await user.clear(form.getByLabelText('Street Address'));
    await user.type(form.getByLabelText('Street Address'), '9 Red Cliffs Dr');
    await user.clear(form.getByLabelText('Street Address 2'));
    await user.selectOptions(form.getByLabelText('Zip Code'), '84790');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByRole('status')).toHaveTextContent('Saved');
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: pathOf(usersApi.updateAddress, { id: 10 }),
      body: {
        address: {
          streetAddress: '9 Red Cliffs Dr',
          street_address_2: '',
          city: 'St George',
          state: 'UT',
          zipCode: '84790',
        },
      },
    });
    const headerLink = within(screen.getByRole('banner')).getByRole('link', { name: /9 Red Cliffs Dr/ });
    expect(headerLink).toHaveTextContent('St George, UT 84790');
  });

  it('hides messages about the user and passwords, and shows address messages as Address', async () => {
    const { user } = start({
      [at(usersApi.updateAddress, { id: 10 })]: {
        status: 422,
        body: {
          errors: [
            MESSAGES.firstNameRequired,
            'Last name is too long',
            MESSAGES.phoneInvalid,
            MESSAGES.emailTaken,
            'Current password is incorrect.',
            "Password digest can't be blank",
            "Addresses zip code can't be blank",
          ],
        },
      },
    });
    const form = within(await screen.findByRole('region', { name: 'Address' }, LAZY));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByRole('alert')).toHaveTextContent("Address zip code can't be blank");
    expect(form.getByRole('alert')).not.toHaveTextContent(/first|last|phone|email|password/i);
  });
});

describe('update-password-form modal', () => {
  async function openModal(user: ReturnType<typeof start>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Update Password' }, LAZY));
    return screen.findByRole('dialog', { name: 'Update Password' });
  }

  it('keeps submit disabled until all three are filled and the new ones match, naming a mismatch', async () => {
    const { user, calls } = start();
    const dialog = within(await openModal(user));
    expect(dialog.getByLabelText('Current Password')).toHaveFocus();
    const submit = dialog.getByRole('button', { name: 'Update Password' });
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText('Current Password'), 'OldPassword1!');
    await user.type(dialog.getByLabelText('New Password'), 'NewPassword1!');
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText('Confirm New Password'), 'NewPassword1?');
    expect(submit).toBeDisabled();
    expect(dialog.getByText(MESSAGES.passwordConfirmationMismatch)).toBeInTheDocument();
    expect(dialog.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(dialog.getByLabelText('Confirm New Password'));
    await user.type(dialog.getByLabelText('Confirm New Password'), 'NewPassword1!');
    expect(dialog.queryByText(MESSAGES.passwordConfirmationMismatch)).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('shows the password tips and refuses a weak new password with the shared message', async () => {
    const { user, calls } = start();
    const dialog = within(await openModal(user));
    expect(dialog.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Current Password'), 'OldPassword1!');
    await user.type(dialog.getByLabelText('New Password'), 'short1');
    await user.type(dialog.getByLabelText('Confirm New Password'), 'short1');
    await user.click(dialog.getByRole('button', { name: 'Update Password' }));
    expect(await dialog.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('shows the server errors and stays open', async () => {
    const { user } = start({
      [at(usersApi.updatePassword, { userId: 1 })]: {
        status: 422,
        body: { errors: [MESSAGES.currentPasswordIncorrect] },
      },
    });
    const dialog = within(await openModal(user));
    await user.type(dialog.getByLabelText('Current Password'), 'WrongPassword1!');
    await user.type(dialog.getByLabelText('New Password'), 'NewPassword1!');
    await user.type(dialog.getByLabelText('Confirm New Password'), 'NewPassword1!');
    await user.click(dialog.getByRole('button', { name: 'Update Password' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.currentPasswordIncorrect);
    expect(screen.getByRole('dialog', { name: 'Update Password' })).toBeInTheDocument();
  });

  it('on success closes the modal and confirms on the page', async () => {
    const { user, calls } = start({
      [at(usersApi.updatePassword, { userId: 1 })]: { body: { user: customerUser } },
    });
    const dialog = within(await openModal(user));
    await user.type(dialog.getByLabelText('Current Password'), 'OldPassword1!');
    await user.type(dialog.getByLabelText('New Password'), 'NewPassword1!');
    await user.type(dialog.getByLabelText('Confirm New Password'), 'NewPassword1!');
    await user.click(dialog.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const section = within(screen.getByRole('region', { name: 'Password' }));
    expect(section.getByRole('status')).toHaveTextContent('Your password has been updated.');
    expect(section.getByRole('button', { name: 'Update Password' })).toHaveFocus();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: pathOf(usersApi.updatePassword, { userId: 1 }),
      body: {
        password: 'OldPassword1!',
        newPassword: 'NewPassword1!',
        newPasswordConfirmation: 'NewPassword1!',
        userId: 1,
      },
    });
  });
});
