/**
 * The small routes' contracts: POST /api/contact (spec §7 Contact Us), GET /api/health (liveness and the
 * database) and, in development only, GET /api/dev/outbox (the embedded mail outbox).
 */
import { z } from 'zod';
import { contactMessageSchema } from '../validation';

/** POST /api/contact. */
export const contactRequestSchema = z.object({ message: contactMessageSchema });
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** A plain confirmation ("Message Sent"). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.output<typeof messageResponseSchema>;

/** GET /api/health: 200 ok, 503 unavailable (the database did not answer). */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});

/** One check of the readiness answer: whether it passed, and in words what failed. */
export const readinessCheckSchema = z.object({
  ok: z.boolean(),
  /** What failed (no internals: the server's log has the error, under the answer's request id). */
  message: z.string().optional(),
});

/**
 * GET /api/ready: 200 ready, 503 not ready, naming each check: the database answers, its migrations are
 * the ones this server was built with (none missing), the upload storage takes a write.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['pglite', 'postgres']),
  checks: z.object({
    database: readinessCheckSchema,
    migrations: readinessCheckSchema,
    storage: readinessCheckSchema,
  }),
});
export type ReadinessResponse = z.output<typeof readinessResponseSchema>;

/** GET /api/dev/outbox: the latest mails, newest first. */
export const outboxResponseSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })),
      createdAt: z.string(),
    }),
  ),
});

/** The settable clock of a development or e2e server (SETTABLE_CLOCK; never in production). */
export const devClockResponseSchema = z.object({
  /** The server's time now, ISO 8601. */
  now: z.string(),
  /** How far it is from the wall clock, ms. */
  offsetMs: z.number(),
});
export const setDevClockRequestSchema = z.object({ at: z.iso.datetime({ offset: true }).nullable() });

/** What one run of the due jobs did (POST /api/dev/jobs/run-due, npm run jobs:due). */
export const runDueJobsResponseSchema = z.object({
  /** The time the jobs were run at (the server's clock), ISO 8601. */
  at: z.string(),
  /** Worker passes made until none found anything due. */
  passes: z.number().int(),
  /** Per job kind (payout, refund, reminder, hold-expiry…): how many finished, failed or were put off. */
  kinds: z.record(
    z.string(),
    z.object({ done: z.number().int(), failed: z.number().int(), postponed: z.number().int() }),
  ),
});
export type RunDueJobsResult = z.infer<typeof runDueJobsResponseSchema>;
