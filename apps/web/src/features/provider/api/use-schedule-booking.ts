import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { Booking, BookingUpdateRequest } from '@stg/domain/api/bookings';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { SESSION_QUERY_KEY, upsertSessionBooking } from '../../../lib/session/session-query';

export interface ScheduleBookingInput {
  bookingId: number;
  /** ISO 8601 with the America/Denver offset. */
  appointmentAt: string;
}

/**
 * The Scheduling panel's Continue (spec §4: "Continue on the scheduler sets scheduled"): PUT
 * /api/bookings/{id} { booking: { appointmentAt } }. A time that is no longer free answers 422 with
 * "Appointment time is no longer available. Please select a different time."
 */
export function useScheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ bookingId, appointmentAt }: ScheduleBookingInput): Promise<Booking> => {
      const body: BookingUpdateRequest = { booking: { appointmentAt } };
      return (await call(bookingsApi.update, { params: { id: bookingId }, body })).booking;
    },
    onSuccess: (booking) => {
      upsertSessionBooking(queryClient, booking);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
