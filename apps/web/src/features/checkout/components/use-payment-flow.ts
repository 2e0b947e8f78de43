import { useEffect, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomerOrder } from '@stg/domain/api/orders';
import type {
  ConfirmPaymentResponse,
  CreatePaymentIntentResponse,
  OrderConfirmationMessage,
  PaymentResultStatus,
} from '@stg/domain/api/payments';
import { CHECKOUT_MESSAGES } from '@stg/domain/checkout';
import { ApiError, UNEXPECTED_ERROR, errorsOf } from '../../../lib/api-client';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { orderConfirmations } from '../../../lib/cable';
import { browserPage } from '../../../lib/leave-page';
import { refreshAfterOrderPlaced } from '../../../lib/refresh-after-order-placed';
import { confirmPayment } from '../api/confirm-payment';
import {
  checkoutInitFailure,
  createPaymentIntent,
  type CheckoutInitFailure,
} from '../api/create-payment-intent';
import type { CheckoutChoice, ProviderOutcome } from '../payment-types';

export interface PaymentResult {
  status: PaymentResultStatus;
  message: string;
  confirmationId: string;
  order: CustomerOrder | null;
  /** The socket has answered: no more waiting. */
  live: boolean;
}

export type PaymentPhase = 'loading' | 'form' | 'result' | 'stopped';

export interface PaymentFlowState {
  phase: PaymentPhase;
  intent: CreatePaymentIntentResponse | null;
  /** Said above the form: why the last attempt did not pay. */
  notice: string | null;
  result: PaymentResult | null;
  /** A confirmation is under way: the buttons stay off. */
  working: boolean;
  /** The provider's refusal or a failure, shown above the Pay button. */
  formError: string | null;
  /** Saved card id or NEW_CARD the customer picked; null until they pick. */
  choice: CheckoutChoice | null;
  saveCard: boolean;
}

export type PaymentFlowAction =
  | { type: 'loading' }
  | { type: 'stopped' }
  | { type: 'formShown' }
  | { type: 'intentShown'; intent: CreatePaymentIntentResponse }
  | { type: 'intentUpdated'; intent: CreatePaymentIntentResponse }
  | { type: 'resultShown'; result: PaymentResult }
  | { type: 'noticeShown'; notice: string | null }
  | { type: 'liveAnswered'; message: OrderConfirmationMessage }
  | { type: 'liveRejected' }
  | { type: 'payStarted' }
  | { type: 'payEnded' }
  | { type: 'formErrorShown'; formError: string | null }
  | { type: 'choiceChanged'; choice: CheckoutChoice }
  | { type: 'saveCardChanged'; saveCard: boolean };

/** What the socket's answer makes of the result shown. */
function liveResult(current: PaymentResult | null, message: OrderConfirmationMessage): PaymentResult {
  if (message.status === 'confirmed')
    return {
      status: 'succeeded',
      message: CHECKOUT_MESSAGES.succeeded,
      confirmationId: message.confirmationId,
      order: message.order ?? current?.order ?? null,
      live: true,
    };
  return {
    status: 'refunded',
    message: message.message,
    confirmationId: message.confirmationId,
    order: null,
    live: true,
  };
}

export function paymentFlowReducer(state: PaymentFlowState, action: PaymentFlowAction): PaymentFlowState {
  switch (action.type) {
    case 'loading':
      return { ...state, phase: 'loading' };
    case 'stopped':
      return { ...state, phase: 'stopped' };
    case 'formShown':
      return { ...state, phase: 'form' };
    case 'intentShown':
      return { ...state, intent: action.intent, saveCard: action.intent.saveCard, phase: 'form' };
    case 'intentUpdated':
      return { ...state, intent: action.intent };
    case 'resultShown':
      return { ...state, result: action.result, phase: 'result' };
    case 'noticeShown':
      return { ...state, notice: action.notice };
    case 'liveAnswered':
      return { ...state, result: liveResult(state.result, action.message) };
    case 'liveRejected':
      return state.result ? { ...state, result: { ...state.result, live: true } } : state;
    case 'payStarted':
      return { ...state, working: true, formError: null, notice: null };
    case 'payEnded':
      return { ...state, working: false };
    case 'formErrorShown':
      return { ...state, formError: action.formError };
    case 'choiceChanged':
      // Another card: the refusal of the previous one no longer applies.
      return { ...state, choice: action.choice, formError: null };
    case 'saveCardChanged':
      return { ...state, saveCard: action.saveCard };
  }
}

function initialState({
  bookingId,
  initialIntent,
  returningIntentId,
}: Pick<UsePaymentFlowOptions, 'bookingId' | 'initialIntent' | 'returningIntentId'>): PaymentFlowState {
  let phase: PaymentPhase = 'loading';
  if (initialIntent) phase = 'form';
  else if (bookingId === null && !returningIntentId) phase = 'stopped';
  return {
    phase,
    intent: initialIntent ?? null,
    notice: null,
    result: null,
    working: false,
    formError: null,
    choice: null,
    saveCard: initialIntent?.saveCard ?? false,
  };
}

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

