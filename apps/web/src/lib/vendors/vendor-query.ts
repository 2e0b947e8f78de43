import { queryOptions } from '@tanstack/react-query';
import { call } from '../api-client';
import type { Vendor } from '@stg/domain/api/vendors';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';

/**
 * GET /api/vendors/{id}, read with the vendors contract (loaded beside the request, not with the page's
 * chunk: ADR 0023, 0027); 404 { errors: ["Vendor not found"] } for an unknown id.
 */
export async function fetchVendor(id: number): Promise<Vendor> {
  return call(vendorReadsApi.vendor, { params: { id } });
}

export const vendorQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['vendors', id], queryFn: () => fetchVendor(id), staleTime: 30_000 });
