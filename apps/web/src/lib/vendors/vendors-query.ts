import { queryOptions } from '@tanstack/react-query';
import { call } from '../api-client';
import type { VendorCard } from '@stg/domain/api/vendors';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';

/**
 * GET /api/vendors: the active vendors, as cards, read with the vendors contract. The contract (and zod)
 * load beside the request, not with the landing page's first bundle (ADR 0023, 0027); the first render
 * reads the same answer from the page's boot data (ADR 0025).
 */
export async function fetchVendorCards(): Promise<VendorCard[]> {
  return call(vendorReadsApi.vendors);
}

export const vendorsQueryOptions = () =>
  queryOptions({ queryKey: ['vendors'], queryFn: fetchVendorCards, staleTime: 60_000 });
