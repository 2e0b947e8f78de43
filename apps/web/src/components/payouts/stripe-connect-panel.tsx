/**
 * Stripe's embedded Connect components (account onboarding; account management and the notification
 * banner once payouts are active). Loaded on demand by PayoutsOnboarding, so @stripe/connect-js and
 * @stripe/react-connect-js stay out of the main bundle; connect-js loads Stripe's script from its host.
 */
import { useState } from 'react';
import { loadConnectAndInitialize } from '@stripe/connect-js';
import {
  ConnectAccountManagement,
  ConnectAccountOnboarding,
  ConnectComponentsProvider,
  ConnectNotificationBanner,
} from '@stripe/react-connect-js';
import { createAccountSession } from '../../lib/vendor-api';
import { PageLoader } from '../page-loader';

export interface StripeConnectPanelProps {
  vendorId: number;
  publishableKey: string;
  /** The account session the panel opens with; a later one is asked for when it expires. */
  clientSecret: string;
  view: 'onboarding' | 'management';
  onExit: () => void;
  onLoadError: (error: unknown) => void;
}

export default function StripeConnectPanel({
  vendorId,
  publishableKey,
  clientSecret,
  view,
  onExit,
  onLoadError,
}: StripeConnectPanelProps) {
  const [loaded, setLoaded] = useState(false);
  const [connect] = useState(() => {
    // The session already made is used first; Stripe asks again when it expires.
    let first: string | null = clientSecret;
    return loadConnectAndInitialize({
      publishableKey,
      fetchClientSecret: async () => {
        const secret = first;
        first = null;
        return secret ?? (await createAccountSession(vendorId)).client_secret;
      },
      appearance: {
        variables: {
          colorPrimary: '#1d5ce0',
          colorText: '#14213d',
          fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
          borderRadius: '8px',
        },
      },
    });
  });
  const common = {
    onLoaderStart: () => setLoaded(true),
    onLoadError: ({ error }: { error: unknown }) => onLoadError(error),
  };

  return (
    <div className="payouts-stripe">
      {!loaded && <PageLoader label="Loading secure bank setup…" />}
      <ConnectComponentsProvider connectInstance={connect}>
        {view === 'management' ? (
          <>
            <ConnectNotificationBanner {...common} />
            <ConnectAccountManagement {...common} />
          </>
        ) : (
          <ConnectAccountOnboarding
            {...common}
            onExit={onExit}
            // The marketplace's own terms and privacy policy, linked by Stripe beside its agreement.
            fullTermsOfServiceUrl={`${window.location.origin}/terms-of-service`}
            privacyPolicyUrl={`${window.location.origin}/privacy-policy`}
          />
        )}
      </ConnectComponentsProvider>
    </div>
  );
}
