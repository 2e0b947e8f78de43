import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '../../../components/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerOrder } from '@stg/domain/api/orders';
import type {
  ConfirmPaymentResponse,
  CreatePaymentIntentResponse,
  PaymentResultStatus,
} from '@stg/domain/api/payments';
import { CHECKOUT_MESSAGES } from '@stg/domain/checkout';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, UNEXPECTED_ERROR, errorsOf } from '../../../lib/api-client';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { subscribeToOrderConfirmation } from '../../../lib/cable';
import { leavePage } from '../../../lib/leave-page';
import { refreshAfterOrderPlaced } from '../../../lib/refresh-after-order-placed';
import { confirmPayment } from '../api/confirm-payment';
import {
  checkoutInitFailure,
  createPaymentIntent,
  type CheckoutInitFailure,
} from '../api/create-payment-intent';
import { paymentsConfigQueryOptions } from '../api/payments-config-query';
import {
  CONFIRMING_ORDER,
  NEW_CARD,
  PAYMENT_TITLE,
  VIEW_ORDERS,
  dollars,
  holdNotice,
} from '../checkout-text';
import type { CheckoutChoice, ProviderFormProps, ProviderOutcome } from '../payment-types';
import { CheckoutTypeChoice } from './checkout-type-choice';
import { OrderConfirmation } from './order-confirmation';
import { SandboxCardForm } from './sandbox-card-form';
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

interface Result {
  status: PaymentResultStatus;
  message: string;
  confirmationId: string;
  order: CustomerOrder | null;
  /** The socket has answered: no more waiting. */
  live: boolean;
}

type Phase = 'loading' | 'form' | 'result' | 'stopped';

/** Spec §8 status messages for the confirm answer's status; a refund shows the server's notice. */
function statusMessage(answer: Pick<ConfirmPaymentResponse, 'status' | 'message'>): string {
  switch (answer.status) {
    case 'succeeded':
      return CHECKOUT_MESSAGES.succeeded;
    case 'processing':
      return CHECKOUT_MESSAGES.processing;
    case 'requires_payment_method':
      return CHECKOUT_MESSAGES.failed;
    case 'canceled':
      return CHECKOUT_MESSAGES.holdEnded;
    case 'refunded':
      return answer.message;
    default:
      return CHECKOUT_MESSAGES.somethingWrong;
  }
}

/** A refusal answered by our server (a card the provider refused, a saved card gone) shows its words. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return errorsOf(error).join(' ');
  return UNEXPECTED_ERROR;
}

/**
 * The payment-gateway modal (spec §2 Modals, §4 Checkout type and Payment intent statuses, §8): the
 * amount and the hold, saved cards or a new card, the provider's card form, then the outcome with the
 * live order confirmation (OrderConfirmationChannel).
 */
