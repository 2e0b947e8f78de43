/**
 * The payment records module: the payments, refunds, payment events and saved cards tables (repo.ts),
 * below both orders (which refunds through them) and payments (checkout and settlement, which make
 * orders). Reads other modules' routes and sockets use (a module's repo is its own, ADR 0026).
 */
export { findPaymentByConfirmation } from './repo';
