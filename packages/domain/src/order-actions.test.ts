import { describe, expect, it } from 'vitest';
import {
  allowedVendorActions,
  customerCancelProblem,
  customerChangeDeadline,
  customerRescheduleProblem,
  ORDER_MESSAGES,
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
