import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { VENDOR_MESSAGES } from '@stg/domain/api/vendors';
import type { Vendor } from '@stg/domain/api/vendors';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { sessionQueryOptions } from '../../lib/session/session-query';
import { vendorSession } from '../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse, type RecordedCall } from '../../test/mock-api';
import { PAYOUT_REFRESH_DELAY_MS, PayoutsOnboarding } from './payouts-onboarding';
import { PayoutStatus } from './payout-status';

const connect = vi.hoisted(() => ({
  init: vi.fn(),
  onExit: null as null | (() => void),
}));

vi.mock('@stripe/connect-js', () => ({
  loadConnectAndInitialize: (params: unknown) => {
    connect.init(params);
    return { kind: 'connect-instance' };
  },
}));

vi.mock('@stripe/react-connect-js', async () => {
  const { useEffect } = await import('react');
  return {
    ConnectComponentsProvider: ({ children }: { children: unknown }) => children,
    ConnectAccountOnboarding: ({
      onExit,
      onLoaderStart,
    }: {
      onExit: () => void;
      onLoaderStart?: (e: { elementTagName: string }) => void;
    }) => {
      useEffect(() => {
        connect.onExit = onExit;
        onLoaderStart?.({ elementTagName: 'account-onboarding' });
      });
      return <p>Stripe account onboarding</p>;
    },
    ConnectAccountManagement: () => <p>Stripe account management</p>,
    ConnectNotificationBanner: () => <p>Stripe notification banner</p>,
  };
});

const SANDBOX_SESSION = {
  client_secret: 'acctsess_1_secret_abc',
  provider: 'sandbox',
  publishableKey: null,
  currentlyDue: ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
};
const STRIPE_SESSION = {
  client_secret: 'acctsess_2_secret_xyz',
  provider: 'stripe',
  publishableKey: 'pk_test_123',
  currentlyDue: ['external_account'],
};

type Handler = MockResponse | ((call: RecordedCall, count: number) => MockResponse);

