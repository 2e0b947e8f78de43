import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ResetPasswordResponse } from '../../../lib/api-types';
import { useHomeViewChoice } from '../../../lib/session/home-view-provider';
import { SESSION_QUERY_KEY, setSession } from '../../../lib/session/session-query';

export interface ResetPasswordValues {
  token: string;
  password: string;
  passwordConfirmation: string;
}

/**
 * POST /api/password/reset. On success the server has signed the user in (new session cookie and CSRF
 * token): the answer goes into the session cache at once, then the full session (addresses, orders) is
 * fetched again.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  const { resetHomeView } = useHomeViewChoice();
  return useMutation({
    mutationFn: (values: ResetPasswordValues) =>
      api.post<ResetPasswordResponse>('/api/password/reset', values),
    onSuccess: (data) => {
      resetHomeView();
      setSession(queryClient, { user: data.user, vendor: data.vendor ?? null, addresses: [], orders: [] });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
