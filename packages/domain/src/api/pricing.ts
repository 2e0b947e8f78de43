/**
 * The pricing contract (spec §3 PricingInput, §7): the vendor's pricing fields and questions as the
 * pricing screen sends them, and the answers to a vendor's questions. One contract for server and web
 * (ARCHITECTURE §3). Money in dollars.
 */
import { z } from 'zod';
import { PRICING_LIMITS, PRICING_MESSAGES } from '../pricing-inputs';
import { answersSchema } from './bookings';

/**
 * The pricing and scheduling screens' fields of PATCH /api/vendors/{id} (part of vendorPatchRequestSchema):
 * minimum price, formula, staged draft, and the scheduling screen's vendor fields, whose rules and
 * messages are checked by the service (validateVendorSchedulingFields), so any value passes here.
 */
export const vendorPricingPatchShape = {
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
export const VENDOR_PRICING_PATCH_KEYS = Object.keys(
  vendorPricingPatchShape,
) as (keyof typeof vendorPricingPatchShape)[];

/** An id sent with a question or a choice: present = update that row, absent or null = create one. */
const optionalIdSchema = z.union([z.number().int(), z.string()]).nullable().optional();

/**
 * One choice of a question as the pricing screen sends it. The shape only: names, values, types and
 * defaults are checked against the question's rules by the service (validatePricingInputs).
 */
export const pricingInputOptionPayloadSchema = z.object({
  id: optionalIdSchema,
  name: z
    .string({ error: 'Every choice needs a name.' })
    .max(1000, { error: 'A choice name must be at most 1000 characters.' }),
  value: z.union(
    [z.number(), z.string().max(50, { error: 'A choice value must be at most 50 characters.' })],
    {
      error: 'Every choice needs a number value.',
    },
  ),
  default: z.boolean().nullable().optional(),
  /** null for a radio/select choice; min, max, step, default or tooltip for a range. */
  optionType: z
    .string()
    .max(20, { error: 'A choice type must be at most 20 characters.' })
    .nullable()
    .optional(),
});
export type PricingInputOptionPayload = z.input<typeof pricingInputOptionPayloadSchema>;

/** One question as the pricing screen sends it (no id: created). */
export const pricingInputPayloadSchema = z.object({
  id: optionalIdSchema,
  name: z
    .string({ error: 'Every question needs a name.' })
    .max(1000, { error: 'A question name must be at most 1000 characters.' }),
  alias: z
    .string({ error: 'Every question needs an alias.' })
    .max(200, { error: 'An alias must be at most 200 characters.' }),
  inputType: z
    .string({ error: 'Type must be radio, select or range.' })
    .max(20, { error: 'Type must be radio, select or range.' }),
  recurring: z.boolean().nullable().optional(),
  pricingInputOptions: z
    .array(pricingInputOptionPayloadSchema, { error: 'Every question needs its choices.' })
    .max(PRICING_LIMITS.maxOptions, {
      error: `A question can have at most ${PRICING_LIMITS.maxOptions} choices.`,
    }),
});
export type PricingInputPayload = z.input<typeof pricingInputPayloadSchema>;

/** PATCH /api/vendors/{id}/update_pricing_input_options: the WHOLE new set of questions (missing: deleted). */
export const updatePricingInputOptionsRequestSchema = z.object({
  pricing_input_options: z
    .array(pricingInputPayloadSchema, { error: 'Questions must be a list.' })
    .max(PRICING_LIMITS.maxQuestions, { error: PRICING_MESSAGES.tooManyQuestions }),
});
export type UpdatePricingInputOptionsRequest = z.input<typeof updatePricingInputOptionsRequestSchema>;

/** POST /api/addresses/{id}/user_inputs and PUT /api/session/guest_inputs: answers keyed by question id. */
export const userInputsRequestSchema = z.object({ userInputs: answersSchema });
export type UserInputsRequest = z.input<typeof userInputsRequestSchema>;

/** POST /api/addresses/{id}/user_inputs → every answer saved on the address, keyed by pricing input id. */
export const userInputsResponseSchema = z.object({
  userInputs: z.record(z.string(), z.object({ valueString: z.string() })),
});
export type UserInputsResponse = z.output<typeof userInputsResponseSchema>;

/** PUT /api/session/guest_inputs → the guest's answers, keyed by pricing input id. */
export const guestInputsResponseSchema = z.object({ guestInputs: z.record(z.string(), z.string()) });
export type GuestInputsResponse = z.output<typeof guestInputsResponseSchema>;
