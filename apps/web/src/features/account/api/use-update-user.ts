import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserUpdate } from '@stg/domain/validation';
import { api } from '../../../lib/api-client';
import type { User, UserUpdateRequest } from '../../../lib/api-types';
import { updateSession } from '../../../lib/session/session-query';

/** PATCH /api/users/{id}: first and last name, email and phone. The session cache takes the answer. */
export function useUpdateUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UserUpdate) =>
      api.patch<{ user: User }>(`/api/users/${userId}`, {
        user: { id: userId, ...values },
      } satisfies UserUpdateRequest),
    onSuccess: ({ user }) => updateSession(queryClient, (session) => ({ ...session, user })),
  });
}
