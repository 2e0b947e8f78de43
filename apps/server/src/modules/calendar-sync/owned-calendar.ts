import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { signedInUser } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { parseId } from '../../http/params';
import { findCalendar, type VendorCalendarRow } from './repo';

/**
 * The calendar named by the path's `id`, only for the vendor who owns it (spec §6): 401 signed out,
 * 404 unknown or malformed id, 403 another vendor's calendar.
 */
export async function ownedCalendar(
  db: Db,
  req: FastifyRequest<{ Params: { id: string } }>,
): Promise<VendorCalendarRow> {
  const user = signedInUser(req);
  const id = parseId(req.params.id);
  const calendar = id === null ? null : await findCalendar(db, id);
  if (!calendar) throw notFound();
  if (user.vendorId !== calendar.vendorId) throw forbidden();
  return calendar;
}
