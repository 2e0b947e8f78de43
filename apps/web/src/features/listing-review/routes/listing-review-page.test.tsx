import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VENDOR_MESSAGES } from '@stg/domain/api/vendors';
import type { Session } from '@stg/domain/api/session';
import { pathOf } from '@stg/domain/api/endpoint';
import { listingReviewApi } from '@stg/domain/api/listing-review.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { customerSession, makeCard, signedOut, vendorSession } from '../../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse } from '../../../test/mock-api';
import { LAZY, locationOf, renderApp } from '../../../test/render-app';
import { operatorSession, queueItem } from '../test-fixtures';

const older = queueItem({ id: 31, name: 'Red Rock Windows' }, '2026-11-20T17:30:00.000Z');
const newer = queueItem(
  {
    id: 32,
    name: 'Zion Pest Pros',
    category: 'pest_control',
    phoneNumber: '4355550111',
    logoImageUrl: null,
    calendar: {
      id: 1,
      apiIntegrated: true,
      integrationType: 'google',
      workdayStartTime: '08:00',
      workdayEndTime: '17:00',
      driveTimeBufferMins: 15,
      bookingWindowStartDays: 2,
      bookingWindowEndDays: 90,
    },
    calendarSkipped: false,
    stripeIntegrated: 'onboarding',
    payoutDestination: null,
    serviceDescription: null,
  },
  '2026-11-22T10:00:00.000Z',
);

