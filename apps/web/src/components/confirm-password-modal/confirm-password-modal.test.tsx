import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VENDOR_MESSAGES } from '@stg/domain/api/vendors';
import { tooManyPasswordAttemptsMessage } from '@stg/domain/validation';
import { ApiError } from '../../lib/api-client';
import { ModalProvider, useModal } from '../modal/modal-provider';
import { ConfirmPasswordModal, type ConfirmPasswordModalProps } from './confirm-password-modal';

function setup(props: Partial<ConfirmPasswordModalProps> = {}) {
  const onConfirm = props.onConfirm ?? vi.fn(() => Promise.resolve());
  const onConfirmed = vi.fn();
  function Opener() {
    const { openModal } = useModal();
    return (
      <button
        type="button"
        onClick={() =>
          openModal(
            <ConfirmPasswordModal
              title="Deactivate Listing"
              message="Enter your password to deactivate your listing."
              confirmLabel="Deactivate"
              onConfirmed={onConfirmed}
              {...props}
              onConfirm={onConfirm}
            />,
          )
        }
      >
        Open
      </button>
    );
  }
  const user = userEvent.setup();
  render(
    <ModalProvider>
      <Opener />
    </ModalProvider>,
  );
  return { user, onConfirm, onConfirmed };
}

const wrongPassword = () => new ApiError(422, [VENDOR_MESSAGES.passwordIncorrect]);

describe('ConfirmPasswordModal', () => {
  it('shows the title and message and puts focus in the password field', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Listing' });
    expect(dialog).toHaveTextContent('Enter your password to deactivate your listing.');
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveFocus();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('sends the password on Enter, closes and calls onConfirmed on success', async () => {
    const { user, onConfirm, onConfirmed } = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText('Password'), 'Password123!{Enter}');
    expect(onConfirm).toHaveBeenCalledWith('Password123!');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirmed).toHaveBeenCalledTimes(1);
  });

  it('asks for the password instead of sending an empty one', async () => {
    const { user, onConfirm } = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(screen.getByRole('alert')).toHaveTextContent(VENDOR_MESSAGES.passwordRequired);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('is busy while sending: the button says so and cannot be pressed twice', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { user } = setup({ onConfirm, busyLabel: 'Deactivating…' });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText('Password'), 'secret-pass1');
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const busy = screen.getByRole('button', { name: 'Deactivating…' });
    expect(busy).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a refusal under the field, keeps and selects the password, and clears it on edit', async () => {
    const onConfirm = vi.fn(() => Promise.reject(wrongPassword()));
    const { user, onConfirmed } = setup({ onConfirm });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const field = screen.getByLabelText('Password');
    await user.type(field, 'wrong-pass1{Enter}');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(VENDOR_MESSAGES.passwordIncorrect));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(field).toHaveValue('wrong-pass1');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(VENDOR_MESSAGES.passwordIncorrect);
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeEnabled();
    expect(onConfirmed).not.toHaveBeenCalled();

    await user.type(field, 'x');
    expect(alert).toBeEmptyDOMElement();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('shows a throttled confirmation, naming password attempts and the wait (issue 23)', async () => {
    const throttled = tooManyPasswordAttemptsMessage(120);
    const onConfirm = vi.fn(() => Promise.reject(new ApiError(429, [throttled])));
    const { user, onConfirmed } = setup({ onConfirm });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText('Password'), 'Password123!{Enter}');
    const alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(alert).toHaveTextContent('Too many password attempts. Please wait 2 minutes and try again.'),
    );
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it('Cancel closes without sending', async () => {
    const { user, onConfirm } = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
