import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, tooManyPasswordAttemptsMessage } from '@stg/domain/validation';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { customerSession, customerUser } from '../../test/fixtures';
import { at, mockApi, type MockResponse } from '../../test/mock-api';
import { LAZY, renderApp } from '../../test/render-app';

function start(updatePassword: MockResponse | MockResponse[]) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: customerSession, headers: { 'X-CSRF-Token': 'token-1' } },
    [at(usersApi.updatePassword, { userId: 1 })]: updatePassword,
  });
  return { ...api, ...renderApp('/account') };
}

async function openModal(user: ReturnType<typeof start>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Update Password' }, LAZY));
  const dialog = within(await screen.findByRole('dialog', { name: 'Update Password' }));
  await user.type(dialog.getByLabelText('Current Password'), 'WrongPassword1!');
  await user.type(dialog.getByLabelText('New Password'), 'NewPassword1!');
  await user.type(dialog.getByLabelText('Confirm New Password'), 'NewPassword1!');
  await user.click(dialog.getByRole('button', { name: 'Update Password' }));
  return dialog;
}

const wrongPassword = { status: 422, body: { errors: [MESSAGES.currentPasswordIncorrect] } };

describe('UpdatePasswordForm: a server message about a field', () => {
  it('stays until that field is edited, then goes; what was typed is kept', async () => {
    const { user, calls } = start([wrongPassword, { body: { user: customerUser } }]);
    const dialog = await openModal(user);
    expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.currentPasswordIncorrect);
    const current = dialog.getByLabelText('Current Password');
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute('aria-invalid', 'true');

    // Editing another field does not answer it.
    await user.type(dialog.getByLabelText('Confirm New Password'), 'x');
    await user.type(dialog.getByLabelText('Confirm New Password'), '{Backspace}');
    expect(dialog.getByRole('alert')).toHaveTextContent(MESSAGES.currentPasswordIncorrect);

    await user.clear(current);
    await user.type(current, 'OldPassword1!');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(dialog.queryByText(MESSAGES.currentPasswordIncorrect)).not.toBeInTheDocument();
    expect(current).not.toHaveAttribute('aria-invalid');
    expect(current).toHaveValue('OldPassword1!');
    expect(dialog.getByLabelText('New Password')).toHaveValue('NewPassword1!');
    expect(dialog.getByLabelText('Confirm New Password')).toHaveValue('NewPassword1!');

    await user.click(dialog.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Your password has been updated.')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.method === 'PATCH').map((c) => (c.body as { password: string }).password),
    ).toEqual(['WrongPassword1!', 'OldPassword1!']);
  });

  it('comes back when the corrected password is refused again', async () => {
    const { user } = start([wrongPassword, wrongPassword]);
    const dialog = await openModal(user);
    await dialog.findByRole('alert');
    await user.type(dialog.getByLabelText('Current Password'), '2');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Update Password' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.currentPasswordIncorrect);
  });

  it('keeps a message about no field (too many attempts) until the next submit', async () => {
    const { user } = start({ status: 429, body: { errors: [tooManyPasswordAttemptsMessage(900)] } });
    const dialog = await openModal(user);
    expect(await dialog.findByRole('alert')).toHaveTextContent(tooManyPasswordAttemptsMessage(900));
    await user.type(dialog.getByLabelText('Current Password'), '2');
    expect(dialog.getByRole('alert')).toHaveTextContent(tooManyPasswordAttemptsMessage(900));
  });
});
