/**
 * What the modules above orders read and change of them (a module's repo is its own, ADR 0026): settlement
 * makes the order of a paid booking and the webhooks find it by its payment (payments), payouts and
 * disputes update it and log its events (payouts), the session answer lists a customer's orders (session).
 * One customer's order, for routes and the payments service, is service.ts's findCustomerOrder. The column
 * sets an order's views pick (its address, vendor and customer) are here too, for payouts' Paper Check list
 * and work order.
 */
export {
  addressColumns,
  addOrderEvent,
  findOrderByIntent,
  insertOrder,
  insertOrderForMail,
  orderEventInsert,
  isOrderConflict,
  listCustomerOrders,
  lockOrder,
  orderCustomerColumns,
  orderVendorColumns,
  updateOrder,
  type OrderRow,
  type PlacedOrderForMail,
  type PlacedOrderValues,
} from './repo';