export function PaymentGatewayModal({
  vendorId,
  bookingId,
  step,
  initialIntent,
  returningIntentId,
  onInitFailure,
  onBookingChanged,
}: PaymentGatewayModalProps) {
  const queryClient = useQueryClient();
  const { closeModal } = useModal();
  const config = useQuery(paymentsConfigQueryOptions());
  const [intent, setIntent] = useState<CreatePaymentIntentResponse | null>(initialIntent ?? null);
  const [phase, setPhase] = useState<Phase>(() => {
    if (initialIntent) return 'form';
    return bookingId === null && !returningIntentId ? 'stopped' : 'loading';
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [working, setWorking] = useState(false);
  const workingRef = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [choice, setChoice] = useState<CheckoutChoice | null>(null);
  const [saveCard, setSaveCard] = useState(initialIntent?.saveCard ?? false);
  const started = useRef(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // The page's callback, read when the socket answers (a new function each render must not resubscribe).
  const bookingChanged = useRef(onBookingChanged);
  useEffect(() => {
    bookingChanged.current = onBookingChanged;
  }, [onBookingChanged]);

  const refreshAfterPayment = () => {
    onBookingChanged();
    void refreshAfterOrderPlaced(queryClient, vendorId);
  };

  const showIntent = (next: CreatePaymentIntentResponse) => {
    setIntent(next);
    setSaveCard(next.saveCard);
    setPhase('form');
  };
  const failToStart = (error: unknown) => onInitFailure(checkoutInitFailure(error));

  /** The booking's intent again (the same one while nothing changed; a new one after it ended). */
  const loadIntent = () => {
    if (bookingId === null) {
      setPhase('stopped');
      return;
    }
    setPhase('loading');
    createPaymentIntent(bookingId).then(showIntent, failToStart);
  };

  const apply = (answer: ConfirmPaymentResponse, haveIntent: boolean) => {
    const message = statusMessage(answer);
    const { status, confirmationId, order } = answer;
    if (status === 'succeeded' || status === 'processing' || status === 'refunded') {
      setResult({ status, message, confirmationId, order, live: false });
      setPhase('result');
      if (status === 'succeeded') refreshAfterPayment();
      if (status === 'refunded') {
        onBookingChanged();
        void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(vendorId) });
      }
      return;
    }
    // Not paid: say so above the form, and show the form again (a fresh intent when the old one ended).
    setNotice(message);
    if (status === 'requires_payment_method' && haveIntent) setPhase('form');
    else loadIntent();
  };

  // Opening: back from authentication (ask the server what happened), or fetch the intent if not given.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (returningIntentId) {
      confirmPayment(returningIntentId)
        .then((answer) => apply(answer, false))
        .catch((error: unknown) => {
          setNotice(failureMessage(error));
          loadIntent();
        });
    } else if (!initialIntent && bookingId !== null)
      createPaymentIntent(bookingId).then(showIntent, failToStart);
    // Runs once per opening (the modal host gives each opening a fresh instance).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Live confirmation: wait on OrderConfirmationChannel until the order (or the refund notice) arrives.
  const waitingFor =
    result && !result.live && (result.status === 'succeeded' || result.status === 'processing')
      ? result.confirmationId
      : null;
  useEffect(() => {
    if (!waitingFor) return;
    const stop = subscribeToOrderConfirmation(waitingFor, {
      onMessage: (message) => {
        stop();
        if (message.status === 'confirmed') {
          setResult((current) => ({
            status: 'succeeded',
            message: CHECKOUT_MESSAGES.succeeded,
            confirmationId: message.confirmationId,
            order: message.order ?? current?.order ?? null,
            live: true,
          }));
          bookingChanged.current();
          void refreshAfterOrderPlaced(queryClient, vendorId);
        } else {
          setResult({
            status: 'refunded',
            message: message.message,
            confirmationId: message.confirmationId,
            order: null,
            live: true,
          });
          bookingChanged.current();
          void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(vendorId) });
        }
      },
      onRejected: () => setResult((current) => (current ? { ...current, live: true } : current)),
    });
    return stop;
  }, [waitingFor, queryClient, vendorId]);

  // The outcome takes focus, so keyboard and screen reader users land on it.
  useEffect(() => {
    if (phase === 'result') statusRef.current?.focus();
  }, [phase]);

  const pay = (run: () => Promise<ProviderOutcome>) => {
    if (workingRef.current || !intent) return;
    workingRef.current = true;
    setWorking(true);
    setFormError(null);
    setNotice(null);
    void (async () => {
      let leaving = false;
      try {
        const outcome = await run();
        if (outcome.kind === 'confirm') apply(await confirmPayment(intent.paymentIntentId), true);
        else if (outcome.kind === 'refused') setFormError(outcome.message);
        else if (outcome.kind === 'redirect') {
          leaving = true;
          leavePage(outcome.url);
        }
      } catch (error) {
        setFormError(failureMessage(error));
      } finally {
        // Leaving for 3-D Secure: the buttons stay off until the page goes.
        if (!leaving) {
          workingRef.current = false;
          setWorking(false);
        }
      }
    })();
  };

  const updateSaveCard = async (save: boolean) => {
    if (bookingId === null) return;
    try {
      setIntent(await createPaymentIntent(bookingId, save));
    } catch (error) {
      setFormError(checkoutInitFailure(error).message);
    }
  };

  const methods = intent?.paymentMethods ?? [];
  const currentChoice =
    choice !== null && (choice === NEW_CARD || methods.some((m) => m.id === choice))
      ? choice
      : (methods[0]?.id ?? NEW_CARD);
  const provider = config.data?.provider ?? (config.isError ? intent?.provider : undefined);
  const publishableKey = config.data?.publishableKey ?? intent?.publishableKey ?? null;

  const shown = phase === 'result' && result ? result.message : notice;
  let tone = 'warning';
  if (phase === 'result' && result?.status === 'succeeded') tone = 'success';
  else if (phase === 'result' && result?.status === 'processing') tone = 'info';

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
            onChange={(next) => {
              setChoice(next);
              // Another card: the refusal of the previous one no longer applies.
              setFormError(null);
            }}
            disabled={working}
          />
        ) : null,
      saveCard,
      onSaveCardChange: setSaveCard,
      updateSaveCard,
      working,
      formError,
      clearFormError: () => setFormError(null),
      pay,
    };
    body = (
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

  return (
    <Modal title={PAYMENT_TITLE} size="medium">
      {step && <p className="checkout__step">{step}</p>}
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
      {body}
    </Modal>
  );
}

function ResultView({ result, onClose }: { result: Result; onClose: () => void }) {
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
