import { queryOptions } from '@tanstack/react-query';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { call } from '../../../lib/api-client';

/** GET /api/payments/config: which provider the card form talks to ("sandbox" or "stripe"). */
export const paymentsConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'config'] as const,
    queryFn: () => call(paymentsApi.config),
    staleTime: Infinity,
  });
