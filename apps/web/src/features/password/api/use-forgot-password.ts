import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@stg/domain/api/password';
import { api } from '../../../lib/api-client';

/** POST /api/password/forgot: always the same answer, whether or not the email has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (email: string) =>
      messageResponseSchema.parse(await api.post('/api/password/forgot', { email })),
  });
}
