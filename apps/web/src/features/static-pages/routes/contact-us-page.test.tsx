import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, tooManyMessage } from '@stg/domain/validation';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { pathOf } from '@stg/domain/api/endpoint';
import { customerSession, signedOut } from '../../../test/fixtures';
import { at, mockApi } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';
import { CONTACT_SUCCESS_DELAY_MS } from './contact-us-page';

async function fill(user: ReturnType<typeof renderApp>['user'], name = true) {
  if (name) {
    await user.type(screen.getByLabelText('Name'), 'Sam Smith');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  }
  await user.type(screen.getByLabelText('Subject'), 'A question');
  await user.type(screen.getByLabelText('Message'), 'Do you serve Ivins?');
}

describe('contact us', () => {
  it('requires all four fields with the shared messages', async () => {
    const { calls } = mockApi({ [at(sessionApi.current)]: { body: signedOut } });
    const { user } = renderApp('/contact-us');
    await user.click(await screen.findByRole('button', { name: 'Send Message' }, LAZY));
    for (const message of [
      MESSAGES.nameRequired,
      MESSAGES.emailRequired,
      MESSAGES.subjectRequired,
      MESSAGES.messageRequired,
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getByText(/We reply within 24 hours/)).toBeInTheDocument();
  });

  it('states each limit before it is hit, and words one passed plainly (issue 23)', async () => {
    const { calls } = mockApi({ [at(sessionApi.current)]: { body: signedOut } });
    const { user } = renderApp('/contact-us');
    await screen.findByRole('button', { name: 'Send Message' }, LAZY);
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '200');
    expect(screen.getByLabelText('Email')).toHaveAttribute('maxLength', '254');
    expect(screen.getByLabelText('Subject')).toHaveAttribute('maxLength', '200');
    expect(screen.getByLabelText('Message')).toHaveAttribute('maxLength', '5000');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('0 of 5000 characters');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('5 of 5000 characters');
    // A longer text than the inputs let one type (pasted by a script, say) is refused in plain words.
    await fill(user);
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 's'.repeat(201) } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'm'.repeat(5001) } });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Subject must be at most 200 characters.')).toBeInTheDocument();
    expect(screen.getByText('Message must be at most 5000 characters.')).toBeInTheDocument();
    expect(screen.queryByText(/Too big/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('goes unsent → loading → sent, showing "Message Sent" only after 500 ms', async () => {
    const { calls } = mockApi({
      [at(sessionApi.current)]: { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
      [at(supportApi.contact)]: { status: 201, body: { message: 'Message Sent' } },
    });
    const { user } = renderApp('/contact-us');
    await screen.findByRole('button', { name: 'Send Message' }, LAZY);
    await fill(user);

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    // The exact 500 ms pause is checked with fake timers below; here, the real flow end to end.

    // The pause plus a loaded machine can pass the default one-second wait.
    expect(await screen.findByRole('heading', { name: 'Message Sent' }, { timeout: 5_000 })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(/within 24 hours/);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: pathOf(supportApi.contact),
      headers: { 'x-csrf-token': 'token-1' },
      body: {
        message: {
          name: 'Sam Smith',
          email: 'sam@example.com',
          subject: 'A question',
          message: 'Do you serve Ivins?',
        },
      },
    });

    await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('waits exactly the pause before saying Message Sent (fake timers)', async () => {
    const { calls } = mockApi({
      [at(sessionApi.current)]: { body: signedOut },
      [at(supportApi.contact)]: { status: 201, body: { message: 'Message Sent' } },
    });
    const { user } = renderApp('/contact-us');
    await screen.findByRole('button', { name: 'Send Message' }, LAZY);
    await fill(user);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(async () => {
        screen.getByRole('button', { name: 'Send Message' }).click();
      });
      // Let the request settle (setImmediate is not faked) without moving the clock.
      for (let i = 0; i < 20; i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
      expect(calls.some((c) => c.method === 'POST')).toBe(true);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(CONTACT_SUCCESS_DELAY_MS - 50);
      });
      expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
      expect(screen.queryByText('Message Sent')).not.toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
      expect(screen.getByRole('heading', { name: 'Message Sent' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the server errors, such as too many messages', async () => {
    mockApi({
      [at(sessionApi.current)]: { body: signedOut },
      [at(supportApi.contact)]: { status: 429, body: { errors: [tooManyMessage('contact', 120)] } },
    });
    const { user } = renderApp('/contact-us');
    await screen.findByRole('button', { name: 'Send Message' }, LAZY);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tooManyMessage('contact', 120));
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.queryByText('Message Sent')).not.toBeInTheDocument();
  });

  it('fills in the name and email of a signed-in user', async () => {
    mockApi({ [at(sessionApi.current)]: { body: customerSession } });
    renderApp('/contact-us');
    expect(await screen.findByLabelText('Name', {}, LAZY)).toHaveValue('Ann Lee');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
  });
});
