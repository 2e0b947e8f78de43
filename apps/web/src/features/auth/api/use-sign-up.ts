import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerSignUpRequest } from '@stg/domain/api/users';
import type { CustomerSignUp } from '@stg/domain/validation';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { call } from '../../../lib/api-client';
import type { Session } from '@stg/domain/api/session';
import { useHomeViewChoice } from '../../../lib/session/home-view-provider';
import { SESSION_QUERY_KEY, setSession } from '../../../lib/session/session-query';

export function toSignUpRequest(values: CustomerSignUp): CustomerSignUpRequest {
  const { address, ...user } = values;
  return {
    user: {
      ...user,
      address: {
        streetAddress: address.streetAddress,
        street_address_2: address.streetAddress2 ?? '',
        city: address.city,
        state: address.state,
        zipCode: address.zipCode,
      },
    },
  };
}

/**
 * POST /api/users: creates a customer and signs them in (the server rotates the CSRF token). The server
 * moves a guest's bookings in progress (same ids) and answers to the new account, but answers only the
 * user and the address: the bookings already shown stay in the cached session, and the whole session is
 * fetched again for the truth (a guest in the middle of a booking keeps the booking and its time).
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  const { resetHomeView } = useHomeViewChoice();
  return useMutation({
    // The answer's schema (and zod) load beside the request, not with the first bundle (ADR 0023, 0027).
    mutationFn: (values: CustomerSignUp) => call(usersApi.signUp, { body: toSignUpRequest(values) }),
    onSuccess: (data) => {
      resetHomeView();
      const previous = queryClient.getQueryData<Session>(SESSION_QUERY_KEY);
      setSession(queryClient, {
        user: data.user,
        addresses: data.addresses,
        orders: [],
        vendor: null,
        bookings: (previous?.bookings ?? []).map((b) => ({ ...b, userId: data.user.id })),
      });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
