/**
 * Stripe's own payouts view of the vendor's connected account (Connect's embedded payouts component):
 * the balance and the payouts from the account to the bank are Stripe's, shown by Stripe rather than
 * guessed by us. Loaded on demand, so @stripe/connect-js stays out of every other chunk.
 */
import { useState } from 'react';
import { loadConnectAndInitialize } from '@stripe/connect-js';
import { ConnectComponentsProvider, ConnectPayouts } from '@stripe/react-connect-js';
import { PageLoader } from '../../../components/page-loader';
import { stripePayoutsSession } from '../api/earnings-queries';

export default function StripePayoutsPanel({
  vendorId,
  publishableKey,
  clientSecret,
  onLoadError,
}: {
  vendorId: number;
  publishableKey: string;
  clientSecret: string;
  onLoadError: (error: unknown) => void;
}) {
  const [loaded, setLoaded] = useState(false);
  const [connect] = useState(() => {
    let first: string | null = clientSecret;
    return loadConnectAndInitialize({
      publishableKey,
      fetchClientSecret: async () => {
        const secret = first;
        first = null;
        return secret ?? (await stripePayoutsSession(vendorId)).clientSecret ?? '';
      },
    });
  });
  return (
    <div className="earnings-stripe__panel">
      {!loaded && <PageLoader label="Loading bank payouts…" />}
      <ConnectComponentsProvider connectInstance={connect}>
        <ConnectPayouts
          onLoaderStart={() => setLoaded(true)}
          onLoadError={({ error }) => onLoadError(error)}
        />
      </ConnectComponentsProvider>
    </div>
  );
}
