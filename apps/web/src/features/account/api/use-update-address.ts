import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressUpdateRequest } from '@stg/domain/api/users';
import { usersApi } from '@stg/domain/api/users.endpoints';
import type { AddressInput } from '@stg/domain/validation';
import { call } from '../../../lib/api-client';
import { updateSession } from '../../../lib/session/session-query';

export function toAddressRequest(values: AddressInput): AddressUpdateRequest {
  return {
    address: {
      streetAddress: values.streetAddress,
      street_address_2: values.streetAddress2 ?? '',
      city: values.city,
      state: values.state,
      zipCode: values.zipCode,
    },
  };
}

/**
 * PATCH /api/addresses/{id}. The answer is read with the shared contract; the saved address replaces its
 * old self in the session cache, so the header's address lines change at once.
 */
export function useUpdateAddress(addressId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AddressInput) =>
      call(usersApi.updateAddress, { params: { id: addressId }, body: toAddressRequest(values) }),
    onSuccess: ({ address }) =>
      updateSession(queryClient, (session) => ({
        ...session,
        addresses: session.addresses.map((a) => (a.id === address.id ? { ...a, ...address } : a)),
      })),
  });
}
