import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';
import { ModalProvider, useModal } from './modal-provider';

function Opener() {
  const { openModal } = useModal();
  return (
    <button
      type="button"
      onClick={() =>
        openModal(
          <Modal title="Example">
            <label>
              Name <input />
            </label>
            <button type="button">Save</button>
          </Modal>,
        )
      }
    >
      Open
    </button>
  );
}

function setup() {
  const user = userEvent.setup();
  render(
    <ModalProvider>
      <Opener />
    </ModalProvider>,
  );
  return user;
}

describe('Modal', () => {
  it('is a titled modal dialog that locks page scroll and takes focus', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Example' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('aria-labelledby');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closes on Escape, unlocks scroll and gives focus back to the opener', async () => {
    const user = setup();
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('gives focus to the section around the opener when the opener is gone by the time it closes', async () => {
    function Vanishing() {
      const { openModal } = useModal();
      const [done, setDone] = useState(false);
      return (
        <section aria-label="Booking">
          {done ? (
            <p>Booked</p>
          ) : (
            <button
              type="button"
              onClick={() => {
                openModal(<Modal title="Pay">Paid</Modal>);
                setDone(true);
              }}
            >
              Checkout
            </button>
          )}
        </section>
      );
    }
    const user = userEvent.setup();
    render(
      <ModalProvider>
        <Vanishing />
      </ModalProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('region', { name: 'Booking' })).toHaveFocus();
  });

  it('closes on a background click but not on a click inside, and with the Close button', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not closed by the second press of the double click that opened it', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'), { detail: 2 });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'), { detail: 1 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps keyboard focus inside while open', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const input = screen.getByRole('textbox', { name: 'Name' });
    const save = screen.getByRole('button', { name: 'Save' });
    close.focus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
  });
});
