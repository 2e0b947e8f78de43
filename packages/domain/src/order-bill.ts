/**
 * An order's bill as the customer paid it (spec §2 Summary: Subtotal, Service Charge, Total): the
 * service's price, the service charge and their sum, the total collected. It never changes after
 * payment: a cancel or a refund moves money in the ledger (the service fee kept, the commission, the
 * payout and the refunds, which always add up to the total collected), not on the bill, so the bill is
 * read from the subtotal and the total, never from the ledger's service fee (0 once a cancel refunds it).
 */
import type { Cents } from './money';

export interface OrderBillFigures {
  totalCollectedCents: Cents;
  /** The service's price as charged; null on rows from before it was kept. */
  subtotalCents: Cents | null;
  /** The ledger's service fee: what the marketplace keeps of the service charge (0 after a cancel). */
  serviceFeeCents: Cents;
}

export interface OrderBill {
  subtotalCents: Cents;
  serviceChargeCents: Cents;
  totalCents: Cents;
}

/** Subtotal + service charge = total, for an order in any state. */
export function orderBill(o: OrderBillFigures): OrderBill {
  const totalCents = o.totalCollectedCents;
  // Old rows without a subtotal: the ledger's fee is the charge as long as nothing was refunded from it.
  const subtotalCents = Math.min(totalCents, Math.max(0, o.subtotalCents ?? totalCents - o.serviceFeeCents));
  return { subtotalCents, serviceChargeCents: totalCents - subtotalCents, totalCents };
}
