/**
 * The plan offers' contract (ADR 0037): which frequencies a vendor offers and each one's discount, as the
 * Pricing page sends them and every vendor answer carries them (`planOffers`). One contract for server and
 * web (ARCHITECTURE §3).
 */
import { z } from 'zod';
import { PLAN_DISCOUNT_MAX_PERCENT, PLAN_FREQUENCIES, PLAN_MESSAGES } from '../plans';

export const planOfferSchema = z.object({
  frequency: z.enum(PLAN_FREQUENCIES, { error: PLAN_MESSAGES.frequency }),
  discountPercent: z
    .number({ error: PLAN_MESSAGES.discount })
    .int({ error: PLAN_MESSAGES.discount })
    .min(0, { error: PLAN_MESSAGES.discount })
    .max(PLAN_DISCOUNT_MAX_PERCENT, { error: PLAN_MESSAGES.discount }),
});
export type PlanOfferJson = z.infer<typeof planOfferSchema>;

/** A set of offers: at most one per frequency (the database's unique key says so too). */
export const planOffersSchema = z
  .array(planOfferSchema, { error: PLAN_MESSAGES.offers })
  .max(PLAN_FREQUENCIES.length, { error: PLAN_MESSAGES.duplicate })
  .superRefine((offers, ctx) => {
    const seen = new Set<string>();
    for (const [i, offer] of offers.entries()) {
      if (seen.has(offer.frequency)) {
        ctx.addIssue({ code: 'custom', message: PLAN_MESSAGES.duplicate, path: [i, 'frequency'] });
        return;
      }
      seen.add(offer.frequency);
    }
  });

/** PUT /api/vendors/{id}/plan-offers: the WHOLE new set (a frequency left out is no longer offered). */
export const planOffersRequestSchema = z.object(
  { planOffers: planOffersSchema },
  { error: PLAN_MESSAGES.offers },
);
export type PlanOffersRequest = z.infer<typeof planOffersRequestSchema>;

/** The vendor's offers after the change, in PLAN_FREQUENCIES order. */
export const planOffersResponseSchema = z.object({ planOffers: z.array(planOfferSchema) });
export type PlanOffersResponse = z.infer<typeof planOffersResponseSchema>;
