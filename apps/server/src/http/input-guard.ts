/**
 * Input that no route should see, refused for every request before its schema runs (issue 14,
 * finding 4): a NUL character (U+0000) anywhere in the JSON body (keys included), the query string or
 * the path parameters. PostgreSQL's text and jsonb cannot store it, so it used to surface as a 500 from
 * the driver; no field of this API has a use for it, so one check here covers every route, present
 * and future, instead of a refinement on every string schema. Refusing (rather than silently stripping)
 * keeps what is stored exactly what was sent.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unprocessable } from './errors';

export const NUL_MESSAGE = 'Text must not contain NUL characters.';

/** Whether any string (or object key) in the value holds U+0000; iterative, so deep nesting is safe. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v) && !ArrayBuffer.isView(v)) {
      // Raw bodies (the payment webhook's bytes) are the route's own business; only parsed JSON is walked.
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

export function registerInputGuard(app: FastifyInstance) {
  // preValidation: after the body is parsed, before the route's schema and its own hooks.
  app.addHook('preValidation', async (req) => {
    if (containsNul(req.params) || containsNul(req.query) || containsNul(req.body))
      throw unprocessable(NUL_MESSAGE);
  });
}

export const BAD_URL_MESSAGE = 'The address of this request is not valid.';
export const LONG_PARAM_MESSAGE = 'The address of this request is too long.';

/**
 * Fastify's router refuses a malformed address (`/api/vendors/%zz`: FST_ERR_BAD_URL, 400) or a path
 * param over 100 characters (FST_ERR_MAX_PARAM_LENGTH, 414) before any hook or error handler runs, in
 * its own shape `{error, code, message, statusCode}` that also echoes the address back. Passed as the
 * server's `frameworkErrors` option (`Fastify({ frameworkErrors })` in app.ts), they answer in the API's
 * error shape like every other 4xx.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  // Fastify ignores what this returns: the reply is sent, not returned (a reply is a thenable).
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ errors: [LONG_PARAM_MESSAGE] });
    return;
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send({ errors: [BAD_URL_MESSAGE] });
    return;
  }
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  reply.status(status).send({ errors: ['Bad request'] });
}
