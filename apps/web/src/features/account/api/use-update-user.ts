import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserUpdateRequest } from '@stg/domain/api/users';
import { usersApi } from '@stg/domain/api/users.endpoints';
import type { UserUpdate } from '@stg/domain/validation';
import { call } from '../../../lib/api-client';
import { updateSession } from '../../../lib/session/session-query';

/**
 * PATCH /api/users/{id}: first and last name, email and phone. The answer is read with the shared
 * contract; the session cache takes it.
 */
export function useUpdateUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UserUpdate) =>
      call(usersApi.update, {
        params: { id: userId },
        body: { user: { id: userId, ...values } } satisfies UserUpdateRequest,
      }),
    onSuccess: ({ user }) => updateSession(queryClient, (session) => ({ ...session, user })),
  });
}
