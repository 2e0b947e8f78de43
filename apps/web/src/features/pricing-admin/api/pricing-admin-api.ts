/**
 * The vendor portal's pricing calls (docs/api/pricing-and-bookings.md). Each answers the vendor as its
 * owner sees it; the answer goes into the session cache at once and the session is then refetched, so
 * every reader (calculator, header, provider page) shows the saved values. Answers are read with the vendors
 * contract (@stg/domain/api/vendors): a mismatch is a clear error.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { PricingInputPayload } from '@stg/domain/api/pricing';
import type { Vendor, VendorPatchRequest } from '@stg/domain/api/vendors';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { planOffersApi } from '@stg/domain/api/plan-offers.endpoints';
import type { PlanOffer } from '@stg/domain/plans';
import { SESSION_QUERY_KEY, updateSession } from '../../../lib/session/session-query';

/** Puts the vendor the server answered (read with the contract by call) into the session cache, then refetches GET /api/session. */
async function applyVendorAnswer(queryClient: QueryClient, vendor: Vendor): Promise<void> {
  updateSession(queryClient, (session) =>
    session.vendor && session.vendor.id === vendor.id
      ? { ...session, vendor: { ...session.vendor, ...vendor } }
      : session,
  );
  await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

export type PricingChanges = VendorPatchRequest['vendor'];

/** PATCH /api/vendors/{id} with only the changed pricing fields (minPrice, pricingFormula). */
export function useSavePricing(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: PricingChanges) =>
      call(vendorsApi.update, { params: { id: vendorId }, body: { vendor: changes } }),
    onSuccess: (data) => applyVendorAnswer(queryClient, data),
  });
}

/** POST /api/vendors/{id}/revert_formula: swaps the formula with the previous save. */
export function useRevertFormula(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(vendorsApi.revertFormula, { params: { id: vendorId } }),
    onSuccess: (data) => applyVendorAnswer(queryClient, data),
  });
}

/** PATCH /api/vendors/{id}/update_pricing_input_options with the WHOLE new set of questions. */
export function useSavePricingInputs(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inputs: PricingInputPayload[]) =>
      call(vendorsApi.updatePricingInputOptions, {
        params: { id: vendorId },
        body: { pricing_input_options: inputs },
      }),
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
  return call(vendorsApi.update, { params: { id: vendorId }, body: { vendor: { stagedFormula } } })
    .then((vendor) => {
      // Only the draft changed: no need to refetch the whole session.
      updateSession(queryClient, (session) =>
        session.vendor && session.vendor.id === vendorId
          ? {
              ...session,
              vendor: { ...session.vendor, stagedFormula: vendor.stagedFormula ?? stagedFormula },
            }
          : session,
      );
    })
    .catch((error: unknown) => {
      console.error('Could not keep the formula draft', error);
    });
}

/**
 * PUT /api/vendors/{id}/plan-offers with the WHOLE new set of plan offers (ADR 0037). The answer is the
 * saved set: it goes into the session's vendor at once, and the session is then refetched.
 */
export function useSavePlanOffers(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planOffers: PlanOffer[]) =>
      call(planOffersApi.replace, { params: { id: vendorId }, body: { planOffers } }),
    onSuccess: async (data) => {
      updateSession(queryClient, (session) =>
        session.vendor && session.vendor.id === vendorId
          ? { ...session, vendor: { ...session.vendor, planOffers: data.planOffers } }
          : session,
      );
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
