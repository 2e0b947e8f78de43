/**
 * Every 4xx answer of the API (ARCHITECTURE §3): the spec's human-readable messages, and the request's
 * id (ADR 0039), the same as the answer's X-Request-Id header, for a report to name the server's log lines.
 */
import { z } from 'zod';

/** The request id every error answer carries beside `errors` (the server adds it to every error body). */
export const requestIdField = z.string().optional();

export const errorsResponseSchema = z.object({ errors: z.array(z.string()), requestId: requestIdField });
export type ErrorsResponse = z.output<typeof errorsResponseSchema>;
