import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInRequest } from '@stg/domain/api/session';
import type { SignIn } from '@stg/domain/validation';
import { api, SESSION_PATH } from '../../../lib/api-client';
import { useHomeViewChoice } from '../../../lib/session/home-view-provider';
import { readSession, setSession } from '../../../lib/session/session-query';

/**
 * POST /api/session. The API client refreshes the CSRF token and retries once on
 * "Invalid Authenticity Token" (spec §4, §8). A vendor starts in vendor view.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const { resetHomeView } = useHomeViewChoice();
  return useMutation({
    mutationFn: async (credentials: SignIn) =>
      readSession(await api.post(SESSION_PATH, { user: credentials } satisfies SignInRequest)),
    onSuccess: (data) => {
      resetHomeView();
      setSession(queryClient, data);
    },
  });
}
