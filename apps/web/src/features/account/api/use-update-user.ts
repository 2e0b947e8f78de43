import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userResponseSchema, type UserUpdateRequest } from '@stg/domain/api/users';
import type { UserUpdate } from '@stg/domain/validation';
import { api } from '../../../lib/api-client';
import { updateSession } from '../../../lib/session/session-query';

/**
 * PATCH /api/users/{id}: first and last name, email and phone. The answer is read with the shared
 * contract; the session cache takes it.
 */
export function useUpdateUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: UserUpdate) =>
      userResponseSchema.parse(
        await api.patch(`/api/users/${userId}`, {
          user: { id: userId, ...values },
        } satisfies UserUpdateRequest),
      ),
    onSuccess: ({ user }) => updateSession(queryClient, (session) => ({ ...session, user })),
  });
}
