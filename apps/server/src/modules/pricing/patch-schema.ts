import { z } from 'zod';
import { PRICING_LIMITS, PRICING_MESSAGES } from '@stg/domain/pricing-inputs';

/**
 * The pricing and scheduling screens' fields of PATCH /api/vendors/{id}: minimum price, formula, staged
 * draft, and the scheduling screen's vendor fields (checked by validateVendorSchedulingFields).
 */
export const pricingPatchShape = {
  minPrice: z.number({ error: PRICING_MESSAGES.minPriceNotNumber }).optional(),
  pricingFormula: z.string({ error: 'Formula must be text' }).optional(),
  stagedFormula: z
    .string({ error: 'The draft formula must be text' })
    .max(PRICING_LIMITS.stagedFormulaMax, { error: PRICING_MESSAGES.stagedFormulaTooLong })
    .nullable()
    .optional(),
  priceToDurationRate: z.unknown().optional(),
  cancelationPolicyHours: z.unknown().optional(),
  appointmentInstructions: z.unknown().optional(),
};
export const PRICING_PATCH_KEYS = Object.keys(pricingPatchShape) as (keyof typeof pricingPatchShape)[];
