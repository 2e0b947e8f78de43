import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import type { VendorCard } from '@stg/domain/api/vendors';

/** GET /api/vendors: the active vendors, as cards. */
export const vendorsQueryOptions = () =>
  queryOptions({
    queryKey: ['vendors'],
    queryFn: () => api.get<VendorCard[]>('/api/vendors'),
    staleTime: 60_000,
  });
