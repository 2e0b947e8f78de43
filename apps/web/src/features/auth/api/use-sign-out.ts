import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AFTER_SIGN_OUT_PATH } from '@stg/domain/routing';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { call, errorsOf } from '../../../lib/api-client';
import { useErrorStore } from '../../../lib/error-store';
import { useHomeViewChoice } from '../../../lib/session/home-view-provider';
import { SESSION_QUERY_KEY, setSession } from '../../../lib/session/session-query';

/** DELETE /api/session, then / (spec §2). Failures go to the shared error store (spec §8). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { resetHomeView } = useHomeViewChoice();
  const { showErrors, clearErrors } = useErrorStore();
  return useMutation({
    mutationFn: () => call(sessionApi.signOut),
    onSuccess: (data) => {
      clearErrors();
      resetHomeView();
      void navigate(AFTER_SIGN_OUT_PATH);
      setSession(queryClient, data);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== 'session' && query.queryKey[0] !== 'vendors',
      });
    },
    onError: (error) => {
      showErrors(errorsOf(error));
      // Show the truth: the session may or may not still be open.
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
