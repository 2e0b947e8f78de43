/**
 * Whether a request comes straight from this machine: the development tools (the outbox viewer, the
 * settable clock, running due jobs) and the metrics answer such requests only (or, for the metrics, a
 * bearer token).
 */
import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * From this machine and not relayed: a reverse proxy on the same host would make every visitor look
 * local, but it adds forwarding headers, so any of them makes the request not local. The socket's address,
 * never `req.ip`, which TRUST_PROXY takes from a header.
 */
export function isLocalRequest(req: FastifyRequest): boolean {
  const remote = req.socket.remoteAddress ?? '';
  return LOOPBACK.has(remote) && FORWARDING_HEADERS.every((h) => req.headers[h] === undefined);
}
