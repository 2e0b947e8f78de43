import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '@stg/domain/validation';
import { call } from '../../../lib/api-client';
import type { ContactRequest } from '@stg/domain/api/support';
import { supportApi } from '@stg/domain/api/support.endpoints';

/** POST /api/contact: 201 { message: 'Message Sent' }; 422 field errors; 429 too many messages. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) =>
      call(supportApi.contact, { body: { message } satisfies ContactRequest }),
  });
}
