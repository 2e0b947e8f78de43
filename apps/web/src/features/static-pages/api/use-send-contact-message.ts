import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '@stg/domain/validation';
import { api } from '../../../lib/api-client';
import { messageResponseSchema, type ContactRequest } from '@stg/domain/api/support';

/** POST /api/contact: 201 { message: 'Message Sent' }; 422 field errors; 429 too many messages. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: async (message: ContactMessage) =>
      messageResponseSchema.parse(await api.post('/api/contact', { message } satisfies ContactRequest)),
  });
}
