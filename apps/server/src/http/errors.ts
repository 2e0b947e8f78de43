/** The API's error shape (ARCHITECTURE §3): 4xx `{ errors: [...] }`; 5xx only says it was unexpected. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, retryAfterSeconds, tooManyMessage, type ThrottledAction } from '@stg/domain/validation';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: string[],
    /** More fields of the answer beside `errors` (spec §7's `{error_type, message}` of payments). */
    readonly extra: Record<string, unknown> = {},
    /** Headers of the answer (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.join('; '));
    this.name = 'HttpError';
  }
}

export const unprocessable = (...errors: string[]) => new HttpError(422, errors);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, [message]);
export const unauthorized = (message: string = MESSAGES.notSignedIn) => new HttpError(401, [message]);
/**
 * A 429, the only way the server builds one: the time to wait in whole seconds (at least 1) in
 * Retry-After, and the same wait in words in the message, which names the throttled action.
 */
export function tooManyRequests(action: ThrottledAction, retryAt: Date, now: Date): HttpError {
  const wait = retryAfterSeconds(retryAt, now);
  return new HttpError(429, [tooManyMessage(action, wait)], {}, { 'retry-after': String(wait) });
}
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, [message]);

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError)
      return reply
        .status(err.statusCode)
        .headers(err.headers)
        .send({ ...err.extra, errors: err.errors });
    if (hasZodFastifySchemaValidationErrors(err)) {
      const messages = [...new Set(err.validation.map((v) => v.message))];
      return reply.status(422).send({ errors: messages });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limits): short and safe to show.
      const message =
        status === 429
          ? err.message
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type'
            : err.message || 'Bad request';
      return reply.status(status).send({ errors: [message] });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ errors: [MESSAGES.unexpected] });
  });
}
