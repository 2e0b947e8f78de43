import { Link } from '../link';

/** Stripe's Connected Account Agreement, which its embedded onboarding has the vendor accept. */
export const STRIPE_CONNECTED_ACCOUNT_AGREEMENT = 'https://stripe.com/connect-account/legal/full';

/**
 * The agreements a vendor accepts to be paid (spec §2 Setup 4 "agreement links"): the marketplace's Terms
 * of Service and Stripe's Connected Account Agreement. In the sandbox the latter is the test-mode stand-in:
 * nothing is signed with Stripe.
 */
export function AgreementLinks({ sandbox = false }: { sandbox?: boolean }) {
  return (
    <>
      Payouts are governed by our{' '}
      <Link to="/terms-of-service" target="_blank" rel="noopener">
        Terms of Service<span className="visually-hidden"> (opens in a new tab)</span>
      </Link>{' '}
      and the{' '}
      <a href={STRIPE_CONNECTED_ACCOUNT_AGREEMENT} target="_blank" rel="noopener noreferrer">
        Stripe Connected Account Agreement
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      {sandbox
        ? ' (in test mode, this stands for that agreement: nothing is signed with Stripe).'
        : ', which includes the Stripe Terms of Service.'}
    </>
  );
}
