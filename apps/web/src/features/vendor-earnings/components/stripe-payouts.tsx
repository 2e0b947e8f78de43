import { lazy, Suspense, useId, useState } from 'react';
import type { StripePayoutsSession } from '@stg/domain/api/earnings';
import { ErrorList } from '../../../components/error-list';
import { PageLoader } from '../../../components/page-loader';
import { errorsOf } from '../../../lib/api-client';
import { stripePayoutsSession } from '../api/earnings-queries';
import { EARNINGS_TEXT } from '../earnings-text';

const StripePayoutsPanel = lazy(() => import('./stripe-payouts-panel'));

/** Stripe mode: the connected account's bank payouts, in Stripe's own component, on request. */
export function StripePayouts({ vendorId }: { vendorId: number }) {
  const titleId = useId();
  const [session, setSession] = useState<StripePayoutsSession | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    setErrors([]);
    try {
      setSession(await stripePayoutsSession(vendorId));
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="earnings-card earnings-stripe" aria-labelledby={titleId}>
      <h2 id={titleId} className="earnings-card__title">
        {EARNINGS_TEXT.stripeTitle}
      </h2>
      <p className="earnings-card__hint">{EARNINGS_TEXT.stripeHint}</p>
      <ErrorList errors={errors} />
      {session?.clientSecret && session.publishableKey ? (
        <Suspense fallback={<PageLoader label="Loading bank payouts…" />}>
          <StripePayoutsPanel
            vendorId={vendorId}
            publishableKey={session.publishableKey}
            clientSecret={session.clientSecret}
            onLoadError={(error) => setErrors(errorsOf(error))}
          />
        </Suspense>
      ) : session ? (
        <p>{EARNINGS_TEXT.stripeNoAccount}</p>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void open()}
        >
          {EARNINGS_TEXT.stripeButton}
        </button>
      )}
    </section>
  );
}
