/** Answers to a vendor's pricing questions as the API returns them (spec §3 Address userInputs). */
import { z } from 'zod';

/** POST /api/addresses/{id}/user_inputs → every answer saved on the address, keyed by pricing input id. */
export const userInputsResponseSchema = z.object({
  userInputs: z.record(z.string(), z.object({ valueString: z.string() })),
});

/** PUT /api/session/guest_inputs → the guest's answers, keyed by pricing input id. */
export const guestInputsResponseSchema = z.object({ guestInputs: z.record(z.string(), z.string()) });