export interface UsePaymentFlowOptions {
  vendorId: number;
  bookingId: number | null;
  initialIntent?: CreatePaymentIntentResponse;
  returningIntentId?: string;
  onInitFailure: (failure: CheckoutInitFailure) => void;
  onBookingChanged: () => void;
}

/**
 * The payment modal's state machine: loading the intent, the card form, paying, and the outcome with
 * the live order confirmation (OrderConfirmationChannel). The modal renders from what it returns.
 */
export function usePaymentFlow({
  vendorId,
  bookingId,
  initialIntent,
  returningIntentId,
  onInitFailure,
  onBookingChanged,
}: UsePaymentFlowOptions) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(
    paymentFlowReducer,
    { bookingId, initialIntent, returningIntentId },
    initialState,
  );
  const workingRef = useRef(false);
  const started = useRef(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // The page's callback, read when the socket answers (a new function each render must not resubscribe).
  const bookingChanged = useRef(onBookingChanged);
  useEffect(() => {
    bookingChanged.current = onBookingChanged;
  }, [onBookingChanged]);

  const showIntent = (intent: CreatePaymentIntentResponse) => dispatch({ type: 'intentShown', intent });
  const failToStart = (error: unknown) => onInitFailure(checkoutInitFailure(error));

  /** The booking's intent again (the same one while nothing changed; a new one after it ended). */
  const loadIntent = () => {
    if (bookingId === null) {
      dispatch({ type: 'stopped' });
      return;
    }
    dispatch({ type: 'loading' });
    createPaymentIntent(bookingId).then(showIntent, failToStart);
  };

  const apply = (answer: ConfirmPaymentResponse, haveIntent: boolean) => {
    const message = statusMessage(answer);
    const { status, confirmationId, order } = answer;
    if (status === 'succeeded' || status === 'processing' || status === 'refunded') {
      dispatch({ type: 'resultShown', result: { status, message, confirmationId, order, live: false } });
      if (status === 'succeeded') {
        onBookingChanged();
        void refreshAfterOrderPlaced(queryClient, vendorId);
      }
      if (status === 'refunded') {
        onBookingChanged();
        void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(vendorId) });
      }
      return;
    }
    // Not paid: say so above the form, and show the form again (a fresh intent when the old one ended).
    dispatch({ type: 'noticeShown', notice: message });
    if (status === 'requires_payment_method' && haveIntent) dispatch({ type: 'formShown' });
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
          dispatch({ type: 'noticeShown', notice: failureMessage(error) });
          loadIntent();
        });
    } else if (!initialIntent && bookingId !== null)
      createPaymentIntent(bookingId).then(showIntent, failToStart);
    // Runs once per opening (the modal host gives each opening a fresh instance).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Live confirmation: wait on OrderConfirmationChannel until the order (or the refund notice) arrives.
  const { result, phase, intent } = state;
  const waitingFor =
    result && !result.live && (result.status === 'succeeded' || result.status === 'processing')
      ? result.confirmationId
      : null;
  useEffect(() => {
    if (!waitingFor) return;
    const stop = orderConfirmations.subscribe(waitingFor, {
      onMessage: (message) => {
        stop();
        dispatch({ type: 'liveAnswered', message });
        bookingChanged.current();
        if (message.status === 'confirmed') void refreshAfterOrderPlaced(queryClient, vendorId);
        else void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(vendorId) });
      },
      onRejected: () => dispatch({ type: 'liveRejected' }),
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
    dispatch({ type: 'payStarted' });
    void (async () => {
      let leaving = false;
      try {
        const outcome = await run();
        if (outcome.kind === 'confirm') apply(await confirmPayment(intent.paymentIntentId), true);
        else if (outcome.kind === 'refused') dispatch({ type: 'formErrorShown', formError: outcome.message });
        else if (outcome.kind === 'redirect') {
          leaving = true;
          browserPage.leave(outcome.url);
        }
      } catch (error) {
        dispatch({ type: 'formErrorShown', formError: failureMessage(error) });
      } finally {
        // Leaving for 3-D Secure: the buttons stay off until the page goes.
        if (!leaving) {
          workingRef.current = false;
          dispatch({ type: 'payEnded' });
        }
      }
    })();
  };

  const updateSaveCard = async (save: boolean) => {
    if (bookingId === null) return;
    try {
      dispatch({ type: 'intentUpdated', intent: await createPaymentIntent(bookingId, save) });
    } catch (error) {
      dispatch({ type: 'formErrorShown', formError: checkoutInitFailure(error).message });
    }
  };

  return {
    state,
    statusRef,
    pay,
    updateSaveCard,
    choose: (choice: CheckoutChoice) => dispatch({ type: 'choiceChanged', choice }),
    setSaveCard: (saveCard: boolean) => dispatch({ type: 'saveCardChanged', saveCard }),
    clearFormError: () => dispatch({ type: 'formErrorShown', formError: null }),
  };
}
