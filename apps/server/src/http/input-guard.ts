/**
 * Input that no route should see, refused for every request before its schema runs (issue 14,
 * finding 4; issue 23, item 4): a NUL character (U+0000) or a lone UTF-16 surrogate (U+D800-U+DFFF not
 * part of a pair, e.g. JSON's "\ud800") anywhere in the JSON body (keys included), the query string or
 * the path parameters. PostgreSQL's text and jsonb cannot store either (a NUL fails in the driver; a
 * lone surrogate is silently turned into U+FFFD in text columns and refused as an escape by jsonb, so
 * it surfaced as a 500 from order_events); no field of this API has a use for them, so one check here
 * covers every route, present and future, instead of a refinement on every string schema. Refusing
 * (rather than silently cleaning) keeps what is stored exactly what was sent.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unprocessable } from './errors';

export const NUL_MESSAGE = 'Text must not contain NUL characters.';
export const SURROGATE_MESSAGE =
  'Text must not contain unpaired surrogate characters (an incomplete emoji or symbol). Please retype it.';

/** With the u flag a surrogate pair is one code point, so this matches only a surrogate on its own. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** What is wrong with a string PostgreSQL cannot store as sent, or null. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/**
 * The first string (or object key) in the value that holds U+0000 or a lone surrogate, as its message;
 * null when all can be stored. Iterative, so deep nesting is safe.
 */
export function unstorableText(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return problem;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v) && !ArrayBuffer.isView(v)) {
      // Raw bodies (the payment webhook's bytes) are the route's own business; only parsed JSON is walked.
      for (const [key, item] of Object.entries(v)) {
        const problem = textProblem(key);
        if (problem) return problem;
        stack.push(item);
      }
    }
  }
  return null;
}

/** Whether any string (or object key) in the value holds U+0000. */
export const containsNul = (value: unknown): boolean => unstorableText(value) === NUL_MESSAGE;

export function registerInputGuard(app: FastifyInstance) {
  // preValidation: after the body is parsed, before the route's schema and its own hooks.
  app.addHook('preValidation', async (req) => {
    const problem = unstorableText(req.params) ?? unstorableText(req.query) ?? unstorableText(req.body);
    if (problem) throw unprocessable(problem);
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
