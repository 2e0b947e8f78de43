/**
 * What GET/POST /api/session answer: the signed-in user with addresses, orders and vendor, the
 * caller's bookings in progress, and a guest's pricing answers.
 */
import type { Db } from '../../db/client';
import { presentBooking } from '../bookings/presenter';
import { listOpenBookings } from '../bookings/service';
import { listCustomerOrders } from '../orders/repo';
import { presentCustomerOrder } from '../orders/presenter';
import { findGuestInputs } from '../pricing/repo';
import { listAddressesWithInputs } from '../users/repo';
import { presentAddress, presentUser } from '../users/presenter';
import { loadVendorDetail } from '../vendors/repo';
import { presentVendor } from '../vendors/presenter';
import type { SessionRow, UserRow } from './session-repo';

export async function sessionPayload(
  db: Db,
  user: UserRow | null,
  session: SessionRow | null,
  urlFor: (key: string) => string,
  now: Date,
) {
  const bookings = (await listOpenBookings(db, { user, session })).map(presentBooking);
  if (!user) {
    return {
      user: null,
      addresses: [],
      orders: [],
      vendor: null,
      bookings,
      guestInputs: session ? await findGuestInputs(db, session.id) : {},
    };
  }
  const [addressRows, orderRows, vendorDetail] = await Promise.all([
    listAddressesWithInputs(db, user.id),
    listCustomerOrders(db, user.id),
    user.vendorId ? loadVendorDetail(db, user.vendorId) : Promise.resolve(null),
  ]);
  return {
    user: presentUser(user),
    addresses: addressRows.map(({ address, inputs }) => presentAddress(address, inputs)),
    orders: orderRows.map((row) => presentCustomerOrder(row, urlFor, now)),
    vendor: vendorDetail ? presentVendor(vendorDetail, urlFor, { owner: true }) : null,
    bookings,
    guestInputs: {},
  };
}
