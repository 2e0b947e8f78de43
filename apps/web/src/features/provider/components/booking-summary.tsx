import { CATEGORY_LABELS, DEFAULT_SERVICE_CHARGE_CENTS } from '@stg/domain/constants';
import { formatAppointment } from '@stg/domain/dates';
import { dollarsToCents, formatDollars, type Cents } from '@stg/domain/money';
import { formatDurationHours } from '@stg/domain/pricing';
import { ComingLaterNote } from '../../../components/coming-later-note';
import type { Booking, Vendor } from '../../../lib/api-types';

export const CHECKOUT_LATER =
  'Checkout and card payment arrive in the next release. Your booking and its time are saved.';

const centsOf = (dollars: number | null | undefined): Cents | null =>
  typeof dollars === 'number' && Number.isFinite(dollars) ? dollarsToCents(dollars) : null;

/**
 * The Summary panel (spec §2): Provider, Service, the chosen options, Appointment, Estimated Duration,
 * Subtotal, Service Charge (the signed-in user's, else the default 2.55) and Total, from the booking as
 * the server priced and scheduled it.
 */
export function BookingSummary({
  vendor,
  booking,
  serviceCharge,
}: {
  vendor: Vendor;
  booking: Booking;
  /** The signed-in user's service charge in dollars; the default applies to guests. */
  serviceCharge: number | undefined;
}) {
  const options = Object.entries(booking.optionsSnapshot ?? {});
  const subtotal = centsOf(booking.price);
  const charge = centsOf(serviceCharge) ?? DEFAULT_SERVICE_CHARGE_CENTS;
  const money = (cents: Cents | null) => (cents === null ? '—' : formatDollars(cents));
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
        {booking.customerNotes && (
          <div>
            <dt>Additional Instructions</dt>
            <dd className="booking-summary__notes">{booking.customerNotes}</dd>
          </div>
        )}
        <div>
          <dt>Appointment</dt>
          <dd>
            {booking.appointmentAt ? `${formatAppointment(booking.appointmentAt)} (Mountain Time)` : '—'}
          </dd>
        </div>
        <div>
          <dt>Estimated Duration</dt>
          <dd>{formatDurationHours(booking.duration)}</dd>
        </div>
        <div>
          <dt>Subtotal</dt>
          <dd>{money(subtotal)}</dd>
        </div>
        <div>
          <dt>Service Charge</dt>
          <dd>{money(charge)}</dd>
        </div>
        <div className="booking-summary__total">
          <dt>Total</dt>
          <dd>{money(subtotal === null ? null : subtotal + charge)}</dd>
        </div>
      </dl>
      <ComingLaterNote>{CHECKOUT_LATER}</ComingLaterNote>
    </>
  );
}
