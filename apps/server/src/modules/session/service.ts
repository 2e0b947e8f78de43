/** What GET/POST /api/session answer: the signed-in user with addresses, orders and vendor. */
import type { Db } from '../../db/client';
import { listCustomerOrders } from '../orders/repo';
import { presentCustomerOrder } from '../orders/presenter';
import { listAddressesWithInputs } from '../users/repo';
import { presentAddress, presentUser } from '../users/presenter';
import { loadVendorDetail } from '../vendors/repo';
import { presentVendor } from '../vendors/presenter';
import type { UserRow } from './session-repo';

export async function sessionPayload(db: Db, user: UserRow | null, urlFor: (key: string) => string) {
  if (!user) return { user: null, addresses: [], orders: [], vendor: null };
  const [addressRows, orderRows, vendorDetail] = await Promise.all([
    listAddressesWithInputs(db, user.id),
    listCustomerOrders(db, user.id),
    user.vendorId ? loadVendorDetail(db, user.vendorId) : Promise.resolve(null),
  ]);
  return {
    user: presentUser(user),
    addresses: addressRows.map(({ address, inputs }) => presentAddress(address, inputs)),
    orders: orderRows.map((row) => presentCustomerOrder(row, urlFor)),
    vendor: vendorDetail ? presentVendor(vendorDetail, urlFor, { owner: true }) : null,
  };
}
