import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerSignUp } from '@stg/domain/validation';
import { api } from '../../../lib/api-client';
import type { CustomerSignUpRequest, SignUpResponse } from '../../../lib/api-types';
import { useHomeViewChoice } from '../../../lib/session/home-view-provider';
import { setSession } from '../../../lib/session/session-query';

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

/** POST /api/users: creates a customer and signs them in (the server rotates the CSRF token). */
export function useSignUp() {
  const queryClient = useQueryClient();
  const { resetHomeView } = useHomeViewChoice();
  return useMutation({
    mutationFn: (values: CustomerSignUp) => api.post<SignUpResponse>('/api/users', toSignUpRequest(values)),
    onSuccess: (data) => {
      resetHomeView();
      setSession(queryClient, { user: data.user, addresses: data.addresses, orders: [], vendor: null });
    },
  });
}
