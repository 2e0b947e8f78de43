import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import type { Vendor } from '@stg/domain/api/vendors';

/** GET /api/vendors/{id}; 404 { errors: ["Vendor not found"] } for an unknown id. */
export const vendorQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['vendors', id],
    queryFn: () => api.get<Vendor>(`/api/vendors/${id}`),
    staleTime: 30_000,
  });
