import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAYOUT_MESSAGES, type PaperCheckOwed, type TransferNeedingReview } from '@stg/domain/api/payouts';
import type { Session } from '@stg/domain/api/session';
import { matchesPath, pathOf } from '@stg/domain/api/endpoint';
import { payoutsApi } from '@stg/domain/api/payouts.endpoints';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { customerSession, makeCard, noVendorOrders, signedOut, vendorSession } from '../../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse } from '../../../test/mock-api';
import { LAZY, locationOf, renderApp } from '../../../test/render-app';
import { operatorSession, paperCheck, transferToCheck } from '../test-fixtures';
import { TABLE_MEDIA_QUERY } from './operator-payouts-page';

const LIST = at(payoutsApi.paperChecks);
const MARK_41 = at(payoutsApi.markPaperCheckPaid, { orderId: 41 });
const TRANSFERS = at(payoutsApi.needingReview);
const RETRY_51 = at(payoutsApi.retry, { orderId: 51 });

const red = paperCheck();
const zion = paperCheck({
  orderId: 42,
  confirmationId: 'STG-9XW3D',
  vendor: {
    id: 32,
    name: 'Zion Pest Pros',
    email: 'office@zionpest.example',
    phoneNumber: '4355550111',
    address: null,
  },
  amount: 80,
  fulfilledAt: '2026-11-22T17:00:00.000Z',
  owedSince: '2026-11-25T17:05:00.000Z',
  reason: 'transfer_refused',
  failureMessage:
    'Your destination account needs to have at least one of the following capabilities enabled.',
});
const sandbox = paperCheck({
  orderId: 43,
  confirmationId: 'STG-4MB8C',
  vendor: { ...red.vendor, id: 33, name: 'Desert Lawn Care' },
  amount: 35.1,
  reason: 'other_payment_mode',
});

const owed = (payouts: PaperCheckOwed[], totalOwed: number): MockResponse => ({
  body: { payouts, totalOwed },
});

const recorded = (payout: PaperCheckOwed, checkReference: string | null, again = false): MockResponse => ({
  body: {
    payout: {
      orderId: payout.orderId,
      confirmationId: payout.confirmationId,
      method: 'paper_check',
      amount: payout.amount,
      paidAt: '2026-11-26T16:00:00.000Z',
      checkReference,
      recorded: !again,
    },
  },
});

function start(
  routes: Record<string, MockResponse | MockResponse[]>,
  session: Session = operatorSession,
  path = '/operator/payouts',
) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: session, headers: { 'X-CSRF-Token': 'token-1' } },
    [at(vendorReadsApi.vendors)]: { body: [makeCard()] },
    // A vendor sent away lands on Order History, which reads the vendor's orders.
    [at(ordersApi.vendorOrders, { id: 7 })]: { body: noVendorOrders },
    [TRANSFERS]: { body: { payouts: [] } },
    ...routes,
  });
  return { ...api, ...renderApp(path) };
}

/** A window as wide as a laptop (the table) or a phone (cards, the default where matchMedia is absent). */
function wideScreen() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === TABLE_MEDIA_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

const card = (name: string) => screen.getByRole('article', { name });

