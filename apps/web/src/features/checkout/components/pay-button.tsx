/** "Pay $117.15": off while a payment is being confirmed, so a double click never charges twice. */
export function PayButton({
  amount,
  working,
  disabled = false,
}: {
  amount: string;
  working: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      className="button button--primary button--block button--large checkout-form__pay"
      disabled={working || disabled}
      aria-busy={working || undefined}
    >
      {working ? 'Processing payment…' : `Pay ${amount}`}
    </button>
  );
}
