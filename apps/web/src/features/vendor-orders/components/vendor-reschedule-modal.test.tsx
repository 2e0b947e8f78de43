import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { urlOf } from '../../../lib/api-client';
import { LAZY } from '../../../test/render-app';
import { onQuarterHours } from '../api/vendor-availability-query';
import {
  callsTo,
  holdRequests,
  makeVendorAvailability,
  makeVendorOrder,
  page,
  showVendorOrders,
} from '../test-fixtures';
import { CHOOSE_TIME, VENDOR_RESCHEDULE_CONFIRM, VENDOR_RESCHEDULE_TITLE } from './vendor-reschedule-modal';
import { at } from '../../../test/mock-api';

const order = makeVendorOrder();
const moved = makeVendorOrder({
  appointmentAt: '2026-12-03T17:15:00.000Z',
  previousAppointmentAt: order.appointmentAt,
  fulfillmentStatus: 'rescheduled',
});
const RESCHEDULE = at(ordersApi.reschedule, { id: 100 });

async function openReschedule(user: ReturnType<typeof showVendorOrders>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Actions for order SRV-1001' }, LAZY));
  await user.click(screen.getByRole('menuitem', { name: 'Reschedule' }));
  const dialog = within(await screen.findByRole('dialog', { name: VENDOR_RESCHEDULE_TITLE }));
  await dialog.findByRole('grid');
  return dialog;
}

const buttonsOf = (group: HTMLElement) =>
  within(group)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent);

describe('reschedule-appointment modal (vendor)', () => {
  it("offers only the calendar's available dates, in 15-minute steps, starting on the order's day", async () => {
    const { user, calls } = showVendorOrders([order]);
    const dialog = await openReschedule(user);
    expect(callsTo(calls, bookingsApi.availability, { id: 7 }).map((c) => c.path)).toEqual([
      urlOf(bookingsApi.availability, { params: { id: 7 }, query: { duration: '90', order_id: '100' } }),
    ]);
    expect(dialog.getByText(/Current appointment:/)).toHaveTextContent(
      'Current appointment: Dec 1st, 9:00am. The job takes about 2h 30m.',
    );
    const december = dialog.getByRole('grid', { name: 'December 2026' });
    expect(
      within(december)
        .getAllByRole('button')
        .filter((b) => !(b as HTMLButtonElement).disabled)
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Tuesday, December 1, 2026', 'Thursday, December 3, 2026']);
    expect(buttonsOf(dialog.getByRole('group', { name: 'Hour' }))).toEqual(['9am', '1pm']);
    expect(buttonsOf(dialog.getByRole('group', { name: /Minute/ }))).toEqual([
      '9:00 am',
      '9:15 am',
      '9:30 am',
    ]);
    expect(dialog.getByRole('status')).toHaveTextContent(CHOOSE_TIME);
  });

  it('keeps an answer in one-minute steps to quarter hours', () => {
    const quarter = onQuarterHours(
      makeVendorAvailability({
        stepMinutes: 1,
        days: [
          {
            date: '2026-12-01',
            ranges: [
              { start_time: '2026-12-01T09:07:00-07:00', end_time: '2026-12-01T09:52:00-07:00' },
              { start_time: '2026-12-01T10:01:00-07:00', end_time: '2026-12-01T10:14:00-07:00' },
            ],
          },
        ],
      }),
    );
    expect(quarter.stepMinutes).toBe(15);
    expect(quarter.days[0]!.ranges).toEqual([
      { start_time: '2026-12-01T09:15:00-07:00', end_time: '2026-12-01T09:45:00-07:00' },
    ]);
  });

  it('needs a time, a different one than the current, and the confirm checkbox', async () => {
    const { user, calls } = showVendorOrders([order]);
    const dialog = await openReschedule(user);
    await user.click(dialog.getByRole('button', { name: 'Reschedule' }));
    expect(dialog.getByRole('status')).toHaveTextContent(CHOOSE_TIME);
    expect(dialog.getByText(ORDER_MESSAGES.confirmRequired)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: '9:00 am' }));
    expect(dialog.getByRole('status')).toHaveTextContent(ORDER_MESSAGES.sameTime);
    await user.click(dialog.getByRole('checkbox', { name: VENDOR_RESCHEDULE_CONFIRM }));
    await user.click(dialog.getByRole('button', { name: 'Reschedule' }));
    expect(dialog.getByRole('status')).toHaveTextContent(ORDER_MESSAGES.sameTime);
    expect(callsTo(calls, ordersApi.reschedule, { id: 100 })).toHaveLength(0);
  });

  it('sends {order: {appointmentAt, confirmed: true}} in St George time, closes, refreshes and says so', async () => {
    const { user, calls } = showVendorOrders([{ body: page([order]) }, { body: page([moved]) }], {
      [RESCHEDULE]: { body: { order: moved } },
    });
    const dialog = await openReschedule(user);
    await user.click(dialog.getByRole('button', { name: 'Thursday, December 3, 2026' }));
    await user.click(dialog.getByRole('button', { name: '10:15 am' }));
    expect(dialog.getByRole('status')).toHaveTextContent('New time: Dec 3rd, 10:15am (Mountain Time)');
    await user.click(dialog.getByRole('checkbox', { name: VENDOR_RESCHEDULE_CONFIRM }));
    await user.click(dialog.getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, ordersApi.reschedule, { id: 100 }).map((c) => c.body)).toEqual([
      { order: { appointmentAt: '2026-12-03T10:15:00-07:00', confirmed: true } },
    ]);
    expect(
      screen.getByText(
        'Order SRV-1001 is rescheduled to Dec 3rd, 10:15am (Mountain Time). Ann Lee is emailed an updated invite.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-status="rescheduled"]')).toBeInTheDocument());
  });

  it('a time taken meanwhile: the message shows, the choice stays, the times are read again; one request while busy', async () => {
    const { user, calls, fetchMock } = showVendorOrders([order], {
      [RESCHEDULE]: {
        status: 422,
        body: { errors: ['Appointment time is no longer available. Please select a different time.'] },
      },
    });
    const release = holdRequests(fetchMock, RESCHEDULE);
    const dialog = await openReschedule(user);
    await user.click(dialog.getByRole('button', { name: '9:15 am' }));
    await user.click(dialog.getByRole('checkbox', { name: VENDOR_RESCHEDULE_CONFIRM }));
    await user.dblClick(dialog.getByRole('button', { name: 'Reschedule' }));
    expect(await dialog.findByRole('button', { name: 'Rescheduling…' })).toBeDisabled();
    release();
    expect(await dialog.findByRole('alert')).toHaveTextContent('Appointment time is no longer available.');
    expect(callsTo(calls, ordersApi.reschedule, { id: 100 })).toHaveLength(1);
    await waitFor(() => expect(callsTo(calls, bookingsApi.availability, { id: 7 })).toHaveLength(2));
    expect(dialog.getByRole('button', { name: '9:15 am' })).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.getByRole('checkbox', { name: VENDOR_RESCHEDULE_CONFIRM })).toBeChecked();
  });
});
