import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordUpdate } from '@stg/domain/validation';
import { api } from '../../../lib/api-client';
import type { PasswordUpdateRequest, User } from '../../../lib/api-types';
import { updateSession } from '../../../lib/session/session-query';

/**
 * PATCH /api/users/{userId}/update_password. The server ends the user's other sessions; this one stays
 * (the API client keeps any rotated CSRF token).
 */
export function useUpdatePassword(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PasswordUpdate) =>
      api.patch<{ user?: User }>(`/api/users/${userId}/update_password`, {
        ...values,
        userId,
      } satisfies PasswordUpdateRequest),
    onSuccess: (data) => {
      const user = data?.user;
      if (user) updateSession(queryClient, (session) => ({ ...session, user }));
    },
  });
}
