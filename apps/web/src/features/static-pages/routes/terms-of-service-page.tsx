import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /terms-of-service (governed by Utah law, spec §1). */
export function TermsOfServicePage() {
  useDocumentTitle('Terms of Service');
  return (
    <div className="container page page--narrow prose">
      <PageHeader title="Terms of Service" />
      <p>
        These terms govern your use of Servo, a marketplace that connects customers with independent providers
        of home and vehicle services in St George, Utah. By creating an account or booking a service you
        accept them.
      </p>
      <h2>The marketplace</h2>
      <p>
        Providers are independent businesses. They set their own prices, availability and policies, and they
        are responsible for the services they perform. Servo provides the platform for quoting, scheduling and
        payment.
      </p>
      <h2>Bookings and payment</h2>
      <p>
        Prices are calculated from the provider&apos;s pricing and your answers. A service charge is added to
        your bill and shown before you pay. If an adjustment is necessary, the provider confirms it with you
        before the service. Payments are processed by our payment provider.
      </p>
      <h2>Cancellations and rescheduling</h2>
      <p>
        Each provider sets a cancellation window, shown on their page. Within that window, an appointment can
        no longer be cancelled or rescheduled online. Refunds follow the provider&apos;s policy and these
        terms.
      </p>
      <h2>Providers</h2>
      <p>
        Providers pay a commission on completed jobs and no lead fees. Payouts are made by direct deposit and
        start 72 hours after a job is marked fulfilled.
      </p>
      <h2>Reviews</h2>
      <p>Customers may review a provider once after ordering. Reviews must be honest and respectful.</p>
      <h2>Governing law</h2>
      <p>
        These terms are governed by the laws of the State of Utah, without regard to its conflict of law
        rules. Any dispute shall be brought in the state or federal courts located in Utah.
      </p>
    </div>
  );
}
