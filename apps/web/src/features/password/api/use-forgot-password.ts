import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MessageResponse } from '../../../lib/api-types';

/** POST /api/password/forgot: always the same answer, whether or not the email has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post<MessageResponse>('/api/password/forgot', { email }),
  });
}
