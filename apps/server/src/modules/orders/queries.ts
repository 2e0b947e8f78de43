/**
 * What the modules above orders read and change of them (a module's repo is its own, ADR 0026): settlement
 * makes the order of a paid booking and the webhooks find it by its payment (payments), payouts and
 * disputes update it and log its events (payouts), the session answer lists a customer's orders (session).
 * One customer's order, for routes and the payments service, is service.ts's findCustomerOrder.
 */
export {
  addOrderEvent,
  findOrderByIntent,
  insertOrder,
  isOrderConflict,
  listCustomerOrders,
  lockOrder,
  updateOrder,
  type OrderRow,
} from './repo';
