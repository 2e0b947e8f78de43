import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordUpdateRequest } from '@stg/domain/api/users';
import { usersApi } from '@stg/domain/api/users.endpoints';
import type { PasswordUpdate } from '@stg/domain/validation';
import { call } from '../../lib/api-client';
import { updateSession } from '../../lib/session/session-query';

/**
 * PATCH /api/users/{userId}/update_password. The server ends the user's other sessions; this one stays
 * (the API client keeps any rotated CSRF token). The answer (the user) is read with the shared contract.
 */
export function useUpdatePassword(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PasswordUpdate) =>
      call(usersApi.updatePassword, {
        params: { userId },
        body: { ...values, userId } satisfies PasswordUpdateRequest,
      }),
    onSuccess: ({ user }) => updateSession(queryClient, (session) => ({ ...session, user })),
  });
}
