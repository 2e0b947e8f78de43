/**
 * Request ids (issue 27, ADR 0039): every request has one, taken from an incoming `X-Request-Id` when it
 * is well formed (nginx sends its `$request_id`, so the proxy's access log and these logs share it) or
 * made here (a UUID). It is Fastify's `req.id`, so every line `req.log` writes carries it as `reqId`; the
 * services' lines carry it too (log-context.ts). It goes back in the `X-Request-Id` header of every answer
 * and in the body of every error answer (`requestId` beside `errors`), so a user's report or a browser's
 * console names the log lines to read.
 *
 * The id is a label for finding log lines, never trusted for anything else: a client may choose its own
 * (only letters, digits and `._:-`, 8 to 128 characters, so it cannot forge a log line).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { runWithLog } from '../log-context';

export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** The incoming id when it is well formed, else a new one (Fastify's `genReqId`). */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

const isErrorsBody = (payload: unknown): payload is { errors: unknown[] } =>
  typeof payload === 'object' &&
  payload !== null &&
  !Array.isArray(payload) &&
  Array.isArray((payload as { errors?: unknown }).errors);

/** Registered first, so the header is set and the logs know the request before any other hook runs. */
export function registerRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    runWithLog(req.log, done);
  });
  // Entered again once the body is read (as @fastify/request-context does: a body parser driven by stream
  // events may run outside the request's async context); the handler and its services then log with the id.
  app.addHook('preValidation', (req, _reply, done) => runWithLog(req.log, done));
  // Every error answer in the API's shape names its request (the schemas in @stg/domain/api/errors list it).
  app.addHook('preSerialization', async (req, reply, payload: unknown) =>
    reply.statusCode >= 400 && isErrorsBody(payload) ? { ...payload, requestId: req.id } : payload,
  );
}
