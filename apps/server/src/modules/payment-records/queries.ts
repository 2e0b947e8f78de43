/**
 * What the modules above this one (orders: refunds and vendor actions; payments: checkout, card holds,
 * settlement, webhooks) read and write of the payments, refunds, payment events and saved cards tables,
 * and the jobs they enqueue and the vendor-time lock they take in the same transaction (a module's repo
 * is its own, ADR 0026). Named one by one: a new need is a visible line here.
 */
export {
  enqueueJobInTx,
  enqueueJobQuery,
  paymentSettledUpdate,
  uniqueJobInsert,
  requeueJobInTx,
  findOverlappingOpenPayments,
  findPayment,
  findPaymentByIntent,
  findRefund,
  hasOtherOpenPayment,
  insertPayment,
  insertPaymentWithJob,
  insertRefund,
  lockOpenPaymentsOfBooking,
  lockPaymentByIntentUnlessPlan,
  lockVendorTime,
  markPaymentsCanceled,
  markRefundsSucceededByProviderIds,
  recordEvent,
  recordEventAndLockPayment,
  rememberCard,
  updatePayment,
  updatePaymentWithJob,
  updateRefund,
  type PaymentRow,
  type RefundRow,
} from './repo';
