import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client';
import type { UserInputsRequest } from '@stg/domain/api/pricing';
import type { Answers, Booking, BookingCreateRequest, BookingUpdateRequest } from '@stg/domain/api/bookings';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import type { PlanFrequency } from '@stg/domain/plans';
import { pricingApi } from '@stg/domain/api/pricing.endpoints';
import { SESSION_QUERY_KEY, upsertSessionBooking } from '../../../lib/session/session-query';

export interface SaveQuoteInput {
  vendorId: number;
  /** The caller's open booking with this vendor: it is updated instead of creating another. */
  existingBookingId: number | null;
  answers: Answers;
  customerNotes: string | null;
  /** Where the answers are kept for next time: the signed-in user's current address, or the guest session. */
  answersTarget: { addressId: number } | 'guest' | null;
  /** ADR 0037: the "How often?" frequency, or null for one time (left out: one time). */
  planFrequency?: PlanFrequency | null;
}

async function saveBooking({
  vendorId,
  existingBookingId,
  answers,
  customerNotes,
  planFrequency = null,
}: SaveQuoteInput): Promise<Booking> {
  if (existingBookingId !== null) {
    const body: BookingUpdateRequest = { booking: { answers, customerNotes, planFrequency } };
    try {
      return (await call(bookingsApi.update, { params: { id: existingBookingId }, body })).booking;
    } catch (error) {
      // The booking is gone (paid and cleared, or another session): price a new one instead.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  const body: BookingCreateRequest = { booking: { vendorId, answers, customerNotes, planFrequency } };
  return (await call(bookingsApi.create, { body })).booking;
}

/** Saving the answers for next time is a convenience: a failure is only logged (spec §8). */
async function saveAnswers(target: SaveQuoteInput['answersTarget'], answers: Answers): Promise<void> {
  if (target === null) return;
  const body: UserInputsRequest = { userInputs: answers };
  try {
    if (target === 'guest') await call(pricingApi.saveGuestInputs, { body });
    else await call(pricingApi.saveUserInputs, { params: { id: target.addressId }, body });
  } catch (error) {
    console.error('Saving pricing answers failed', error);
  }
}

/**
 * The Instant Pricing panel's Continue (spec §4 "Price obtained"): POST /api/bookings, or PUT
 * /api/bookings/{id} for the open booking with this vendor. The server prices it (its price and
 * duration are the ones that count); at the same time the answers are saved to the current address or
 * the guest session; then the session is fetched again.
 */
export function useSaveQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    // A signed-in customer's answers are saved for next time beside the booking, not after it: the
    // Scheduling panel waits for the booking only (issue 23 #18; saveAnswers never throws, a failure is
    // logged). A guest's follow the booking, which may be what starts the guest's session.
    mutationFn: async (input: SaveQuoteInput) => {
      if (input.answersTarget === 'guest') {
        const booking = await saveBooking(input);
        await saveAnswers(input.answersTarget, input.answers);
        return booking;
      }
      const [booking] = await Promise.all([
        saveBooking(input),
        saveAnswers(input.answersTarget, input.answers),
      ]);
      return booking;
    },
    onSuccess: (booking) => {
      upsertSessionBooking(queryClient, booking);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
