import { useMutation } from '@tanstack/react-query';
import { passwordApi } from '@stg/domain/api/password.endpoints';
import { call } from '../../../lib/api-client';

/** POST /api/password/forgot: always the same answer, whether or not the email has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => call(passwordApi.forgot, { body: { email } }),
  });
}
