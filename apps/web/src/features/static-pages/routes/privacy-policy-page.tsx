import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /privacy-policy, dated April 2, 2024 (spec §1). */
export function PrivacyPolicyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <div className="container page page--narrow prose">
      <PageHeader title="Privacy Policy" lead="Last updated: April 2, 2024" />
      <p>
        This policy explains what information Servo collects when you use our marketplace, how we use it and
        the choices you have.
      </p>
      <h2>Information we collect</h2>
      <ul>
        <li>Account details: your name, email address, phone number and service address.</li>
        <li>
          Booking details: the providers you book, your answers to their pricing questions, appointment times
          and any notes you leave for the provider.
        </li>
        <li>Reviews you write about providers.</li>
      </ul>
      <h2>Calendar connections</h2>
      <p>
        Providers may connect a calendar (such as Google Calendar or Jobber) so customers only see times when
        they are free. When they do, we store the access tokens that the calendar service issues, and use them
        only to read availability and to add or update the appointments booked through Servo. A provider can
        disconnect a calendar at any time, which deletes the stored tokens.
      </p>
      <h2>Payments</h2>
      <p>
        Card payments are processed by our payment provider. Your card number and security code are sent
        directly to the payment provider and held by them; Servo never stores full card data. We keep only
        what we need to show your payment, such as the card brand and its last four digits.
      </p>
      <h2>How we use information</h2>
      <p>
        We use your information to provide the marketplace: to price and schedule bookings, to share the
        details a provider needs to do the job, to process payments and refunds, to send booking messages, and
        to keep the service safe. We do not sell personal information.
      </p>
      <h2>Sharing</h2>
      <p>
        When you book, the provider receives your name, phone number, service address and booking details. We
        also share information with service providers that help us run Servo (such as payment processing and
        email delivery), only as needed for that purpose, or when required by law.
      </p>
      <h2>Your choices</h2>
      <p>
        You can review and update your account details at any time, and you may ask us to delete your account.
        Some records, such as completed payments, are kept as the law requires.
      </p>
    </div>
  );
}
