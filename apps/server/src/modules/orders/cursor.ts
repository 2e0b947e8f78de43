/**
 * The vendor order list's page cursor: the last row's (appointment, id) and the filter it belongs to,
 * opaque to the client (base64url). A cursor of another filter, or one that does not parse, is refused.
 */
import type { VendorOrderFilter } from '@stg/domain/api/orders';
import { isInstantInRange } from '@stg/domain/instants';
import type { VendorOrdersKey } from './repo';

export function encodeCursor(filter: VendorOrderFilter, key: VendorOrdersKey): string {
  return Buffer.from(`${filter}:${key.appointmentAt.getTime()}:${key.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(filter: VendorOrderFilter, cursor: string): VendorOrdersKey | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const match = /^(active|past|all):(-?\d{1,15}):([1-9]\d{0,9})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!match || match[1] !== filter) return null;
  const at = new Date(Number(match[2]));
  const id = Number(match[3]);
  // A time PostgreSQL cannot read back from its ISO text (year 0, +010000) would fail the query (issue 14).
  if (!isInstantInRange(at.getTime()) || id > 2_147_483_647) return null;
  return { appointmentAt: at, id };
}
