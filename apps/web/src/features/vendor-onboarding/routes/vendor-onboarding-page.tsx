import { useModal } from '../../../components/modal/modal-provider';
import { useSession } from '../../../lib/session/use-session';
import { LazyVendorSignUpForm } from '../components/vendor-sign-up-form-lazy';
import { useDocumentTitle } from '../../../lib/use-document-title';

const BENEFITS = [
  {
    title: 'Confirmed work orders',
    text: 'Customers price, schedule and pay online before the job reaches you. No quotes to chase, no no-shows to absorb.',
  },
  {
    title: 'Commission-only',
    text: 'You pay a commission on the jobs you complete. There are no lead fees.',
  },
  {
    title: 'Payouts by direct deposit',
    text: 'Payments start 72 hours after a job is marked fulfilled and go straight to your bank account.',
  },
];

const COMING_SOON = ['Drive-time statistics', 'Dynamic pricing', 'Custom discounts', 'More categories'];

/**
 * /vendor-onboarding: the pitch to businesses (spec §1). A visitor who is not signed in can start the
 * vendor-sign-up-form here as with the header's List Your Service (spec §2); a vendor sees no such button
 * (spec §6).
 */
export function VendorOnboardingPage() {
  useDocumentTitle('List Your Service');
  const { user } = useSession();
  const { openModal } = useModal();
  return (
    <div className="onboarding">
      <section className="onboarding__hero" aria-labelledby="onboarding-title">
        <div className="container">
          <p className="hero__eyebrow">For local businesses</p>
          <h1 id="onboarding-title">Grow your service business with Servo</h1>
          <p className="onboarding__lead">
            Get booked and paid online by customers in St George. You set the price formula and the schedule;
            we bring confirmed work orders.
          </p>
          {user && !user.vendorId && (
            <p className="onboarding__signed-in-note">
              You are signed in as a customer. A business is listed from its own vendor account: sign out,
              then choose List Your Service and sign up with your business email.
            </p>
          )}
          {!user && (
            <button
              type="button"
              className="button button--primary button--large"
              onClick={() => openModal(<LazyVendorSignUpForm />)}
            >
              Get Started
            </button>
          )}
        </div>
      </section>
      <section className="container section" aria-labelledby="benefits-title">
        <h2 id="benefits-title">Why providers choose Servo</h2>
        <ul className="benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="card benefit">
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="container section" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol className="how-steps">
          <li>List your service and upload your logo, banner and photos of your work.</li>
          <li>Connect your calendar and set your working hours, so customers only see times you are free.</li>
          <li>Set a pricing formula; customers get an instant price from their answers.</li>
          <li>Connect your bank for payouts, then submit your listing for review.</li>
        </ol>
      </section>
      <section className="container section" aria-labelledby="soon-title">
        <h2 id="soon-title">Coming soon</h2>
        <ul className="chips">
          {COMING_SOON.map((item) => (
            <li key={item} className="chip">
              {item}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
