import { useEffect, useRef, useState } from 'react';
import { CATEGORY_LABELS } from '@stg/domain/constants';
import { dollarsToCents, formatDollars } from '@stg/domain/money';
import { formatDurationHours, initialSelections, type Selections } from '@stg/domain/pricing';
import { ComingLaterNote } from '../../../components/coming-later-note';
import { PageLoader } from '../../../components/page-loader';
import type { Booking, Vendor } from '../../../lib/api-types';
import { useSession } from '../../../lib/session/use-session';
import type { SaveQuoteInput } from '../api/use-save-quote';
import { BookingPanels, type BookingPanel } from './booking-panels';
import { InstantPricing } from './instant-pricing';

export const MUST_GET_PRICE = 'Must get price before scheduling';
export const MUST_SCHEDULE = 'Must schedule appointment before checkout';
export const SCHEDULING_LATER =
  'Online scheduling arrives in the next release: you will pick a date and time here. Your price and answers are saved.';

/** Statuses of a booking that can still be priced again and carried on with (spec §4). */
const OPEN_STATUSES: readonly Booking['status'][] = ['priced', 'scheduled', 'pending'];
const SCHEDULED_STATUSES: readonly Booking['status'][] = ['scheduled', 'pending'];

/**
 * Pricing, Scheduling and Summary (spec §2, §4). Pricing holds the Instant Pricing panel; once a booking
 * is priced (now, or an open booking with this vendor from the session), Pricing reads "Edit Service" and
 * Scheduling opens. Scheduling itself ships with the next release, and Summary stays locked until a
 * booking is scheduled.
 */
export function BookingSection({ vendor }: { vendor: Vendor }) {
  const session = useSession();
  const [savedBooking, setSavedBooking] = useState<Booking | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [focusScheduling, setFocusScheduling] = useState(0);
  const schedulingRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusScheduling > 0) schedulingRef.current?.focus();
  }, [focusScheduling]);

  const sessionBooking =
    session.bookings.find((b) => b.vendorId === vendor.id && OPEN_STATUSES.includes(b.status)) ?? null;
  const booking = savedBooking ?? sessionBooking;
  const priced = booking !== null;
  const scheduled = booking !== null && SCHEDULED_STATUSES.includes(booking.status);

  const onPriced = (next: Booking) => {
    setSavedBooking(next);
    setOpen('scheduling');
    setFocusScheduling((n) => n + 1);
  };

  const panels: BookingPanel[] = [
    {
      key: 'pricing',
      title: 'Pricing',
      action: priced ? 'Edit Service' : 'Get Price',
      disabledReason: null,
      content: session.isPending ? (
        <PageLoader label="Loading your answers…" />
      ) : (
        <PricingStep
          // A new signed-in user (or signing out) starts again from that person's saved answers.
          key={session.user?.id ?? 'guest'}
          vendor={vendor}
          session={session}
          booking={booking}
          onPriced={onPriced}
        />
      ),
    },
    {
      key: 'scheduling',
      title: 'Scheduling',
      action: scheduled ? 'Edit Booking' : 'Schedule',
      disabledReason: priced ? null : MUST_GET_PRICE,
      content: (
        <div ref={schedulingRef} tabIndex={-1} className="booking-step">
          {booking && <QuoteSummary vendor={vendor} booking={booking} />}
          <ComingLaterNote>{SCHEDULING_LATER}</ComingLaterNote>
        </div>
      ),
    },
    {
      key: 'summary',
      title: 'Summary',
      action: 'Checkout',
      disabledReason: scheduled ? null : MUST_SCHEDULE,
      content: booking ? (
        <QuoteSummary vendor={vendor} booking={booking} />
      ) : (
        <p>Review your booking and pay once it is scheduled.</p>
      ),
    },
  ];
  return (
    <section className="card booking" aria-labelledby="provider-booking">
      <h2 id="provider-booking">Book this service</h2>
      <BookingPanels panels={panels} open={open} onOpenChange={setOpen} />
    </section>
  );
}

function PricingStep({
  vendor,
  session,
  booking,
  onPriced,
}: {
  vendor: Vendor;
  session: ReturnType<typeof useSession>;
  booking: Booking | null;
  onPriced: (booking: Booking) => void;
}) {
  // Computed once, when the panel first renders: later session refetches do not undo the customer's edits.
  const [prefill] = useState(() => {
    const { user, currentAddress, guestInputs } = session;
    const saved: Selections = user ? (currentAddress?.userInputs ?? {}) : guestInputs;
    const answers = initialSelections(vendor.pricingInputs ?? [], { ...saved, ...(booking?.answers ?? {}) });
    return { answers, notes: booking?.customerNotes ?? '' };
  });
  let answersTarget: SaveQuoteInput['answersTarget'] = 'guest';
  if (session.user) answersTarget = session.currentAddress ? { addressId: session.currentAddress.id } : null;
  return (
    <InstantPricing
      vendor={vendor}
      initialAnswers={prefill.answers}
      initialNotes={prefill.notes}
      existingBookingId={booking?.id ?? null}
      answersTarget={answersTarget}
      onPriced={onPriced}
    />
  );
}

const dollars = (amount: number) => (Number.isFinite(amount) ? formatDollars(dollarsToCents(amount)) : '—');

/** The booking as the server priced it: its price and duration are the ones that count. */
export function QuoteSummary({ vendor, booking }: { vendor: Vendor; booking: Booking }) {
  const options = Object.entries(booking.optionsSnapshot ?? {});
  return (
    <dl className="details quote-summary">
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
          <dd className="quote-summary__notes">{booking.customerNotes}</dd>
        </div>
      )}
      <div>
        <dt>Estimated Duration</dt>
        <dd>{formatDurationHours(booking.duration)}</dd>
      </div>
      <div>
        <dt>Subtotal</dt>
        <dd>{dollars(booking.price)}</dd>
      </div>
    </dl>
  );
}
