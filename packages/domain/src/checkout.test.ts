import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROPERTY_TEST_TIMEOUT_MS, propertyOptions } from './test-support/property';
import {
  CHECKOUT_MESSAGES,
  cardLabel,
  checkTestCard,
  findTestCard,
  formatCardNumber,
  orderAmounts,
  paymentInitMessage,
} from './checkout';

describe('orderAmounts (spec §3, §9)', () => {
  it('splits a $114.60 service with the default $2.55 charge and 10% commission', () => {
    expect(orderAmounts(11460, 255, 1000)).toEqual({
      subtotalCents: 11460,
      serviceFeeCents: 255,
      commissionCents: 1146,
      vendorPayoutCents: 10314,
      totalCents: 11715,
    });
  });

  it('rounds the commission half up and never loses a cent', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    expect(orderAmounts(12345, 255, 1000).commissionCents).toBe(1235); // 1234.5
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (sub, charge, bps) => {
          const a = orderAmounts(sub, charge, bps);
          return (
            a.totalCents === a.serviceFeeCents + a.commissionCents + a.vendorPayoutCents &&
            a.commissionCents >= 0 &&
            a.vendorPayoutCents >= 0 &&
            Number.isInteger(a.commissionCents)
          );
        },
      ),
      propertyOptions({ numRuns: 100 }),
    );
  });

  it('refuses fractions of a cent and negative amounts', () => {
    expect(() => orderAmounts(10.5, 255, 1000)).toThrow(RangeError);
    expect(() => orderAmounts(-1, 255, 1000)).toThrow(RangeError);
    expect(() => orderAmounts(100, -1, 1000)).toThrow(RangeError);
  });
});

describe('test cards', () => {
  const now = new Date('2026-11-23T15:00:00Z');

  it("accepts Stripe's documented numbers with spaces, and knows what each does", () => {
    expect(findTestCard('4242 4242 4242 4242')?.behaviour).toBe('succeeds');
    expect(findTestCard('4000-0000-0000-0002')?.behaviour).toBe('declined');
    expect(findTestCard('4000000000009995')?.behaviour).toBe('insufficient_funds');
    expect(findTestCard('4000 0025 0000 3155')?.behaviour).toBe('requires_authentication');
    expect(findTestCard('4000 0027 6000 3184')?.behaviour).toBe('authentication_always');
    expect(findTestCard('4000 0000 0000 0341')?.behaviour).toBe('declined_after_attach');
    expect(findTestCard('4111 1111 1111 1111')).toBeNull();
  });

  it('checks the form as a card field does, and refuses any other number', () => {
    expect(
      checkTestCard({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, now),
    ).toMatchObject({
      errors: [],
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030 },
    });
    expect(checkTestCard({ number: '4111 1111 1111 1111', expiry: '12/30', cvc: '123' }, now).errors).toEqual(
      [CHECKOUT_MESSAGES.testCardOnly],
    );
    expect(checkTestCard({ number: '4242', expiry: '13/30', cvc: '1' }, now).errors).toEqual([
      CHECKOUT_MESSAGES.cardNumberInvalid,
      CHECKOUT_MESSAGES.expiryInvalid,
      CHECKOUT_MESSAGES.cvcInvalid,
    ]);
    expect(checkTestCard({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, now).errors).toEqual([
      CHECKOUT_MESSAGES.expiryPast,
    ]);
    expect(checkTestCard({ number: '4242424242424242', expiry: '11/2026', cvc: '1234' }, now).errors).toEqual(
      [],
    );
  });

  it('formats numbers in groups of four and labels cards', () => {
    expect(formatCardNumber('42424242424242421234')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000 00')).toBe('4000 00');
    expect(cardLabel('visa', '4242')).toBe('Visa ending in 4242');
    expect(cardLabel(null, null)).toBe('Card');
  });
});

describe('paymentInitMessage (spec §8)', () => {
  it('shows the spec text, the server message for invalid_price, and Vendor Payment Setup Incomplete otherwise', () => {
    expect(paymentInitMessage('appointment_unavailable', 'x')).toBe(
      'Appointment time is no longer available. Please select a different time.',
    );
    expect(paymentInitMessage('invalid_price', 'The price changed.')).toBe('The price changed.');
    expect(paymentInitMessage('vendor_payment_setup_incomplete', 'x')).toBe(
      'Vendor Payment Setup Incomplete',
    );
    expect(paymentInitMessage('anything_else', 'x')).toBe('Vendor Payment Setup Incomplete');
  });
});
