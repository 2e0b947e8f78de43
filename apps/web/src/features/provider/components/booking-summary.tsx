import type { ReactNode } from 'react';
import { CATEGORY_LABELS, DEFAULT_SERVICE_CHARGE_CENTS } from '@stg/domain/constants';
import { formatAppointment } from '@stg/domain/dates';
import { dollarsToCents, formatDollars, type Cents } from '@stg/domain/money';
import { formatDurationHours } from '@stg/domain/pricing';
import type { Vendor } from '@stg/domain/api/vendors';
import type { Booking } from '@stg/domain/api/bookings';
import { nextVisitStarts, PLAN_FREQUENCY_LABELS, planChargeWhenText } from '@stg/domain/plans';

/** What Checkout does with the time (the payment modal says until when). */
export const CHECKOUT_HOLD_NOTE = 'When you check out, we hold this time for you while you pay.';

const centsOf = (dollars: number | null | undefined): Cents | null =>
  typeof dollars === 'number' && Number.isFinite(dollars) ? dollarsToCents(dollars) : null;

/**
 * The Summary panel (spec §2): exactly Provider, Service, the chosen options, Appointment, Estimated
 * Duration, Subtotal, Service Charge (the signed-in user's, else the default 2.55) and Total, from the
 * booking as the server priced and scheduled it; then the Checkout action.
 */
export function BookingSummary({
  vendor,
  booking,
  serviceCharge,
  children,
}: {
  vendor: Vendor;
  booking: Booking;
  /** The signed-in user's service charge in dollars; the default applies to guests. */
  serviceCharge: number | undefined;
  /** The Checkout action. */
  children?: ReactNode;
}) {
  const options = Object.entries(booking.optionsSnapshot ?? {});
  const subtotal = centsOf(booking.price);
  const charge = centsOf(serviceCharge) ?? DEFAULT_SERVICE_CHARGE_CENTS;
  const money = (cents: Cents | null) => (cents === null ? '—' : formatDollars(cents));
  // ADR 0037: a plan's first visit — the plan, the next three visits, the price and when each is charged.
  const plan = booking.plan ?? null;
  const next =
    plan && booking.appointmentAt
      ? nextVisitStarts(Date.parse(booking.appointmentAt), plan.frequency, 3)
      : [];
  return (
    <>
      <dl className="details booking-summary">
        <div>
          <dt>Provider</dt>
          <dd>{vendor.name}</dd>
        </div>
        <div>
          <dt>Service</dt>
          <dd>{CATEGORY_LABELS[vendor.category] ?? vendor.category}</dd>
        </div>
        {options.map(([question, choice]) => (
          <div key={question}>
            <dt>{question}</dt>
            <dd>{String(choice)}</dd>
          </div>
        ))}
        {plan && (
          <div>
            <dt>Plan</dt>
            <dd>{PLAN_FREQUENCY_LABELS[plan.frequency]}</dd>
          </div>
        )}
        <div>
          <dt>{plan ? 'First visit' : 'Appointment'}</dt>
          <dd>
            {booking.appointmentAt ? `${formatAppointment(booking.appointmentAt)} (Mountain Time)` : '—'}
          </dd>
        </div>
        {next.length > 0 && (
          <div>
            <dt>Next visits</dt>
            <dd>
              <ul className="booking-summary__visits">
                {next.map((ms) => (
                  <li key={ms}>{formatAppointment(ms)}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        <div>
          <dt>Estimated Duration</dt>
          <dd>{formatDurationHours(booking.duration)}</dd>
        </div>
        <div>
          <dt>{plan ? 'Price per visit' : 'Subtotal'}</dt>
          <dd>
            {money(subtotal)}
            {plan && plan.discountPercent > 0 && ` (save ${plan.discountPercent}%)`}
          </dd>
        </div>
        <div>
          <dt>Service Charge</dt>
          <dd>{money(charge)}</dd>
        </div>
        <div className="booking-summary__total">
          <dt>{plan ? 'Total per visit' : 'Total'}</dt>
          <dd>{money(subtotal === null ? null : subtotal + charge)}</dd>
        </div>
      </dl>
      {plan && (
        <p className="booking-summary__hold" role="note">
          {planChargeWhenText(vendor.cancelationPolicyHours)}
        </p>
      )}
      <p className="booking-summary__hold" role="note">
        {CHECKOUT_HOLD_NOTE}
      </p>
      {children}
    </>
  );
}
