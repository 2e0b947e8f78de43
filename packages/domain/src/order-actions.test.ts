import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROPERTY_TEST_TIMEOUT_MS, propertyOptions } from './test-support/property';
import {
  listedVendorActions,
  allowedVendorActions,
  completionProblems,
  customerCancelProblem,
  customerChangeDeadline,
  customerRescheduleProblem,
  ORDER_MESSAGES,
  partialRefundProblems,
  paymentStatusAfterPartialRefund,
  readRefundAmount,
  refundAmountCents,
  vendorActionProblem,
  vendorCancelProblems,
} from './order-actions';

const now = new Date('2026-11-23T15:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
const order = (
  over: Partial<{ fulfillmentStatus: string; paymentStatus: string; appointmentAt: string }> = {},
) => ({
  fulfillmentStatus: 'unfulfilled',
  paymentStatus: 'collected',
  appointmentAt: inHours(48),
  ...over,
});

describe('customer cancel (spec §4)', () => {
  it('is allowed at or before appointment − policy hours while unfulfilled or rescheduled', () => {
    expect(customerCancelProblem(order(), 24, now)).toBeNull();
    expect(customerCancelProblem(order({ appointmentAt: inHours(24) }), 24, now)).toBeNull(); // exactly at the deadline
    expect(customerCancelProblem(order({ fulfillmentStatus: 'rescheduled' }), 24, now)).toBeNull();
    expect(customerChangeDeadline(inHours(48), 24).toISOString()).toBe(inHours(24));
  });

  it('is refused inside the window with a message naming the hours', () => {
    expect(customerCancelProblem(order({ appointmentAt: inHours(23.9) }), 24, now)).toBe(
      ORDER_MESSAGES.insideWindow(24),
    );
    expect(ORDER_MESSAGES.insideWindow(1)).toContain('1 hour before');
    expect(ORDER_MESSAGES.insideWindow(12)).toContain('12 hours before');
  });

  it('is refused once cancelled, fulfilled, disputed or refunded', () => {
    expect(customerCancelProblem(order({ fulfillmentStatus: 'cancelled' }), 0, now)).toBe(
      ORDER_MESSAGES.alreadyCancelled,
    );
    expect(customerCancelProblem(order({ fulfillmentStatus: 'fulfilled' }), 0, now)).toBe(
      ORDER_MESSAGES.notCancellable,
    );
    expect(customerCancelProblem(order({ fulfillmentStatus: 'disputed' }), 0, now)).toBe(
      ORDER_MESSAGES.notCancellable,
    );
    expect(customerCancelProblem(order({ paymentStatus: 'refunded' }), 0, now)).toBe(
      ORDER_MESSAGES.notCancellable,
    );
  });
});

describe('customer reschedule (spec §4)', () => {
  it('is disabled when cancelled, past, or inside the policy window', () => {
    expect(customerRescheduleProblem(order(), 24, now)).toBeNull();
    expect(customerRescheduleProblem(order({ fulfillmentStatus: 'cancelled' }), 24, now)).toBe(
      ORDER_MESSAGES.alreadyCancelled,
    );
    expect(customerRescheduleProblem(order({ appointmentAt: inHours(-1) }), 0, now)).toBe(
      ORDER_MESSAGES.appointmentPast,
    );
    expect(customerRescheduleProblem(order({ appointmentAt: inHours(5) }), 6, now)).toBe(
      ORDER_MESSAGES.insideWindow(6),
    );
    expect(customerRescheduleProblem(order({ appointmentAt: inHours(5) }), 0, now)).toBeNull();
  });
});

describe('allowed vendor actions (spec §4)', () => {
  it('follows the table, and removes Complete while the appointment is in the future', () => {
    expect(allowedVendorActions(order({ appointmentAt: inHours(-2) }), now)).toEqual([
      'complete',
      'reschedule',
      'partial_refund',
      'cancel',
    ]);
    expect(allowedVendorActions(order(), now)).toEqual(['reschedule', 'partial_refund', 'cancel']);
    expect(
      allowedVendorActions(
        order({
          paymentStatus: 'partially_refunded',
          fulfillmentStatus: 'rescheduled',
          appointmentAt: inHours(-1),
        }),
        now,
      ),
    ).toHaveLength(4);
    for (const p of ['collected', 'partially_refunded', 'pending'])
      expect(
        allowedVendorActions(
          order({ paymentStatus: p, fulfillmentStatus: 'fulfilled', appointmentAt: inHours(-5) }),
          now,
        ),
      ).toEqual(['partial_refund']);
    expect(
      allowedVendorActions(
        order({ paymentStatus: 'pending', fulfillmentStatus: 'disputed', appointmentAt: inHours(-5) }),
        now,
      ),
    ).toEqual(['partial_refund']);
    expect(
      allowedVendorActions(order({ fulfillmentStatus: 'cancelled', paymentStatus: 'refunded' }), now),
    ).toEqual([]);
    expect(
      allowedVendorActions(
        order({ fulfillmentStatus: 'fulfilled', paymentStatus: 'processed', appointmentAt: inHours(-80) }),
        now,
      ),
    ).toEqual([]);
  });
});

describe('actions the vendor menu lists (spec §4)', () => {
  it('lists none for a cancelled, processed or refunded order, and never Complete before the appointment', () => {
    expect(
      listedVendorActions(order({ fulfillmentStatus: 'cancelled', appointmentAt: inHours(-2) }), now),
    ).toEqual([]);
    expect(
      listedVendorActions(
        order({ fulfillmentStatus: 'fulfilled', paymentStatus: 'processed', appointmentAt: inHours(-50) }),
        now,
      ),
    ).toEqual([]);
    expect(
      listedVendorActions(order({ paymentStatus: 'refunded', appointmentAt: inHours(-2) }), now),
    ).toEqual([]);
    expect(listedVendorActions(order(), now)).toEqual(['reschedule', 'partial_refund', 'cancel']);
    expect(
      listedVendorActions(order({ fulfillmentStatus: 'fulfilled', appointmentAt: inHours(-2) }), now),
    ).toEqual(['complete', 'reschedule', 'partial_refund', 'cancel']);
  });

  it('lists every action the matrix allows', () => {
    for (const appointmentAt of [inHours(-2), inHours(2)])
      for (const fulfillmentStatus of ['unfulfilled', 'rescheduled', 'fulfilled', 'disputed', 'cancelled'])
        for (const paymentStatus of ['collected', 'partially_refunded', 'pending', 'processed', 'refunded']) {
          const o = order({ appointmentAt, fulfillmentStatus, paymentStatus });
          for (const a of allowedVendorActions(o, now)) expect(listedVendorActions(o, now)).toContain(a);
        }
  });
});

describe('why a vendor action is refused (spec §4)', () => {
  it('says Complete waits for the appointment, and anything else the matrix refuses is not available', () => {
    expect(vendorActionProblem(order(), 'complete', now)).toBe(ORDER_MESSAGES.completeInFuture);
    expect(vendorActionProblem(order({ appointmentAt: inHours(-1) }), 'complete', now)).toBeNull();
    expect(vendorActionProblem(order(), 'reschedule', now)).toBeNull();
    expect(
      vendorActionProblem(
        order({ fulfillmentStatus: 'fulfilled', appointmentAt: inHours(-1) }),
        'complete',
        now,
      ),
    ).toBe(ORDER_MESSAGES.actionNotAllowed);
    expect(vendorActionProblem(order({ fulfillmentStatus: 'cancelled' }), 'complete', now)).toBe(
      ORDER_MESSAGES.actionNotAllowed,
    );
    expect(vendorActionProblem(order({ paymentStatus: 'processed' }), 'partial_refund', now)).toBe(
      ORDER_MESSAGES.actionNotAllowed,
    );
  });
});

describe('partial refund amounts (spec §5: more than 0, step 0.01)', () => {
  it('reads dollars with at most two decimals as cents', () => {
    expect(refundAmountCents(12.5)).toBe(1250);
    expect(refundAmountCents(0.01)).toBe(1);
    expect(refundAmountCents(0.1 + 0.2)).toBe(30);
    expect(refundAmountCents(1.005 + 0)).toBeNull();
    expect(refundAmountCents('19.99')).toBe(1999);
    expect(refundAmountCents(' 7 ')).toBe(700);
    for (const bad of [
      0,
      -1,
      12.345,
      '1.234',
      'abc',
      '',
      '-3',
      '1e3',
      null,
      undefined,
      Number.NaN,
      Infinity,
      {},
    ])
      expect(refundAmountCents(bad), String(bad)).toBeNull();
  });

  it('says what is wrong with an amount (issue 23: "1.234" was told to be more than $0.00)', () => {
    const decimals = 'Enter the refund amount with at most two decimal places.';
    const positive = 'The refund amount must be greater than $0.00.';
    for (const [value, problem] of [
      [1.234, decimals],
      ['1.234', decimals],
      [12.345, decimals],
      ['0.001', decimals],
      [0, positive],
      ['0', positive],
      ['0.00', positive],
      [-1, positive],
      ['-3', positive],
      ['', ORDER_MESSAGES.refundAmountInvalid],
      ['abc', ORDER_MESSAGES.refundAmountInvalid],
      ['1e3', ORDER_MESSAGES.refundAmountInvalid],
      [null, ORDER_MESSAGES.refundAmountInvalid],
      [undefined, ORDER_MESSAGES.refundAmountInvalid],
      [Number.NaN, ORDER_MESSAGES.refundAmountInvalid],
      [Infinity, ORDER_MESSAGES.refundAmountInvalid],
    ] as const)
      expect(readRefundAmount(value), String(value)).toEqual({ problem });
    expect(readRefundAmount('1.23')).toEqual({ cents: 123 });
    expect(readRefundAmount(0.1 + 0.2)).toEqual({ cents: 30 });
  });

  it(
    'every whole number of cents, written as dollars, reads back exactly',
    { timeout: PROPERTY_TEST_TIMEOUT_MS },
    () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (cents) => {
          expect(refundAmountCents(cents / 100)).toBe(cents);
          expect(refundAmountCents((cents / 100).toFixed(2))).toBe(cents);
        }),
        propertyOptions({ numRuns: 100 }),
      );
    },
  );

  it('lists every problem with the spec’s messages, the limit in dollars', () => {
    expect(partialRefundProblems({ refundAmount: 5, refundReason: 'Late' }, 500)).toEqual([]);
    expect(partialRefundProblems({ refundAmount: 5.01, refundReason: 'Late' }, 500)).toEqual([
      ORDER_MESSAGES.refundAmountTooHigh('$5.00'),
    ]);
    expect(partialRefundProblems({ refundAmount: 2000, refundReason: 'Late' }, 123456)).toEqual([
      'The refund can be at most $1,234.56, what is left of the payout for this order.',
    ]);
    expect(partialRefundProblems({ refundAmount: 0, refundReason: ' ' }, 500)).toEqual([
      'The refund amount must be greater than $0.00.',
      ORDER_MESSAGES.refundReasonRequired,
    ]);
    expect(partialRefundProblems({ refundAmount: 1, refundReason: 'r'.repeat(501) }, null)).toEqual([
      ORDER_MESSAGES.refundReasonTooLong,
    ]);
  });

  it('keeps a dispute hold pending, else the payment is partially refunded', () => {
    expect(paymentStatusAfterPartialRefund('collected')).toBe('partially_refunded');
    expect(paymentStatusAfterPartialRefund('partially_refunded')).toBe('partially_refunded');
    expect(paymentStatusAfterPartialRefund('pending')).toBe('pending');
  });
});

describe('vendor cancel and completion forms (spec §5)', () => {
  it('a cancel needs a reason (500 at most) and the confirm box', () => {
    expect(vendorCancelProblems({ cancelReason: 'Sick', confirmed: true })).toEqual([]);
    expect(vendorCancelProblems({})).toEqual([
      ORDER_MESSAGES.cancelReasonRequired,
      ORDER_MESSAGES.confirmRequired,
    ]);
    expect(vendorCancelProblems({ cancelReason: 'x'.repeat(501), confirmed: true })).toEqual([
      ORDER_MESSAGES.cancelReasonTooLong,
    ]);
  });

  it('completion needs the confirm box; the note is optional, 500 at most', () => {
    expect(completionProblems({ confirmed: true })).toEqual([]);
    expect(completionProblems({ confirmed: true, optionalNote: 'n'.repeat(500) })).toEqual([]);
    expect(completionProblems({ confirmed: false, optionalNote: 'n'.repeat(501) })).toEqual([
      ORDER_MESSAGES.confirmRequired,
      ORDER_MESSAGES.noteTooLong,
    ]);
  });
});
