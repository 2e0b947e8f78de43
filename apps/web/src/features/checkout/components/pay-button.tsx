import { useId } from 'react';

/**
 * "Pay $117.15": off while a payment is being confirmed, so a double click never charges twice. A plan's
 * checkout (ADR 0037) shows its consent right above it, and the button is described by it.
 */
export function PayButton({
  amount,
  working,
  disabled = false,
  consent = null,
}: {
  amount: string;
  working: boolean;
  disabled?: boolean;
  consent?: string | null;
}) {
  const consentId = useId();
  return (
    <>
      {consent && (
        <p id={consentId} className="checkout-consent">
          {consent}
        </p>
      )}
      <button
        aria-describedby={consent ? consentId : undefined}
        type="submit"
        className="button button--primary button--block button--large checkout-form__pay"
        disabled={working || disabled}
        aria-busy={working || undefined}
      >
        {working ? 'Processing payment…' : `Pay ${amount}`}
      </button>
    </>
  );
}
