import '../checkout.css';
import { ErrorList } from '../../../components/error-list';
import type { Checkout } from './use-checkout';

/**
 * The Summary panel's Checkout (spec §2): why it could not start shows above it. Kept focusable while
 * working (aria-disabled), so focus returns to it when the payment modal closes; a second press meanwhile
 * does nothing.
 */
export function CheckoutButton({ checkout }: { checkout: Checkout }) {
  return (
    <div className="checkout-action">
      <ErrorList errors={checkout.error ? [checkout.error] : []} />
      <button
        type="button"
        className="button button--primary button--block button--large"
        aria-disabled={checkout.working || undefined}
        aria-busy={checkout.working || undefined}
        onClick={(event) => {
          // The second press of a double click is not a second checkout.
          if (event.detail > 1) return;
          void checkout.start();
        }}
      >
        {checkout.working ? 'Starting checkout…' : 'Checkout'}
      </button>
    </div>
  );
}