describe('/operator/payouts', () => {
  it('lists the checks owed as cards on a phone, oldest first, with the total', async () => {
    start({ [LIST]: owed([red, zion, sandbox], 235.6) });
    expect(await screen.findByRole('heading', { name: 'Paper Checks', level: 1 }, LAZY)).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Red Rock Windows',
      'Zion Pest Pros',
      'Desert Lawn Care',
    ]);
    expect(screen.getByText('Total owed').parentElement).toHaveTextContent('Total owed $235.60 (3 checks)');

    const first = card('Red Rock Windows');
    expect(within(first).getByText('$120.50')).toBeInTheDocument();
    expect(within(first).getByText('STG-7K2Q9')).toBeInTheDocument();
    // St George's date, not UTC's (Nov 21).
    expect(within(first).getByText('Nov 20th, 2026')).toHaveAttribute('datetime', '2026-11-21T03:30:00.000Z');
    expect(within(first).getByText('Nov 23rd, 2026')).toBeInTheDocument();
    expect(within(first).getByText('200 N Main St, Suite 4')).toBeInTheDocument();
    expect(within(first).getByText('St George, UT 84790')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '(435) 555-0199' })).toHaveAttribute(
      'href',
      'tel:4355550199',
    );
    expect(within(first).getByRole('link', { name: 'hello@redrock.example' })).toHaveAttribute(
      'href',
      'mailto:hello@redrock.example',
    );
    expect(within(first).getByText('No payout account')).toBeInTheDocument();

    const second = card('Zion Pest Pros');
    expect(within(second).getByText('$80.00')).toBeInTheDocument();
    expect(within(second).getByText('No address on file')).toBeInTheDocument();
    expect(within(second).getByText('Transfer refused')).toBeInTheDocument();
    expect(within(second).getByText(zion.failureMessage!)).toBeInTheDocument();

    expect(within(card('Desert Lawn Care')).getByText('Other payment mode')).toBeInTheDocument();
    expect(within(card('Desert Lawn Care')).getByText('$35.10')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a table on a wide screen', async () => {
    wideScreen();
    start({ [LIST]: owed([red, zion], 200.5) });
    const table = await screen.findByRole('table', {}, LAZY);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Vendor and contact',
      'Mail check to',
      'Order',
      'Fulfilled',
      'Owed since',
      'Why a check',
      'Amount',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Red Rock Windows(435) 555-0199hello@redrock.example',
      'Zion Pest Pros(435) 555-0111office@zionpest.example',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: '(435) 555-0199' })).toHaveAttribute(
      'href',
      'tel:4355550199',
    );
    expect(rows[0]).toHaveTextContent('200 N Main St, Suite 4St George, UT 84790');
    expect(rows[1]).toHaveTextContent('No address on file');
    expect(rows[0]).toHaveTextContent('Nov 20th, 2026');
    expect(rows[0]).toHaveTextContent('$120.50');
    expect(rows[1]).toHaveTextContent('Transfer refused');
    expect(within(rows[0]!).getByRole('button', { name: 'Record check sent' })).toHaveAccessibleDescription(
      'Red Rock Windows STG-7K2Q9',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('records a check sent: sends the check number and note, and the order leaves the list', async () => {
    const { user, calls } = start({
      [LIST]: [owed([red, zion], 200.5), owed([zion], 80)],
      [MARK_41]: recorded(red, '10432'),
    });
    await screen.findByRole('article', { name: 'Red Rock Windows' }, LAZY);
    await user.click(within(card('Red Rock Windows')).getByRole('button', { name: 'Record check sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Check Sent' });
    expect(dialog).toHaveTextContent('$120.50');
    const number = within(dialog).getByLabelText('Check number (optional)');
    expect(number).toHaveFocus();
    await user.type(number, ' 10432 ');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Mailed from the office.');
    await user.click(within(dialog).getByRole('button', { name: 'Record check sent' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('article', { name: 'Red Rock Windows' })).not.toBeInTheDocument();
    expect(card('Zion Pest Pros')).toBeInTheDocument();
    expect(
      screen.getByText('Check sent to Red Rock Windows for order STG-7K2Q9 is recorded.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Total owed').parentElement).toHaveTextContent('$80.00 (1 check)');
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({
      path: pathOf(payoutsApi.markPaperCheckPaid, { orderId: 41 }),
      body: { checkReference: '10432', note: 'Mailed from the office.' },
    });
    expect(post?.headers['x-csrf-token']).toBe('token-1');
    await waitFor(() => expect(callsTo(calls, payoutsApi.paperChecks)).toHaveLength(2));
  });

  it('records a check without a number or note: the last one leaves the empty state', async () => {
    const { user, calls } = start({
      [LIST]: [owed([red], 120.5), owed([], 0)],
      [MARK_41]: recorded(red, null),
    });
    await screen.findByRole('article', { name: 'Red Rock Windows' }, LAZY);
    await user.click(screen.getByRole('button', { name: 'Record check sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Check Sent' });
    await user.click(within(dialog).getByRole('button', { name: 'Record check sent' }));
    expect(await screen.findByText('No paper checks are owed.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({});
    expect(screen.queryByText('Total owed')).not.toBeInTheDocument();
  });

  it('shows a refusal (a disputed order, 409) in the dialog and keeps what was typed', async () => {
    const { user } = start({
      [LIST]: owed([red], 120.5),
      [MARK_41]: { status: 409, body: { errors: [PAYOUT_MESSAGES.disputed] } },
    });
    await screen.findByRole('article', { name: 'Red Rock Windows' }, LAZY);
    await user.click(screen.getByRole('button', { name: 'Record check sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Check Sent' });
    await user.type(within(dialog).getByLabelText('Check number (optional)'), '10432');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Mailed Tuesday.');
    await user.click(within(dialog).getByRole('button', { name: 'Record check sent' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PAYOUT_MESSAGES.disputed);
    expect(screen.getByRole('dialog', { name: 'Record Check Sent' })).toBe(dialog);
    expect(within(dialog).getByLabelText('Check number (optional)')).toHaveValue('10432');
    expect(within(dialog).getByLabelText('Note (optional)')).toHaveValue('Mailed Tuesday.');
    expect(within(dialog).getByRole('button', { name: 'Record check sent' })).toBeEnabled();
    expect(card('Red Rock Windows')).toBeInTheDocument();
  });

  it('a check no longer owed (404, another operator recorded it) is said in the dialog; the list is fetched again', async () => {
    const { user } = start({
      [LIST]: [owed([red, zion], 200.5), owed([zion], 80)],
      [MARK_41]: { status: 404, body: { errors: [PAYOUT_MESSAGES.notOwed] } },
    });
    await screen.findByRole('article', { name: 'Red Rock Windows' }, LAZY);
    await user.click(within(card('Red Rock Windows')).getByRole('button', { name: 'Record check sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Check Sent' });
    await user.click(within(dialog).getByRole('button', { name: 'Record check sent' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PAYOUT_MESSAGES.notOwed);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Red Rock Windows' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Total owed').parentElement).toHaveTextContent('$80.00 (1 check)');
  });

  it('cancelling the dialog changes nothing', async () => {
    const { user, calls } = start({ [LIST]: owed([red], 120.5) });
    await screen.findByRole('article', { name: 'Red Rock Windows' }, LAZY);
    await user.click(screen.getByRole('button', { name: 'Record check sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Check Sent' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card('Red Rock Windows')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows a loading state, then the empty state', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetchMock } = start({ [LIST]: owed([], 0) });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const path = String(input);
      if ([payoutsApi.paperChecks, payoutsApi.needingReview].some((e) => matchesPath(e, path))) await gate;
      return answer(input, init);
    });
    expect(await screen.findByText('Loading paper checks…', {}, LAZY)).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByText('No paper checks are owed.')).toBeInTheDocument();
    expect(screen.queryByText('Loading paper checks…')).not.toBeInTheDocument();
    expect(screen.queryByText('Total owed')).not.toBeInTheDocument();
  });

  it('shows a failed load with Try again', async () => {
    const { user } = start({
      [LIST]: [{ status: 500, body: {} }, owed([red], 120.5)],
    });
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent('An unexpected error occurred');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Red Rock Windows' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each<[string, Session, string]>([
    ['a guest', signedOut, '/'],
    ['a customer', customerSession, '/home'],
    ['a vendor', vendorSession(), '/dashboard/orders'],
  ])('sends %s away', async (_who, session, target) => {
    const { router, calls } = start({}, session);
    await waitFor(() => expect(locationOf(router)).toBe(target));
    expect(Object.values(payoutsApi).flatMap((e) => callsTo(calls, e))).toEqual([]);
  });
});

describe('/operator/payouts: Transfers to Check', () => {
  const pool = transferToCheck();
  const spa = transferToCheck({
    orderId: 52,
    confirmationId: 'STG-8HV2K',
    vendor: { id: 35, name: 'Dixie Spa Repair', email: 'fix@dixiespa.example', phoneNumber: '4355550133' },
    amount: 90,
    transferKey: 'payout-order-52',
    lastError: 'Stripe answered 503 Service Unavailable',
  });
  const transfers = (payouts: TransferNeedingReview[]): MockResponse => ({ body: { payouts } });
  const section = () => screen.getByRole('region', { name: 'Transfers to Check' });

  it('lists the transfers the payout job gave up on, oldest first, with their error', async () => {
    start({ [LIST]: owed([red], 120.5), [TRANSFERS]: transfers([pool, spa]) });
    expect(
      await screen.findByRole('heading', { name: 'Transfers to Check', level: 2 }, LAZY),
    ).toBeInTheDocument();
    const articles = await within(section()).findAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Canyon Pool Care',
      'Dixie Spa Repair',
    ]);
    const first = articles[0]!;
    expect(within(first).getByText('$212.75')).toBeInTheDocument();
    expect(within(first).getByText('STG-3TQ8M')).toBeInTheDocument();
    expect(within(first).getByText('connect ETIMEDOUT api.stripe.com:443')).toBeInTheDocument();
    expect(within(first).getByText('payout-order-51')).toBeInTheDocument();
    expect(within(first).getByText('acct_1CanyonPool')).toBeInTheDocument();
    expect(within(first).getByText('Nov 25th, 9:40am')).toHaveAttribute(
      'datetime',
      '2026-11-25T16:40:00.000Z',
    );
    expect(within(first).getByRole('link', { name: '(435) 555-0122' })).toHaveAttribute(
      'href',
      'tel:4355550122',
    );
    expect(within(first).getByRole('link', { name: 'team@canyonpool.example' })).toBeInTheDocument();
    expect(within(articles[1]!).getByText('Stripe answered 503 Service Unavailable')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Retry Transfer for order STG-3TQ8M' })).toBeEnabled();
    // The Paper Checks are still there.
    expect(screen.getByRole('article', { name: 'Red Rock Windows' })).toBeInTheDocument();
  });

  it('says when no transfer needs checking', async () => {
    start({ [LIST]: owed([red], 120.5) });
    expect(await screen.findByText('No transfers need checking.', {}, LAZY)).toBeInTheDocument();
    expect(within(section()).queryByRole('article')).not.toBeInTheDocument();
  });

  it('retries a transfer: a POST with the CSRF token, disabled while it is sent; it leaves the list', async () => {
    let answer: (response: MockResponse) => void = () => undefined;
    const held = new Promise<MockResponse>((resolve) => {
      answer = resolve;
    });
    const { user, calls, fetchMock } = start({
      [LIST]: owed([], 0),
      [TRANSFERS]: [transfers([pool, spa]), transfers([spa])],
      [RETRY_51]: {
        body: { retry: { orderId: 51, confirmationId: 'STG-3TQ8M', requested: true } },
      },
    });
    const reply = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/51/retry')) await held;
      return reply(input, init);
    });
    const button = await screen.findByRole('button', { name: 'Retry Transfer for order STG-3TQ8M' }, LAZY);
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveTextContent('Retrying… for order STG-3TQ8M');
    act(() => answer({}));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Canyon Pool Care' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Dixie Spa Repair' })).toBeInTheDocument();
    expect(
      screen.getByText('The transfer to Canyon Pool Care for order STG-3TQ8M is being retried.'),
    ).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ path: pathOf(payoutsApi.retry, { orderId: 51 }) });
    expect(posts[0]!.headers['x-csrf-token']).toBe('token-1');
    await waitFor(() => expect(callsTo(calls, payoutsApi.needingReview)).toHaveLength(2));
  });

  it('shows a refused retry (409) on its card and keeps it retryable', async () => {
    const { user } = start({
      [LIST]: owed([], 0),
      [TRANSFERS]: transfers([pool]),
      [RETRY_51]: { status: 409, body: { errors: [PAYOUT_MESSAGES.retryNotNeeded] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Retry Transfer for order STG-3TQ8M' }, LAZY));
    const article = screen.getByRole('article', { name: 'Canyon Pool Care' });
    expect(await within(article).findByRole('alert')).toHaveTextContent(PAYOUT_MESSAGES.retryNotNeeded);
    expect(within(article).getByRole('button', { name: 'Retry Transfer for order STG-3TQ8M' })).toBeEnabled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
