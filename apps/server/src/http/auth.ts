/**
 * Route guards that run before the body is validated (preValidation), so a signed-out caller gets
 * 401 and someone else's account 403 whatever they sent.
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@stg/domain/validation';
import type { UserRow } from '../db/rows';
import { answers } from './error-answers';
import { forbidden, notFound, unauthorized } from './errors';
import { parseId } from './params';

export const requireUser = answers([401], async function requireUser(req: FastifyRequest): Promise<void> {
  if (!req.user) throw unauthorized();
});

/** The signed-in user, for handlers behind requireUser. */
export function signedInUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** The path parameter `param` must be the signed-in user's own id (spec §6). */
export function requireSelf(param: string) {
  return answers([401, 403, 404], async (req: FastifyRequest): Promise<void> => {
    const user = signedInUser(req);
    const raw = (req.params as Record<string, string | undefined>)[param] ?? '';
    const id = parseId(raw);
    if (id === null) throw notFound();
    if (id !== user.id) throw forbidden();
  });
}

/**
 * The path parameter `param` must be the signed-in user's own vendor (spec §6: a vendor manages
 * only their own pricing): 401 signed out, 404 for a malformed id, 403 for anyone else's vendor.
 */
export function requireOwnVendor(param: string) {
  return answers([401, 403, 404], async (req: FastifyRequest): Promise<void> => {
    const user = signedInUser(req);
    const raw = (req.params as Record<string, string | undefined>)[param] ?? '';
    const id = parseId(raw);
    if (id === null) throw notFound(MESSAGES.vendorNotFound);
    if (user.vendorId !== id) throw forbidden();
  });
}

/** Marketplace staff only (listing review): 401 signed out, 403 for everyone else. */
export const requireOperator = answers(
  [401, 403],
  async function requireOperator(req: FastifyRequest): Promise<void> {
    if (!signedInUser(req).isOperator) throw forbidden();
  },
);
