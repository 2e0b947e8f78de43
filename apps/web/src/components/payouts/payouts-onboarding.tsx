import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountSessionResponse } from '@stg/domain/api/vendors';
import { PAYOUT_DELAY_HOURS } from '@stg/domain/constants';
import type { Vendor } from '@stg/domain/api/vendors';
import { updateSession } from '../../lib/session/session-query';
import { createAccountSession, refreshOwnVendor } from '../../lib/vendor-api';
import { PageLoader } from '../page-loader';
import { AgreementLinks } from './agreement-links';
import { PayoutStatus, bankAccountText } from './payout-status';
import { SandboxOnboardingForm, type SandboxConnected } from './sandbox-onboarding-form';
import './payouts.css';

/** Spec §9 "Payout refresh delay 3500 ms": the vendor is fetched again this long after onboarding ends. */
export const PAYOUT_REFRESH_DELAY_MS = 3500;

// Stripe's embedded components load only when a Stripe account session is opened (their own chunk).
const StripeConnectPanel = lazy(() => import('./stripe-connect-panel'));

type Phase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  /** create_account_session failed: logged only (spec §8), a neutral Try again. */
  | { kind: 'failed' }
  | { kind: 'open'; session: AccountSessionResponse }
  /** Stripe's onboarding was left: the vendor is fetched again shortly. */
  | { kind: 'checking' };

export interface PayoutsOnboardingProps {
  /** The signed-in vendor (the session's). */
  vendor: Vendor;
  /**
   * onboarding (default): "Connect your bank" until payouts are active, then the Connected state.
   * management: the same until payouts are active; once active, Stripe's embedded account management and
   * notification banner open at once (in the sandbox, a note that the bank account is on file).
   */
  mode?: 'onboarding' | 'management';
  /** After the vendor leaves the onboarding (finished, cancelled, or Stripe's exit). */
  onExit?: () => void;
}

/**
 * Payouts onboarding (spec §2 Setup 4, General Settings): POST /api/vendors/create_account_session, then
 * Stripe's embedded onboarding (provider stripe, loaded lazily) or the sandbox's Test mode form (provider
 * sandbox). After it the vendor is fetched again 3.5 s later (spec §9); the sandbox's answer shows at once.
 * A failure to start is only logged (spec §8; the server set payouts inactive) and offers Try again.
 */
