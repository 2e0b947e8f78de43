import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { initialSelections, type Selections } from '@stg/domain/pricing';
import { PageLoader } from '../../../components/page-loader';
import type { Vendor } from '@stg/domain/api/vendors';
import type { Answers, Booking } from '@stg/domain/api/bookings';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { SESSION_QUERY_KEY } from '../../../lib/session/session-query';
import { useSession } from '../../../lib/session/use-session';
import { CheckoutButton } from '../../checkout/components/checkout-button';
import { useCheckout } from '../../checkout/components/use-checkout';
import type { SaveQuoteInput } from '../api/use-save-quote';
import { vendorQueryOptions } from '../../../lib/vendors/vendor-query';
import { BookingPanels, type BookingPanel } from './booking-panels';
import { BookingSummary } from './booking-summary';
import { offeredChoice, type VisitFrequency } from './how-often';
import { InstantPricing } from './instant-pricing';
import { Scheduler } from './scheduler';

export const MUST_GET_PRICE = 'Must get price before scheduling';
export const MUST_SCHEDULE = 'Must schedule appointment before checkout';
export const TIME_CLEARED =
  'Your new service takes longer, so your earlier time no longer fits. Please pick the time again.';

/** What the customer has answered or typed in the Pricing panel and not yet priced. */
export interface PricingDraft {
  answers: Answers;
  notes: string | null;
}

const NO_DRAFT: PricingDraft = { answers: {}, notes: null };

/** Statuses of a booking that can still be priced again and carried on with (spec §4). */
const OPEN_STATUSES: readonly Booking['status'][] = ['priced', 'scheduled', 'pending'];
const SCHEDULED_STATUSES: readonly Booking['status'][] = ['scheduled', 'pending'];

/**
 * Pricing, Scheduling and Summary (spec §2, §4). Pricing holds the Instant Pricing panel; once a booking
 * is priced (now, or an open booking with this vendor from the session), Pricing reads "Edit Service" and
 * Scheduling opens. Continue on the scheduler schedules the booking: Scheduling then reads "Edit Booking"
 * and the Summary opens, with Checkout (features/checkout). A booking being paid reads "Continue".
 *
 * What the customer answers is kept here, above the Pricing panel, so signing in or creating an account
 * in the middle of it (which brings another user's saved answers) never undoes it.
 */
