import { queryOptions } from '@tanstack/react-query';
import { paymentsConfigResponseSchema } from '@stg/domain/api/payments';
import { api } from '../../../lib/api-client';

/** GET /api/payments/config: which provider the card form talks to ("sandbox" or "stripe"). */
export const paymentsConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'config'] as const,
    queryFn: async () => paymentsConfigResponseSchema.parse(await api.get('/api/payments/config')),
    staleTime: Infinity,
  });
