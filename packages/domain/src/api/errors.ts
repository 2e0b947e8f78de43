/** Every 4xx answer of the API (ARCHITECTURE §3): the spec's human-readable messages. */
import { z } from 'zod';

export const errorsResponseSchema = z.object({ errors: z.array(z.string()) });
export type ErrorsResponse = z.output<typeof errorsResponseSchema>;
