import { BookingPanels, type BookingPanel } from './booking-panels';

export const MUST_GET_PRICE = 'Must get price before scheduling';
export const MUST_SCHEDULE = 'Must schedule appointment before checkout';

/**
 * Pricing, Scheduling and Summary (spec §2). Instant pricing ships with the next release, so no price can
 * be had yet: Scheduling and Summary stay closed with the spec's tooltips, and Pricing says so plainly.
 */
export function BookingSection({ vendorName }: { vendorName: string }) {
  const panels: BookingPanel[] = [
    {
      key: 'pricing',
      title: 'Pricing',
      action: 'Get Price',
      disabledReason: null,
      content: (
        <p>
          Instant pricing arrives soon: you will answer a few questions about the job and see the price and
          the estimated duration for {vendorName} right here. Online prices are not available yet.
        </p>
      ),
    },
    {
      key: 'scheduling',
      title: 'Scheduling',
      action: 'Schedule',
      disabledReason: MUST_GET_PRICE,
      content: <p>Pick a date and time once you have a price.</p>,
    },
    {
      key: 'summary',
      title: 'Summary',
      action: 'Checkout',
      disabledReason: MUST_SCHEDULE,
      content: <p>Review your booking and pay once it is scheduled.</p>,
    },
  ];
  return (
    <section className="card booking" aria-labelledby="provider-booking">
      <h2 id="provider-booking">Book this service</h2>
      <BookingPanels panels={panels} />
    </section>
  );
}
