/**
 * The vendor portal's pricing calls (docs/api/pricing-and-bookings.md). Each answers the vendor as its
 * owner sees it; the answer goes into the session cache at once and the session is then refetched, so
 * every reader (calculator, header, provider page) shows the saved values.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type {
  OwnedVendor,
  PricingInputPayload,
  UpdatePricingInputOptionsRequest,
  VendorPricingUpdateRequest,
} from '../../../lib/api-types';
import { SESSION_QUERY_KEY, updateSession } from '../../../lib/session/session-query';

type VendorAnswer = OwnedVendor | { vendor: OwnedVendor } | null;

/** The vendor of an answer: the vendor itself (as GET /api/vendors/{id}), or wrapped in `{ vendor }`. */
function vendorOf(data: VendorAnswer): OwnedVendor | null {
  if (!data || typeof data !== 'object') return null;
  if ('vendor' in data && data.vendor && typeof data.vendor === 'object') return data.vendor;
  return 'id' in data ? data : null;
}

/** Puts a vendor the server just answered into the session cache, then refetches GET /api/session. */
export async function applyVendorAnswer(queryClient: QueryClient, data: VendorAnswer): Promise<void> {
  const vendor = vendorOf(data);
  if (vendor) {
    updateSession(queryClient, (session) =>
      session.vendor && session.vendor.id === vendor.id
        ? { ...session, vendor: { ...session.vendor, ...vendor } }
        : session,
    );
  }
  await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

export type PricingChanges = VendorPricingUpdateRequest['vendor'];

/** PATCH /api/vendors/{id} with only the changed pricing fields (minPrice, pricingFormula). */
export function useSavePricing(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: PricingChanges) =>
      api.patch<VendorAnswer>(`/api/vendors/${vendorId}`, {
        vendor: changes,
      } satisfies VendorPricingUpdateRequest),
    onSuccess: (data) => applyVendorAnswer(queryClient, data),
  });
}

/** POST /api/vendors/{id}/revert_formula: swaps the formula with the previous save. */
export function useRevertFormula(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<VendorAnswer>(`/api/vendors/${vendorId}/revert_formula`),
    onSuccess: (data) => applyVendorAnswer(queryClient, data),
  });
}

/** PATCH /api/vendors/{id}/update_pricing_input_options with the WHOLE new set of questions. */
export function useSavePricingInputs(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inputs: PricingInputPayload[]) =>
      api.patch<VendorAnswer>(`/api/vendors/${vendorId}/update_pricing_input_options`, {
        pricing_input_options: inputs,
      } satisfies UpdatePricingInputOptionsRequest),
    onSuccess: (data) => applyVendorAnswer(queryClient, data),
  });
}

/**
 * Keeps the formula editor's unsaved draft on the server (`stagedFormula`, null discards it). Fire and
 * forget: a failure is only logged (spec §8 lists no message for it).
 */
export function stageFormula(
  queryClient: QueryClient,
  vendorId: number,
  stagedFormula: string | null,
): Promise<void> {
  return api
    .patch<VendorAnswer>(`/api/vendors/${vendorId}`, {
      vendor: { stagedFormula },
    } satisfies VendorPricingUpdateRequest)
    .then((data) => {
      const vendor = vendorOf(data);
      // Only the draft changed: no need to refetch the whole session.
      updateSession(queryClient, (session) =>
        session.vendor && session.vendor.id === vendorId
          ? {
              ...session,
              vendor: { ...session.vendor, stagedFormula: vendor?.stagedFormula ?? stagedFormula },
            }
          : session,
      );
    })
    .catch((error: unknown) => {
      console.error('Could not keep the formula draft', error);
    });
}
