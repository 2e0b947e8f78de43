import { useEffect, useRef, useState } from 'react';
import { initialSelections, type Selections } from '@stg/domain/pricing';
import { PageLoader } from '../../../components/page-loader';
import type { Booking, Vendor } from '../../../lib/api-types';
import { useSession } from '../../../lib/session/use-session';
import type { SaveQuoteInput } from '../api/use-save-quote';
import { BookingPanels, type BookingPanel } from './booking-panels';
import { BookingSummary } from './booking-summary';
import { InstantPricing } from './instant-pricing';
import { Scheduler } from './scheduler';

export const MUST_GET_PRICE = 'Must get price before scheduling';
export const MUST_SCHEDULE = 'Must schedule appointment before checkout';
export const TIME_CLEARED =
  'Your new service takes longer, so your earlier time no longer fits. Please pick the time again.';

/** Statuses of a booking that can still be priced again and carried on with (spec §4). */
const OPEN_STATUSES: readonly Booking['status'][] = ['priced', 'scheduled', 'pending'];
const SCHEDULED_STATUSES: readonly Booking['status'][] = ['scheduled', 'pending'];

/**
 * Pricing, Scheduling and Summary (spec §2, §4). Pricing holds the Instant Pricing panel; once a booking
 * is priced (now, or an open booking with this vendor from the session), Pricing reads "Edit Service" and
 * Scheduling opens. Continue on the scheduler schedules the booking: Scheduling then reads "Edit Booking"
 * and the Summary opens. Checkout itself ships with the next release.
 */
export function BookingSection({ vendor }: { vendor: Vendor }) {
  const session = useSession();
  const [savedBooking, setSavedBooking] = useState<Booking | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ panel: 'scheduling' | 'summary'; n: number } | null>(
    null,
  );
  const [timeCleared, setTimeCleared] = useState(false);
  const schedulingRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusRequest) return;
    (focusRequest.panel === 'scheduling' ? schedulingRef : summaryRef).current?.focus();
  }, [focusRequest]);

  const sessionBooking =
    session.bookings.find((b) => b.vendorId === vendor.id && OPEN_STATUSES.includes(b.status)) ?? null;
  const booking = savedBooking ?? sessionBooking;
  const priced = booking !== null;
  const scheduled = booking !== null && SCHEDULED_STATUSES.includes(booking.status);

  const openPanel = (panel: 'scheduling' | 'summary') => {
    setOpen(panel);
    setFocusRequest((previous) => ({ panel, n: (previous?.n ?? 0) + 1 }));
  };

  const onPriced = (next: Booking) => {
    // Re-pricing keeps a chosen time that still fits; otherwise the server clears it (docs/api/scheduling.md).
    const hadTime = booking !== null && booking.appointmentAt !== null;
    setTimeCleared(hadTime && next.appointmentAt === null);
    setSavedBooking(next);
    openPanel('scheduling');
  };

  const onScheduled = (next: Booking) => {
    setTimeCleared(false);
    setSavedBooking(next);
    openPanel('summary');
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
          {timeCleared && (
            <p className="alert alert--warning booking-step__notice" role="status">
              {TIME_CLEARED}
            </p>
          )}
          {booking && open === 'scheduling' && (
            <Scheduler
              // A booking priced again (another duration) or scheduled elsewhere starts a fresh choice.
              key={`${booking.id}-${booking.duration}-${booking.appointmentAt ?? ''}`}
              vendor={vendor}
              booking={booking}
              onScheduled={onScheduled}
            />
          )}
        </div>
      ),
    },
    {
      key: 'summary',
      title: 'Summary',
      action: 'Checkout',
      disabledReason: scheduled ? null : MUST_SCHEDULE,
      content: (
        <div ref={summaryRef} tabIndex={-1} className="booking-step">
          {booking && (
            <BookingSummary vendor={vendor} booking={booking} serviceCharge={session.user?.serviceCharge} />
          )}
        </div>
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