export function BookingSection({ vendor }: { vendor: Vendor }) {
  const session = useSession();
  const [savedBooking, setSavedBooking] = useState<Booking | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ panel: 'scheduling' | 'summary'; n: number } | null>(
    null,
  );
  const [timeCleared, setTimeCleared] = useState(false);
  const [draft, setDraft] = useState<PricingDraft>(NO_DRAFT);
  /**
   * "How often?" (ADR 0037): one time or a plan frequency. Kept here with the answers (it survives sign-in
   * in the middle); Continue sends it with the answers and the server prices the plan's visit.
   */
  const [chosenFrequency, setFrequency] = useState<VisitFrequency | null>(null);
  /** Why Checkout sent the customer back to Scheduling or Pricing (spec §8). */
  const [checkoutNotice, setCheckoutNotice] = useState<{
    panel: 'pricing' | 'scheduling';
    text: string;
  } | null>(null);
  const queryClient = useQueryClient();
  const schedulingRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusRequest) return;
    (focusRequest.panel === 'scheduling' ? schedulingRef : summaryRef).current?.focus();
  }, [focusRequest]);

  const sessionBooking =
    session.bookings.find((b) => b.vendorId === vendor.id && OPEN_STATUSES.includes(b.status)) ?? null;
  const booking = savedBooking ?? sessionBooking;
  // Until the customer chooses, the open booking's plan (a page opened again); a frequency the vendor no
  // longer offers (its page read again) is one time.
  const frequency = offeredChoice(vendor, chosenFrequency ?? booking?.plan?.frequency ?? 'one_time');
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
    // The answers are the booking's now (and saved for next time).
    setDraft(NO_DRAFT);
    setCheckoutNotice(null);
    openPanel('scheduling');
  };

  const onScheduled = (next: Booking) => {
    setTimeCleared(false);
    setSavedBooking(next);
    setCheckoutNotice(null);
    openPanel('summary');
  };

  // The server changed the booking (paid, refunded, re-priced): read it from the session again.
  const onBookingChanged = useCallback(() => {
    setSavedBooking(null);
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [queryClient]);

  const checkout = useCheckout({
    vendorId: vendor.id,
    bookingId: scheduled ? booking.id : (sessionBooking?.id ?? null),
    signedIn: session.user !== null,
    ready: !session.isPending,
    onAppointmentUnavailable: (text) => {
      // Spec §8: the times are fetched again and the customer picks another one.
      void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(vendor.id) });
      setCheckoutNotice({ panel: 'scheduling', text });
      openPanel('scheduling');
    },
    onPriceChanged: (text) => {
      // The server priced the answers again (and may have cleared the time): review them.
      onBookingChanged();
      void queryClient.invalidateQueries({ queryKey: vendorQueryOptions(vendor.id).queryKey, exact: true });
      setCheckoutNotice({ panel: 'pricing', text });
      setOpen('pricing');
    },
    onBookingChanged,
  });

  const panels: BookingPanel[] = [
    {
      key: 'pricing',
      title: 'Pricing',
      action: priced ? 'Edit Service' : 'Get Price',
      disabledReason: null,
      content: session.isPending ? (
        <PageLoader label="Loading your answers…" />
      ) : (
        <>
          {checkoutNotice?.panel === 'pricing' && (
            <p className="alert alert--warning booking-step__notice" role="alert">
              {checkoutNotice.text}
            </p>
          )}
          <PricingStep
            // Another signed-in user starts from that person's saved answers, with what was answered here
            // on top (the draft), so signing in or up in the middle keeps every answer.
            key={session.user?.id ?? 'guest'}
            vendor={vendor}
            session={session}
            booking={booking}
            draft={draft}
            onDraftChange={setDraft}
            onPriced={onPriced}
            frequency={frequency}
            onFrequencyChange={setFrequency}
          />
        </>
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
          {checkoutNotice?.panel === 'scheduling' && (
            <p className="alert alert--error booking-step__notice" role="alert">
              {checkoutNotice.text}
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
      action: booking?.status === 'pending' ? 'Continue' : 'Checkout',
      disabledReason: scheduled ? null : MUST_SCHEDULE,
      content: (
        <div ref={summaryRef} tabIndex={-1} className="booking-step">
          {booking && (
            <BookingSummary vendor={vendor} booking={booking} serviceCharge={session.user?.serviceCharge}>
              {scheduled && <CheckoutButton checkout={checkout} />}
            </BookingSummary>
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
  draft,
  onDraftChange,
  onPriced,
  frequency,
  onFrequencyChange,
}: {
  vendor: Vendor;
  session: ReturnType<typeof useSession>;
  booking: Booking | null;
  draft: PricingDraft;
  onDraftChange: (change: (draft: PricingDraft) => PricingDraft) => void;
  onPriced: (booking: Booking) => void;
  frequency: VisitFrequency;
  onFrequencyChange: (frequency: VisitFrequency) => void;
}) {
  // Computed once, when the panel first renders: later session refetches do not undo the customer's edits.
  // Saved answers (the address's, or the guest session's), then the open booking's, then what was answered
  // here before this panel was rendered again (sign-in or sign-up in the middle of it).
  const [prefill] = useState(() => {
    const { user, currentAddress, guestInputs } = session;
    const saved: Selections = user ? (currentAddress?.userInputs ?? {}) : guestInputs;
    const answers = initialSelections(vendor.pricingInputs ?? [], {
      ...saved,
      ...(booking?.answers ?? {}),
      ...draft.answers,
    });
    return { answers, notes: draft.notes ?? booking?.customerNotes ?? '' };
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
      onAnswerChange={(inputId, value) =>
        onDraftChange((d) => ({ ...d, answers: { ...d.answers, [String(inputId)]: value } }))
      }
      onNotesChange={(notes) => onDraftChange((d) => ({ ...d, notes }))}
      frequency={frequency}
      onFrequencyChange={onFrequencyChange}
    />
  );
}
