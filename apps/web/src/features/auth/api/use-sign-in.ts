import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import type { SignIn } from '@stg/domain/validation';
import { call } from '../../../lib/api-client';
import { useHomeViewChoice } from '../../../lib/session/home-view-provider';
import { setSession } from '../../../lib/session/session-query';

/**
 * POST /api/session. The API client refreshes the CSRF token and retries once on
 * "Invalid Authenticity Token" (spec §4, §8). A vendor starts in vendor view.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const { resetHomeView } = useHomeViewChoice();
  return useMutation({
    mutationFn: (credentials: SignIn) => call(sessionApi.signIn, { body: { user: credentials } }),
    onSuccess: (data) => {
      resetHomeView();
      setSession(queryClient, data);
    },
  });
}