function start({
  vendor = {},
  routes = {},
  mode,
}: {
  vendor?: Partial<Vendor>;
  routes?: Record<string, Handler | Handler[]>;
  mode?: 'onboarding' | 'management';
}) {
  let serverVendor: Partial<Vendor> = {
    listingStatus: 'awaiting_submission',
    stripeIntegrated: 'inactive',
    payoutDestination: null,
    ...vendor,
  };
  const api = mockApi({
    [at(sessionApi.current)]: () => ({
      body: vendorSession(serverVendor),
      headers: { 'X-CSRF-Token': 'token-1' },
    }),
    ...routes,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const onExit = vi.fn();
  function Harness() {
    const { data } = useQuery(sessionQueryOptions());
    if (!data?.vendor) return <p>Loading session</p>;
    return <PayoutsOnboarding vendor={data.vendor} mode={mode} onExit={onExit} />;
  }
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    ...api,
    user,
    onExit,
    setServerVendor: (patch: Partial<Vendor>) => (serverVendor = { ...serverVendor, ...patch }),
  };
}

const sessionFetches = (calls: RecordedCall[]) => callsTo(calls, sessionApi.current).length;

/** Runs the spec's 3.5 s refresh now (it was scheduled with setTimeout). */
async function runPayoutRefresh(timeouts: { mock: { calls: unknown[][] } }) {
  const call = timeouts.mock.calls.find(([, ms]) => ms === PAYOUT_REFRESH_DELAY_MS);
  expect(call, 'a refresh scheduled 3500 ms later').toBeDefined();
  await act(async () => (call![0] as () => void)());
}

describe('PayoutStatus', () => {
  it('says Connected with the bank, or Not Connected', () => {
    const { rerender } = render(
      <PayoutStatus
        vendor={{
          stripeIntegrated: 'active',
          payoutDestination: { bankName: 'STRIPE TEST BANK', last4: '6789' },
        }}
      />,
    );
    expect(screen.getByText('Direct Deposit').parentElement).toHaveTextContent(
      'Direct Deposit✓ConnectedSTRIPE TEST BANK account ending in 6789',
    );
    rerender(<PayoutStatus vendor={{ stripeIntegrated: 'inactive', payoutDestination: null }} />);
    expect(screen.getByText('Direct Deposit').parentElement).toHaveTextContent('Direct DepositNot Connected');
    rerender(<PayoutStatus vendor={{ stripeIntegrated: 'onboarding' }} label={null} />);
    expect(screen.getByText('Not Connected').parentElement).toHaveTextContent(
      'Not ConnectedBank setup not finished',
    );
  });
});

describe('PayoutsOnboarding with the sandbox', () => {
  it('asks for the currently due fields in Test mode, checks them, connects and shows Connected at once', async () => {
    const timeouts = vi.spyOn(window, 'setTimeout');
    const { user, calls, onExit, setServerVendor } = start({
      routes: {
        [at(vendorsApi.createAccountSession)]: { body: SANDBOX_SESSION },
        [at(vendorsApi.sandboxAccountOnboarding)]: () => {
          setServerVendor({
            stripeIntegrated: 'active',
            payoutDestination: { bankName: 'STRIPE TEST BANK', last4: '6789' },
          });
          return {
            body: {
              stripeIntegrated: 'active',
              payoutDestination: { bankName: 'STRIPE TEST BANK', last4: '6789' },
            },
          };
        },
      },
    });
    expect(await screen.findByText('Not Connected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect your bank' }));

    const form = within(await screen.findByRole('form', { name: 'Bank account for payouts' }));
    expect(callsTo(calls, vendorsApi.createAccountSession)[0]?.body).toEqual({ id: 7 });
    expect(form.getByText('Test mode')).toBeInTheDocument();
    expect(form.getByText('Bank account for payouts', { selector: 'li' })).toBeInTheDocument();
    expect(form.getByText('Acceptance of the services agreement')).toBeInTheDocument();
    const holder = form.getByRole('textbox', { name: 'Account holder name' });
    expect(holder).toHaveValue('Sparkle Cleaning');
    expect(holder).toHaveFocus();
    const routing = form.getByRole('textbox', { name: 'Routing number' });
    expect(routing).toHaveAccessibleDescription('Test routing number: 110000000');
    expect(form.getByRole('textbox', { name: 'Account number' })).toHaveAccessibleDescription(
      'Test account number: 000123456789',
    );
    expect(form.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('href', '/terms-of-service');
    expect(form.getByRole('link', { name: /Stripe Connected Account Agreement/ })).toBeInTheDocument();
    expect(form.getByText(/in test mode, this stands for that agreement/)).toBeInTheDocument();

    // Checked before sending, with the shared messages under their fields.
    await user.type(routing, '123');
    await user.click(form.getByRole('button', { name: 'Connect bank account' }));
    expect(routing).toHaveAccessibleDescription(
      `Test routing number: 110000000 ${VENDOR_MESSAGES.sandboxRoutingInvalid}`,
    );
    expect(routing).toHaveFocus();
    expect(form.getByText(VENDOR_MESSAGES.sandboxAccountInvalid)).toBeInTheDocument();
    expect(form.getByText(VENDOR_MESSAGES.sandboxTermsRequired)).toBeInTheDocument();
    expect(callsTo(calls, vendorsApi.sandboxAccountOnboarding)).toHaveLength(0);

    await user.clear(routing);
    await user.type(routing, '110000000');
    expect(form.queryByText(VENDOR_MESSAGES.sandboxRoutingInvalid)).not.toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: 'Account number' }), '000123456789');
    await user.click(form.getByRole('checkbox', { name: 'I accept the services agreement' }));
    await user.click(form.getByRole('button', { name: 'Connect bank account' }));

    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('STRIPE TEST BANK account ending in 6789')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your bank account is connected.');
    expect(callsTo(calls, vendorsApi.sandboxAccountOnboarding)[0]?.body).toEqual({
      clientSecret: SANDBOX_SESSION.client_secret,
      accountHolderName: 'Sparkle Cleaning',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      tosAccepted: true,
    });
    expect(onExit).toHaveBeenCalledOnce();

    const before = sessionFetches(calls);
    await runPayoutRefresh(timeouts);
    await waitFor(() => expect(sessionFetches(calls)).toBe(before + 1));
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it("puts the server's messages under their fields, and offers Start again for an expired session", async () => {
    const { user, calls } = start({
      routes: {
        [at(vendorsApi.createAccountSession)]: { body: SANDBOX_SESSION },
        [at(vendorsApi.sandboxAccountOnboarding)]: [
          { status: 422, body: { errors: [VENDOR_MESSAGES.sandboxAccountInvalid] } },
          { status: 422, body: { errors: [VENDOR_MESSAGES.sandboxSessionInvalid] } },
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Connect your bank' }));
    const form = within(await screen.findByRole('form', { name: 'Bank account for payouts' }));
    await user.type(form.getByRole('textbox', { name: 'Routing number' }), '110000000');
    const account = form.getByRole('textbox', { name: 'Account number' });
    await user.type(account, '000123456789');
    await user.click(form.getByRole('checkbox', { name: 'I accept the services agreement' }));
    await user.click(form.getByRole('button', { name: 'Connect bank account' }));
    await waitFor(() =>
      expect(account).toHaveAccessibleDescription(
        `Test account number: 000123456789 ${VENDOR_MESSAGES.sandboxAccountInvalid}`,
      ),
    );
    expect(account).toHaveAttribute('aria-invalid', 'true');

    await user.click(form.getByRole('button', { name: 'Connect bank account' }));
    expect(await form.findByRole('alert')).toHaveTextContent(VENDOR_MESSAGES.sandboxSessionInvalid);
    await user.click(form.getByRole('button', { name: 'Start again' }));
    await waitFor(() => expect(callsTo(calls, vendorsApi.createAccountSession)).toHaveLength(2));
  });

  it('Cancel closes the form, gives focus back and refreshes the vendor later', async () => {
    const timeouts = vi.spyOn(window, 'setTimeout');
    const { user, onExit } = start({
      routes: { [at(vendorsApi.createAccountSession)]: { body: SANDBOX_SESSION } },
    });
    await user.click(await screen.findByRole('button', { name: 'Connect your bank' }));
    await screen.findByRole('form', { name: 'Bank account for payouts' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect your bank' })).toHaveFocus();
    expect(onExit).toHaveBeenCalledOnce();
    expect(timeouts.mock.calls.some(([, ms]) => ms === PAYOUT_REFRESH_DELAY_MS)).toBe(true);
  });

  it('a failed account session is only logged, and offers a neutral Try again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, calls } = start({
      routes: {
        [at(vendorsApi.createAccountSession)]: [
          { status: 502, body: { errors: [VENDOR_MESSAGES.accountSessionFailed] } },
          { body: SANDBOX_SESSION },
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Connect your bank' }));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(log).toHaveBeenCalledWith('Payouts onboarding could not start', expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(VENDOR_MESSAGES.accountSessionFailed)).not.toBeInTheDocument();
    // The server set payouts inactive: the vendor is fetched again.
    await waitFor(() => expect(sessionFetches(calls)).toBe(2));
    await user.click(retry);
    expect(await screen.findByRole('form', { name: 'Bank account for payouts' })).toBeInTheDocument();
  });

  it('an active vendor sees Connected with the bank, and no Connect button', async () => {
    start({
      vendor: {
        stripeIntegrated: 'active',
        payoutDestination: { bankName: 'STRIPE TEST BANK', last4: '6789' },
      },
    });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getAllByText(/STRIPE TEST BANK account ending in 6789/)).toHaveLength(2);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('PayoutsOnboarding with Stripe', () => {
  it("loads Stripe's embedded onboarding with the session, and refreshes the vendor 3.5 s after exit", async () => {
    const timeouts = vi.spyOn(window, 'setTimeout');
    const { user, calls, onExit } = start({
      vendor: { stripeIntegrated: 'onboarding' },
      routes: { [at(vendorsApi.createAccountSession)]: { body: STRIPE_SESSION } },
    });
    expect(await screen.findByText('Bank setup not finished')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue bank setup' }));
    expect(await screen.findByText('Stripe account onboarding', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(connect.init).toHaveBeenCalledWith(expect.objectContaining({ publishableKey: 'pk_test_123' }));
    const { fetchClientSecret } = connect.init.mock.calls[0]![0] as {
      fetchClientSecret: () => Promise<string>;
    };
    await expect(fetchClientSecret()).resolves.toBe(STRIPE_SESSION.client_secret);

    act(() => connect.onExit!());
    expect(onExit).toHaveBeenCalledOnce();
    expect(screen.getByText('Checking your bank connection…')).toBeInTheDocument();
    const before = sessionFetches(calls);
    await runPayoutRefresh(timeouts);
    await waitFor(() => expect(sessionFetches(calls)).toBe(before + 1));
    expect(await screen.findByRole('button', { name: 'Continue bank setup' })).toBeInTheDocument();
  });

  it('management mode opens account management and the notification banner for an active vendor', async () => {
    const { calls } = start({
      mode: 'management',
      vendor: {
        listingStatus: 'active',
        stripeIntegrated: 'active',
        payoutDestination: { bankName: 'STRIPE TEST BANK', last4: '6789' },
      },
      routes: { [at(vendorsApi.createAccountSession)]: { body: STRIPE_SESSION } },
    });
    expect(await screen.findByText('Stripe account management', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Stripe notification banner')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(callsTo(calls, vendorsApi.createAccountSession)).toHaveLength(1);
  });
});
