import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '@stg/domain/validation';
import { api } from '../../../lib/api-client';
import type { ContactRequest, MessageResponse } from '../../../lib/api-types';

/** POST /api/contact: 201 { message: 'Message Sent' }; 422 field errors; 429 too many messages. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) =>
      api.post<MessageResponse>('/api/contact', { message } satisfies ContactRequest),
  });
}
