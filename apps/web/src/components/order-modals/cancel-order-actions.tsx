import './order-modals.css';

/**
 * The buttons of the order-cancellation-confirmation modals (spec §2 Modals, the customer's and the
 * vendor's): Keep Order closes the modal; Cancel Order, in the danger colour, submits its form.
 */
export function CancelOrderActions({
  pending,
  onKeep,
  className,
}: {
  pending: boolean;
  onKeep: () => void;
  /** Added to the actions' `modal__actions`. */
  className?: string;
}) {
  return (
    <div className={className ? `modal__actions ${className}` : 'modal__actions'}>
      <button type="button" className="button button--secondary" onClick={onKeep}>
        Keep Order
      </button>
      <button
        type="submit"
        className="button button--primary cancel-order-actions__submit"
        disabled={pending}
      >
        {pending ? 'Cancelling…' : 'Cancel Order'}
      </button>
    </div>
  );
}
