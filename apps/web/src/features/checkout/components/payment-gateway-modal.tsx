import { Suspense, lazy, type ReactNode, type RefObject } from 'react';
import { Link } from '../../../components/link';
import { useQuery } from '@tanstack/react-query';
import type { CreatePaymentIntentResponse } from '@stg/domain/api/payments';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import { PageLoader } from '../../../components/page-loader';
import { UNEXPECTED_ERROR } from '../../../lib/api-client';
import type { CheckoutInitFailure } from '../api/create-payment-intent';
import { paymentsConfigQueryOptions } from '../api/payments-config-query';
import {
  CONFIRMING_ORDER,
  NEW_CARD,
  PAYMENT_TITLE,
  VIEW_ORDERS,
  dollars,
  holdNotice,
} from '../checkout-text';
import type { ProviderFormProps } from '../payment-types';
import { CheckoutTypeChoice } from './checkout-type-choice';
import { OrderConfirmation } from './order-confirmation';
import { SandboxCardForm } from './sandbox-card-form';
import { usePaymentFlow, type PaymentFlowState, type PaymentResult } from './use-payment-flow';
import '../checkout.css';

// Stripe.js and React Stripe load only when a Stripe payment is shown.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

export interface PaymentGatewayModalProps {
  vendorId: number;
  /** The booking being paid; null when back from authentication with no booking open any more. */
  bookingId: number | null;
  /** "Step 2 of 2" after Booking Information. */
  step?: string;
  /** The intent create-payment-intent just answered; without it the modal asks for it. */
  initialIntent?: CreatePaymentIntentResponse;
  /** Back from the provider's authentication page (spec §2 open_payment_gateway) with this intent. */
  returningIntentId?: string;
  /** Checkout could not start (spec §8 init errors): the page shows why. */
  onInitFailure: (failure: CheckoutInitFailure) => void;
  /** The booking was paid, or refunded and released: the page reads it again. */
  onBookingChanged: () => void;
}

/**
 * The payment-gateway modal (spec §2 Modals, §4 Checkout type and Payment intent statuses, §8): the
 * amount and the hold, saved cards or a new card, the provider's card form, then the outcome with the
 * live order confirmation (OrderConfirmationChannel). The state machine lives in usePaymentFlow.
 */
export function PaymentGatewayModal(props: PaymentGatewayModalProps) {
  const { vendorId, step, returningIntentId } = props;
  const { closeModal } = useModal();
  const config = useQuery(paymentsConfigQueryOptions());
  const flow = usePaymentFlow(props);
  const { phase, intent, result, notice, working, formError, choice, saveCard } = flow.state;

  const methods = intent?.paymentMethods ?? [];
  const currentChoice =
    choice !== null && (choice === NEW_CARD || methods.some((m) => m.id === choice))
      ? choice
      : (methods[0]?.id ?? NEW_CARD);
  const provider = config.data?.provider ?? (config.isError ? intent?.provider : undefined);
  const publishableKey = config.data?.publishableKey ?? intent?.publishableKey ?? null;

  let body: ReactNode = null;
  if (phase === 'loading')
    body = <PageLoader label={returningIntentId ? 'Checking your payment…' : 'Preparing your payment…'} />;
  else if (phase === 'stopped')
    body = (
      <button type="button" className="button button--secondary button--block" onClick={closeModal}>
        Close
      </button>
    );
  else if (phase === 'result' && result) body = <ResultView result={result} onClose={closeModal} />;
  else if (phase === 'form' && intent) {
    const formProps: ProviderFormProps = {
      vendorId,
      intent,
      choice: currentChoice,
      choices:
        methods.length > 0 ? (
          <CheckoutTypeChoice
            methods={methods}
            choice={currentChoice}
            onChange={flow.choose}
            disabled={working}
          />
        ) : null,
      saveCard,
      onSaveCardChange: flow.setSaveCard,
      updateSaveCard: flow.updateSaveCard,
      working,
      formError,
      clearFormError: flow.clearFormError,
      pay: flow.pay,
    };
    body = (
      <PaymentForm
        intent={intent}
        formProps={formProps}
        provider={provider}
        publishableKey={publishableKey}
      />
    );
  }

  return (
    <Modal title={PAYMENT_TITLE} size="medium">
      {step && <p className="checkout__step">{step}</p>}
      <PaymentStatus phase={phase} result={result} notice={notice} statusRef={flow.statusRef} />
      {body}
    </Modal>
  );
}

/** The live region above the form: the outcome, or why the last attempt did not pay. */
function PaymentStatus({
  phase,
  result,
  notice,
  statusRef,
}: Pick<PaymentFlowState, 'phase' | 'result' | 'notice'> & {
  statusRef: RefObject<HTMLParagraphElement | null>;
}) {
  const shown = phase === 'result' && result ? result.message : notice;
  let tone = 'warning';
  if (phase === 'result' && result?.status === 'succeeded') tone = 'success';
  else if (phase === 'result' && result?.status === 'processing') tone = 'info';
  return (
    <div
      className="checkout__status"
      role="status"
      aria-label="Payment status"
      aria-live="polite"
      aria-atomic="true"
    >
      {shown && (
        <p ref={statusRef} tabIndex={-1} className={`payment-status payment-status--${tone}`}>
          {shown}
        </p>
      )}
    </div>
  );
}

/** The amount and the hold, then the provider's card form. */
function PaymentForm({
  intent,
  formProps,
  provider,
  publishableKey,
}: {
  intent: CreatePaymentIntentResponse;
  formProps: ProviderFormProps;
  provider: CreatePaymentIntentResponse['provider'] | undefined;
  publishableKey: string | null;
}) {
  return (
    <>
      <div className="checkout-amount">
        <p className="checkout-amount__total">
          <span>Total</span>
          <strong>{dollars(intent.price)}</strong>
        </p>
        <p className="checkout-amount__parts">
          <span>Subtotal {dollars(intent.subtotal)}</span> ·{' '}
          <span>Service Charge {dollars(intent.serviceCharge)}</span>
        </p>
        <p className="checkout-amount__hold">{holdNotice(intent.holdExpiresAt)}</p>
      </div>
      {provider === 'sandbox' && <SandboxCardForm {...formProps} />}
      {provider === 'stripe' && publishableKey && (
        <Suspense fallback={<PageLoader label="Loading the card form…" />}>
          <StripePaymentForm {...formProps} publishableKey={publishableKey} />
        </Suspense>
      )}
      {provider === 'stripe' && !publishableKey && <p className="alert alert--error">{UNEXPECTED_ERROR}</p>}
      {provider === undefined && <PageLoader label="Loading the card form…" />}
    </>
  );
}

function ResultView({ result, onClose }: { result: PaymentResult; onClose: () => void }) {
  if (result.status === 'refunded')
    return (
      <button type="button" className="button button--secondary button--block" onClick={onClose}>
        Close
      </button>
    );
  if (result.order) return <OrderConfirmation order={result.order} onViewOrders={onClose} />;
  return (
    <div className="order-confirmation">
      {!result.live && <PageLoader label={CONFIRMING_ORDER} />}
      <p className="order-confirmation__mail">Confirmation {result.confirmationId}</p>
      <Link to="/orders" className="button button--primary button--block" onClick={onClose}>
        {VIEW_ORDERS}
      </Link>
    </div>
  );
}
