import { describe, expect, it } from 'vitest';
import { orderBill } from './order-bill';

describe('orderBill', () => {
  it('keeps the service charge paid on a cancelled, fully refunded order', () => {
    // The ledger after a cancel: fee, commission and payout 0, everything refunded.
    expect(orderBill({ totalCollectedCents: 14655, subtotalCents: 14400, serviceFeeCents: 0 })).toEqual({
      subtotalCents: 14400,
      serviceChargeCents: 255,
      totalCents: 14655,
    });
  });

  it('reads an unrefunded order the same way', () => {
    expect(orderBill({ totalCollectedCents: 12255, subtotalCents: 12000, serviceFeeCents: 255 })).toEqual({
      subtotalCents: 12000,
      serviceChargeCents: 255,
      totalCents: 12255,
    });
  });

  it('falls back to the ledger fee for rows without a subtotal, and always adds up', () => {
    const bill = orderBill({ totalCollectedCents: 12255, subtotalCents: null, serviceFeeCents: 255 });
    expect(bill).toEqual({ subtotalCents: 12000, serviceChargeCents: 255, totalCents: 12255 });
    for (const subtotalCents of [null, 0, 500, 99999]) {
      const b = orderBill({ totalCollectedCents: 1000, subtotalCents, serviceFeeCents: 0 });
      expect(b.subtotalCents + b.serviceChargeCents).toBe(b.totalCents);
      expect(b.serviceChargeCents).toBeGreaterThanOrEqual(0);
    }
  });
});
