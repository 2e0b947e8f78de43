import { Link } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /about-us */
export function AboutUsPage() {
  useDocumentTitle('About Us');
  return (
    <div className="container page page--narrow prose">
      <PageHeader
        title="About Us"
        lead="Servo is a local marketplace for home services in St George, Utah."
      />
      <p>
        Booking a house cleaner, a pest control visit or a window wash should be as simple as ordering
        anything else online. On Servo you choose a local provider, answer a few questions about the job and
        see an instant price and an estimated duration. Then you pick a time from the provider&apos;s real
        availability and pay securely by card.
      </p>
      <h2>For customers</h2>
      <p>
        Every provider on Servo sets their own prices and schedule. What you see at checkout is what you book:
        the price, the appointment time, and a small service charge shown before you pay.
      </p>
      <h2>For local businesses</h2>
      <p>
        Providers receive confirmed, paid work orders instead of leads. There are no lead fees: Servo earns a
        commission only on completed jobs, and payouts arrive by direct deposit.{' '}
        <Link to="/vendor-onboarding">Learn how listing works</Link>.
      </p>
      <h2>Where we are</h2>
      <p>We currently serve St George and the nearby zip codes 84765, 84770, 84780 and 84790.</p>
    </div>
  );
}
