import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@stg/domain/api/password';
import { passwordApi } from '@stg/domain/api/password.endpoints';
import { call } from '../../../lib/api-client';
import { useHomeViewChoice } from '../../../lib/session/home-view-provider';
import { SESSION_QUERY_KEY, setSession } from '../../../lib/session/session-query';

export type ResetPasswordValues = ResetPasswordRequest;

/**
 * POST /api/password/reset. On success the server has signed the user in (new session cookie and CSRF
 * token): the answer, read with the shared contract, goes into the session cache at once, then the full
 * session (addresses, orders) is fetched again.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  const { resetHomeView } = useHomeViewChoice();
  return useMutation({
    mutationFn: (values: ResetPasswordValues) => call(passwordApi.reset, { body: values }),
    onSuccess: (data) => {
      resetHomeView();
      setSession(queryClient, {
        user: data.user,
        // The contract's vendor is the full owner's view; the session's type is the web's older shape.
        vendor: data.vendor,
        addresses: [],
        orders: [],
      });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