export function PayoutsOnboarding({ vendor, mode = 'onboarding', onExit }: PayoutsOnboardingProps) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const statusRef = useRef<HTMLDivElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'status' | 'start' | null>(null);
  const active = vendor.stripeIntegrated === 'active';
  const view = mode === 'management' && active ? 'management' : 'onboarding';
  const vendorId = vendor.id;

  const start = useCallback(async () => {
    setAnnouncement('');
    setPhase({ kind: 'starting' });
    try {
      setPhase({ kind: 'open', session: await createAccountSession(vendorId) });
    } catch (error) {
      // Spec §8: an account-session failure is only logged; the server has set payouts inactive.
      console.error('Payouts onboarding could not start', error);
      setPhase({ kind: 'failed' });
      void refreshOwnVendor(queryClient);
    }
  }, [vendorId, queryClient]);

  /** Spec §9: the vendor again 3.5 s after the onboarding ends (the provider's webhook has landed by then). */
  const refreshLater = useCallback(() => {
    window.setTimeout(() => {
      void refreshOwnVendor(queryClient).finally(() =>
        setPhase((current) => (current.kind === 'checking' ? { kind: 'idle' } : current)),
      );
    }, PAYOUT_REFRESH_DELAY_MS);
  }, [queryClient]);

  // An active account's management opens at once.
  const opened = useRef(false);
  useEffect(() => {
    if (view !== 'management' || opened.current) return;
    opened.current = true;
    void start();
  }, [view, start]);

  useEffect(() => {
    if (phase.kind !== 'idle' || !focusAfter.current) return;
    (focusAfter.current === 'status' ? statusRef.current : startRef.current)?.focus();
    focusAfter.current = null;
  }, [phase]);

  const sandboxConnected = (answer: SandboxConnected) => {
    updateSession(queryClient, (session) =>
      session.vendor && session.vendor.id === vendorId
        ? {
            ...session,
            vendor: {
              ...session.vendor,
              stripeIntegrated: answer.stripeIntegrated,
              payoutDestination: answer.payoutDestination,
            },
          }
        : session,
    );
    setAnnouncement(
      answer.stripeIntegrated === 'active' ? 'Your bank account is connected.' : 'Your details were sent.',
    );
    focusAfter.current = 'status';
    setPhase({ kind: 'idle' });
    refreshLater();
    onExit?.();
  };

  const left = () => {
    focusAfter.current = 'start';
    setPhase({ kind: 'idle' });
    refreshLater();
    onExit?.();
  };

  const stripeExit = () => {
    setAnnouncement('');
    setPhase({ kind: 'checking' });
    refreshLater();
    onExit?.();
  };

  const loadFailed = (error: unknown) => {
    console.error('Stripe embedded component failed to load', error);
    setPhase({ kind: 'failed' });
  };

  const session = phase.kind === 'open' ? phase.session : null;
  const bank = bankAccountText(vendor.payoutDestination);

  return (
    <div className="payouts">
      <div className="payouts__status" ref={statusRef} tabIndex={-1}>
        <PayoutStatus vendor={vendor} />
      </div>

      {view === 'management' ? (
        <>
          {(phase.kind === 'idle' || phase.kind === 'starting') && (
            <PageLoader label="Loading your payout account…" />
          )}
          {session?.provider === 'stripe' && session.publishableKey && (
            <Suspense fallback={<PageLoader label="Loading your payout account…" />}>
              <StripeConnectPanel
                vendorId={vendorId}
                publishableKey={session.publishableKey}
                clientSecret={session.client_secret}
                view="management"
                onExit={stripeExit}
                onLoadError={loadFailed}
              />
            </Suspense>
          )}
          {session && session.provider !== 'stripe' && (
            <p className="payouts__note">
              <span className="payouts-sandbox__badge">Test mode</span> Payouts go to the{' '}
              {bank ?? 'bank account'} on file in the sandbox. With Stripe, your bank account and payout
              details are managed here.
            </p>
          )}
        </>
      ) : active ? (
        <p className="payouts__lead">
          Payouts go to your {bank ?? 'bank account'} by direct deposit, starting {PAYOUT_DELAY_HOURS} hours
          after you mark a job fulfilled.
        </p>
      ) : session?.provider === 'sandbox' ? (
        <SandboxOnboardingForm
          session={session}
          defaultHolderName={vendor.name}
          onConnected={sandboxConnected}
          onCancel={left}
          onRestart={() => void start()}
        />
      ) : session?.provider === 'stripe' && session.publishableKey ? (
        <Suspense fallback={<PageLoader label="Loading secure bank setup…" />}>
          <StripeConnectPanel
            vendorId={vendorId}
            publishableKey={session.publishableKey}
            clientSecret={session.client_secret}
            view="onboarding"
            onExit={stripeExit}
            onLoadError={loadFailed}
          />
        </Suspense>
      ) : phase.kind === 'checking' ? (
        <PageLoader label="Checking your bank connection…" />
      ) : (
        <div className="payouts__start">
          <p className="payouts__lead">
            Customers pay through the marketplace, and your earnings are paid to your bank by direct deposit,
            starting {PAYOUT_DELAY_HOURS} hours after you mark a job fulfilled. Our payment partner, Stripe,
            verifies your details and keeps them safe.
          </p>
          {vendor.stripeIntegrated === 'onboarding' && phase.kind !== 'failed' && (
            <p className="field__hint">You started connecting your bank. Continue where you left off.</p>
          )}
          <div className="payouts__actions">
            <button
              ref={startRef}
              type="button"
              className="button button--primary"
              disabled={phase.kind === 'starting'}
              onClick={() => void start()}
            >
              {phase.kind === 'starting'
                ? 'Starting…'
                : phase.kind === 'failed'
                  ? 'Try again'
                  : vendor.stripeIntegrated === 'onboarding'
                    ? 'Continue bank setup'
                    : 'Connect your bank'}
            </button>
          </div>
          <p className="field__hint">
            <AgreementLinks />
          </p>
        </div>
      )}

      {view === 'management' && phase.kind === 'failed' && (
        <div className="payouts__actions">
          <button type="button" className="button button--secondary" onClick={() => void start()}>
            Try again
          </button>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
