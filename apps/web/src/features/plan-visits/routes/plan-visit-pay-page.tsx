/**
 * /plan-visits/pay?token=… (ADR 0037): the page a plan visit's mailed pay link opens after its off-session
 * charge was declined or needed the customer's bank. It shows what is owed and lets the customer pay: in
 * the sandbox with a test card typed in, or with the saved card through 3-D Secure (the sandbox's
 * authentication page, which comes back here); with Stripe, the saved card is confirmed by Stripe.js.
 * The link's token is the credential; no sign-in needed.
 */
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { planVisitsApi } from '@stg/domain/api/plan-visits.endpoints';
import type { PlanVisitConfirmRequest, PlanVisitPayment } from '@stg/domain/api/plan-visits';
import { TEST_CARDS, checkTestCard, formatCardNumber } from '@stg/domain/checkout';
import { formatAppointment } from '@stg/domain/dates';
import { formatDollars } from '@stg/domain/money';
import { ErrorList } from '../../../components/error-list';
import { Link } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { TextField } from '../../../components/text-field';
import { call, errorsOf } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../plan-visits.css';

const TITLE = 'Pay for your visit';
/** This page's own address, as a path: the server resolves it on its own origin (no open redirect). */
const herePath = () => `${window.location.pathname}${window.location.search}`;
/** "visa" → "Visa"; no brand → "card". */
const brandName = (brand: string | null) => (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'card');
const when = (iso: string) => `${formatAppointment(iso)} (Mountain Time)`;

/** "1230" → "12 / 30" as it is typed. */
const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

export function PlanVisitPayPage() {
  useDocumentTitle(TITLE);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <div className="container page page--narrow">
      <PageHeader title={TITLE} />
      <div className="card">
        {token ? (
          <PayLink token={token} />
        ) : (
          <p>This page needs the link from your payment email. The link you followed has no token.</p>
        )}
      </div>
    </div>
  );
}

function PayLink({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const key = ['plan-visit-payment', token];
  const payment = useQuery({
    queryKey: key,
    queryFn: () => call(planVisitsApi.payment, { params: { token } }),
    retry: false,
  });
  const confirm = useMutation({
    mutationFn: (body: PlanVisitConfirmRequest) => call(planVisitsApi.confirm, { params: { token }, body }),
    onSuccess: (answer) => {
      if (answer.status === 'requires_action' && answer.redirectUrl)
        window.location.assign(answer.redirectUrl);
      else void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  // Back from the bank's page, the GET itself asks the provider and settles a paid visit.
  if (payment.isPending) return <PageLoader label="Loading your payment…" />;
  if (payment.isError) return <ErrorList errors={errorsOf(payment.error)} />;
  const p = payment.data;
  return (
    <div className="stack">
      <Summary payment={p} />
      <p role="status" aria-live="polite">
        {confirm.data && confirm.data.status !== 'succeeded' ? confirm.data.message : p.message}
      </p>
      {p.state === 'paid' && (
        <p>
          {p.confirmationId && <>Confirmation {p.confirmationId}. </>}
          <Link to="/orders">View your orders</Link>
        </p>
      )}
      {p.state === 'payable' && p.payment && (
        <PayForm
          payment={p}
          working={confirm.isPending}
          errors={confirm.isError ? errorsOf(confirm.error) : []}
          onPay={(body) => confirm.mutate(body)}
        />
      )}
    </div>
  );
}

function Summary({ payment: p }: { payment: PlanVisitPayment }) {
  return (
    <dl className="plan-visit-pay__summary">
      <dt>Provider</dt>
      <dd>{p.vendorName}</dd>
      <dt>Visit</dt>
      <dd>{when(p.appointmentAt)}</dd>
      <dt>Price per visit</dt>
      <dd>{formatDollars(p.subtotalCents)}</dd>
      <dt>Service charge</dt>
      <dd>{formatDollars(p.serviceChargeCents)}</dd>
      <dt>Total</dt>
      <dd>{formatDollars(p.amountCents)}</dd>
      {p.state === 'payable' && p.payDeadlineAt && (
        <>
          <dt>Pay by</dt>
          <dd>{when(p.payDeadlineAt)}</dd>
        </>
      )}
    </dl>
  );
}

function PayForm({
  payment: p,
  working,
  errors,
  onPay,
}: {
  payment: PlanVisitPayment;
  working: boolean;
  errors: string[];
  onPay: (body: PlanVisitConfirmRequest) => void;
}) {
  const id = useId();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<string[]>([]);
  const [stripeError, setStripeError] = useState<string | null>(null);
  const sandbox = p.payment?.provider === 'sandbox';
  const saved = p.savedCard;
  const amount = formatDollars(p.amountCents);

  const payWithSaved = async () => {
    if (!saved || !p.payment) return;
    if (sandbox) {
      onPay({ paymentMethodId: saved.paymentMethodId, returnUrl: herePath() });
      return;
    }
    // Stripe: Stripe.js confirms the intent with the saved card (3-D Secure in its own window), then the server asks.
    const { loadStripe } = await import('@stripe/stripe-js');
    const stripe = await loadStripe(p.payment.publishableKey ?? '');
    const result = await stripe?.confirmCardPayment(p.payment.clientSecret, {
      payment_method: saved.paymentMethodId,
    });
    if (result?.error) setStripeError(result.error.message ?? 'The payment did not go through.');
    else onPay({});
  };

  const payWithCard = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTestCard(card, new Date());
    setCardErrors(checked.errors);
    if (!checked.card) return;
    const { number, expMonth, expYear, cvc } = checked.card;
    onPay({ card: { number, expMonth, expYear, cvc }, returnUrl: herePath() });
  };

  return (
    <div className="stack">
      <ErrorList errors={[...errors, ...(stripeError ? [stripeError] : [])]} />
      {saved && (
        <button
          type="button"
          className="button button--primary plan-visit-pay__saved"
          disabled={working}
          onClick={() => void payWithSaved()}
        >
          {working
            ? 'Paying…'
            : `Pay ${amount} with your ${brandName(saved.brand)} ending ${saved.last4 ?? ''}`}
        </button>
      )}
      {sandbox && (
        <form className="stack" aria-labelledby={`${id}-other`} onSubmit={payWithCard} noValidate>
          <h2 id={`${id}-other`}>Pay with another card</h2>
          <p>
            <strong>Test mode.</strong> No real card is charged. Pay with one of the test cards listed below.
          </p>
          <ErrorList errors={cardErrors} />
          <TextField
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={card.number}
            onChange={(e) => setCard({ ...card, number: formatCardNumber(e.target.value) })}
            disabled={working}
          />
          <TextField
            label="Expiry (MM / YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value) })}
            disabled={working}
          />
          <TextField
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            placeholder="123"
            value={card.cvc}
            onChange={(e) => setCard({ ...card, cvc: e.target.value.replace(/\D/g, '') })}
            disabled={working}
          />
          <button type="submit" className="button button--primary" disabled={working}>
            {working ? 'Paying…' : `Pay ${amount}`}
          </button>
          <ul className="plan-visit-pay__cards" aria-label="Test cards">
            {TEST_CARDS.map((t) => (
              <li key={t.number}>
                <code>{formatCardNumber(t.number)}</code> {t.label}
              </li>
            ))}
          </ul>
        </form>
      )}
    </div>
  );
}