function start(
  routes: Record<string, MockResponse | MockResponse[]>,
  session: Session = operatorSession,
  path = '/operator/listings',
) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: session, headers: { 'X-CSRF-Token': 'token-1' } },
    [at(vendorReadsApi.vendors)]: { body: [makeCard()] },
    ...routes,
  });
  return { ...api, ...renderApp(path) };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('/operator/listings', () => {
  it('lists the listings under review, oldest first, with what an operator checks', async () => {
    // The answer's order is not trusted: the oldest submission comes first.
    start({ [at(listingReviewApi.queue)]: { body: { listings: [newer, older] } } });
    expect(
      await screen.findByRole('heading', { name: 'Listing Review', level: 1 }, LAZY),
    ).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Red Rock Windows',
      'Zion Pest Pros',
    ]);
    expect(screen.getByText('2 listings waiting for review')).toBeInTheDocument();

    const red = card('Red Rock Windows');
    expect(within(red).getByRole('img', { name: 'Red Rock Windows logo' })).toHaveAttribute(
      'src',
      '/uploads/31/logo.webp',
    );
    expect(within(red).getByRole('img', { name: 'Red Rock Windows banner' })).toHaveAttribute(
      'src',
      '/uploads/31/banner.webp',
    );
    const gallery = within(red).getAllByRole('img', { name: /gallery image/ });
    expect(gallery).toHaveLength(4);
    expect(gallery[0]).toHaveAttribute('src', '/uploads/31/gallery-1-thumb.webp');
    expect(gallery[0]!.closest('a')).toHaveAttribute('href', '/uploads/31/gallery-1.webp');
    expect(red).toHaveTextContent('Window Cleaning');
    expect(red).toHaveTextContent('Submitted Nov 20th, 2026');
    expect(within(red).getByText('(435) 555-0199')).toBeInTheDocument();
    expect(within(red).getByRole('link', { name: 'hello@redrock.example' })).toHaveAttribute(
      'href',
      'mailto:hello@redrock.example',
    );
    expect(within(red).getByText('200 N Main St, Suite 4, St George, UT 84790')).toBeInTheDocument();
    expect(within(red).getByText('Streak-free windows, inside and out.')).toBeInTheDocument();
    expect(within(red).getByText('$35.00')).toBeInTheDocument();
    expect(within(red).getByText('40 + PANES * 3')).toBeInTheDocument();
    expect(within(red).getByText('Window panes')).toBeInTheDocument();
    expect(within(red).getByText('Up to 10 = 10 (default)')).toBeInTheDocument();
    expect(within(red).getByText('Up to 20 = 20')).toBeInTheDocument();
    expect(within(red).getByText('min 500 · max 5000 · step 100 · default 1000')).toBeInTheDocument();
    expect(within(red).getByText('Connected (STRIPE TEST BANK •••• 6789)')).toBeInTheDocument();
    expect(within(red).getByText('Skipped')).toBeInTheDocument();
    expect(within(red).getByText('Rita Rock')).toBeInTheDocument();
    expect(within(red).getByText('(435) 555-0188')).toBeInTheDocument();

    const zion = card('Zion Pest Pros');
    expect(zion).toHaveTextContent('Pest Control');
    expect(within(zion).getByText('No logo')).toBeInTheDocument();
    expect(within(zion).getByText('Connected (Google Calendar)')).toBeInTheDocument();
    expect(within(zion).getByText('Onboarding not finished')).toBeInTheDocument();
    expect(within(zion).getByText('No description yet.')).toBeInTheDocument();
  });

  it('shows a loading state, then the empty state', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetchMock } = start({ [at(listingReviewApi.queue)]: { body: { listings: [] } } });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes(pathOf(listingReviewApi.queue))) await gate;
      return answer(input, init);
    });
    expect(await screen.findByText('Loading listings…', {}, LAZY)).toBeInTheDocument();
    release();
    expect(await screen.findByText('No listings are waiting for review.')).toBeInTheDocument();
    expect(screen.queryByText('Loading listings…')).not.toBeInTheDocument();
  });

  it('approves a listing: it leaves the queue', async () => {
    const { user, calls } = start({
      [at(listingReviewApi.queue)]: [{ body: { listings: [older, newer] } }, { body: { listings: [newer] } }],
      [at(listingReviewApi.approve, { id: 31 })]: { body: { id: 31, listingStatus: 'active' } },
    });
    await screen.findByRole('article', { name: 'Red Rock Windows' }, LAZY);
    await user.click(within(card('Red Rock Windows')).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Red Rock Windows' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Zion Pest Pros' })).toBeInTheDocument();
    expect(screen.getByText('Red Rock Windows is approved and now live.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(pathOf(listingReviewApi.approve, { id: 31 }));
    expect(post?.headers['x-csrf-token']).toBe('token-1');
    await waitFor(() => expect(callsTo(calls, listingReviewApi.queue)).toHaveLength(2));
  });

  it('rejects a listing only with a reason or something to fix', async () => {
    const { user, calls } = start({
      [at(listingReviewApi.queue)]: [{ body: { listings: [older] } }, { body: { listings: [] } }],
      [at(listingReviewApi.reject, { id: 31 })]: { body: { id: 31, listingStatus: 'awaiting_submission' } },
    });
    await screen.findByRole('article', { name: 'Red Rock Windows' }, LAZY);
    await user.click(within(card('Red Rock Windows')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Listing' });
    // Nothing is missing: no item starts ticked, and the first one has the focus.
    expect(within(dialog).getByRole('checkbox', { name: 'Logo and banner' })).toHaveFocus();
    expect(within(dialog).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    const reason = within(dialog).getByLabelText('Reason');

    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Listing' }));
    expect(within(dialog).getByText(VENDOR_MESSAGES.rejectReasonRequired)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(reason);
    await user.type(reason, 'The gallery shows another business.');
    expect(within(dialog).queryByText(VENDOR_MESSAGES.rejectReasonRequired)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject Listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: pathOf(listingReviewApi.reject, { id: 31 }),
      body: { reason: 'The gallery shows another business.', fixes: [] },
    });
    expect(await screen.findByText('No listings are waiting for review.')).toBeInTheDocument();
    expect(screen.getByText('Red Rock Windows was sent back to the vendor.')).toBeInTheDocument();
  });

  it('cancelling the reject dialog changes nothing', async () => {
    const { user, calls } = start({ [at(listingReviewApi.queue)]: { body: { listings: [older] } } });
    await screen.findByRole('article', { name: 'Red Rock Windows' }, LAZY);
    await user.click(within(card('Red Rock Windows')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Listing' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card('Red Rock Windows')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows a refused decision (another operator was first) in the card', async () => {
    const { user } = start({
      [at(listingReviewApi.queue)]: { body: { listings: [older] } },
      [at(listingReviewApi.approve, { id: 31 })]: {
        status: 409,
        body: { errors: [VENDOR_MESSAGES.notUnderReview] },
      },
    });
    await screen.findByRole('article', { name: 'Red Rock Windows' }, LAZY);
    await user.click(within(card('Red Rock Windows')).getByRole('button', { name: 'Approve' }));
    expect(await within(card('Red Rock Windows')).findByRole('alert')).toHaveTextContent(
      VENDOR_MESSAGES.notUnderReview,
    );
  });

  it.each<[string, Session, string]>([
    ['a guest', signedOut, '/'],
    ['a customer', customerSession, '/home'],
    ['a vendor', vendorSession(), '/dashboard/orders'],
  ])('sends %s away', async (_who, session, target) => {
    const { router, calls } = start({}, session);
    await waitFor(() => expect(locationOf(router)).toBe(target));
    expect(Object.values(listingReviewApi).flatMap((e) => callsTo(calls, e))).toEqual([]);
  });
});
