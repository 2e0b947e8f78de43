import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { urlOf } from '../../../lib/api-client';
import { LAZY } from '../../../test/render-app';
import { callsTo, makeCustomerOrder, makeOrderAvailability, showOrders } from '../test-fixtures';
import { RESCHEDULE_TITLE } from './reschedule-appointment-modal';
import { at } from '../../../test/mock-api';

const order = makeCustomerOrder();

async function openReschedule(user: ReturnType<typeof showOrders>['user']) {
  await user.click(await screen.findByRole('button', { name: /^Reschedule/ }, LAZY));
  const dialog = await screen.findByRole('dialog', { name: RESCHEDULE_TITLE });
  await within(dialog).findByRole('grid');
  return within(dialog);
}

describe('reschedule-appointment modal', () => {
  it("offers only the vendor's free times for this order, starting on its own day", async () => {
    const { user, calls } = showOrders([order]);
    const dialog = await openReschedule(user);
    expect(callsTo(calls, bookingsApi.availability, { id: 7 }).map((c) => c.path)).toEqual([
      urlOf(bookingsApi.availability, { params: { id: 7 }, query: { duration: '90', order_id: '100' } }),
    ]);
    expect(dialog.getByText(/Current appointment:/)).toHaveTextContent(
      'Current appointment: Dec 1st, 9:00am.',
    );
    expect(document.body.style.overflow).toBe('hidden');

    const december = dialog.getByRole('grid', { name: 'December 2026' });
    const enabled = within(december)
      .getAllByRole('button')
      .filter((b) => !(b as HTMLButtonElement).disabled)
      .map((b) => b.getAttribute('aria-label'));
    expect(enabled).toEqual(['Tuesday, December 1, 2026', 'Thursday, December 3, 2026']);
    expect(dialog.getByRole('button', { name: 'Tuesday, December 1, 2026' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const hours = dialog.getByRole('group', { name: 'Hour' });
    expect(
      within(hours)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9am', '1pm']);
    // No time is chosen yet: nothing to confirm.
    expect(dialog.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    expect(dialog.getByRole('status')).toHaveTextContent('Choose a day and a start time.');
  });

  it('the current time cannot be confirmed again', async () => {
    const { user, calls } = showOrders([order]);
    const dialog = await openReschedule(user);
    await user.click(dialog.getByRole('button', { name: '9:00 am' }));
    expect(dialog.getByText(ORDER_MESSAGES.sameTime)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    expect(callsTo(calls, ordersApi.reschedule, { id: 100 })).toHaveLength(0);
  });

  it('picks a free time, PATCHes it, closes, announces it and refreshes the orders and the session', async () => {
    const moved = makeCustomerOrder({
      appointmentAt: '2026-12-03T17:00:00.000Z',
      previousAppointmentAt: order.appointmentAt,
      fulfillmentStatus: 'rescheduled',
      rescheduleCount: 1,
    });
    const { user, calls } = showOrders([[order], [moved]], {
      [at(ordersApi.reschedule, { id: 100 })]: { body: { order: moved } },
    });
    const dialog = await openReschedule(user);
    await user.click(dialog.getByRole('button', { name: 'Thursday, December 3, 2026' }));
    await user.click(dialog.getByRole('button', { name: '10:00 am' }));
    const confirm = dialog.getByRole('button', { name: 'Reschedule to Dec 3rd, 10:00am' });
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, ordersApi.reschedule, { id: 100 }).map((c) => c.body)).toEqual([
      { order: { appointmentAt: '2026-12-03T10:00:00-07:00' } },
    ]);
    expect(
      await screen.findByText(
        'Your appointment with Sparkle Cleaning is now Dec 3rd, 10:00am (Mountain Time).',
      ),
    ).toHaveAttribute('role', 'status');
    await waitFor(() => expect(callsTo(calls, ordersApi.customerOrders)).toHaveLength(2));
    await waitFor(() => expect(callsTo(calls, sessionApi.current).length).toBeGreaterThanOrEqual(2));
    const row = screen.getByRole('button', { name: /^Sparkle Cleaning/ });
    expect(row).toHaveTextContent('Appointment Dec 3rd, 10:00am');
    expect(row.querySelector('.badge[data-status="rescheduled"]')).toHaveClass('badge--yellow');
    // Focus goes back to the row's Reschedule button.
    expect(screen.getByRole('button', { name: /^Reschedule/ })).toHaveFocus();
  });

  it("a time refused meanwhile shows the server's message and fetches the times again", async () => {
    const unavailable = SCHEDULING_MESSAGES.appointmentUnavailable;
    const { user, calls } = showOrders([order], {
      [at(ordersApi.reschedule, { id: 100 })]: { status: 422, body: { errors: [unavailable] } },
      [at(bookingsApi.availability, { id: 7 })]: [
        { body: makeOrderAvailability() },
        {
          // 1:01pm was taken.
          body: makeOrderAvailability({
            days: [
              {
                date: '2026-12-01',
                ranges: [{ start_time: '2026-12-01T13:00:00-07:00', end_time: '2026-12-01T13:00:00-07:00' }],
              },
            ],
          }),
        },
      ],
    });
    const dialog = await openReschedule(user);
    await user.click(dialog.getByRole('button', { name: '1pm' }));
    await user.click(dialog.getByRole('button', { name: '1:01 pm' }));
    await user.click(dialog.getByRole('button', { name: 'Reschedule to Dec 1st, 1:01pm' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(unavailable);
    await waitFor(() => expect(callsTo(calls, bookingsApi.availability, { id: 7 })).toHaveLength(2));
    await waitFor(() => expect(dialog.queryByRole('button', { name: '1:01 pm' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: RESCHEDULE_TITLE })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
  });

  it('closes with Escape or Keep Current Time without changing anything', async () => {
    const { user, calls } = showOrders([order]);
    await openReschedule(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Reschedule/ })).toHaveFocus();

    const dialog = await openReschedule(user);
    await user.click(dialog.getByRole('button', { name: 'Keep Current Time' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(calls, ordersApi.reschedule, { id: 100 })).toHaveLength(0);
  });

  it('says so when the vendor has no free time', async () => {
    const { user } = showOrders([order], {
      [at(bookingsApi.availability, { id: 7 })]: { body: makeOrderAvailability({ days: [] }) },
    });
    await user.click(await screen.findByRole('button', { name: /^Reschedule/ }, LAZY));
    const dialog = within(await screen.findByRole('dialog', { name: RESCHEDULE_TITLE }));
    expect(
      await dialog.findByText(
        'Sparkle Cleaning has no open times in the next 90 days. Please contact the vendor.',
      ),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('grid')).not.toBeInTheDocument();
  });
});
