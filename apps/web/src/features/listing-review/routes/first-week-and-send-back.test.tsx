/**
 * Issue 25 §1 on the operator's review card: the first week of open times as a customer would see them
 * (or a plain warning when there are none), and a send-back that names what to fix.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listingReviewApi } from '@stg/domain/api/listing-review.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { VENDOR_MESSAGES, reviewQueueItemSchema } from '@stg/domain/api/vendors';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { makeCard } from '../../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';
import { operatorSession, queueItem } from '../test-fixtures';

const week = {
  timeZone: 'America/Denver',
  stepMinutes: 1,
  jobMinutes: 120,
  windowDays: 8,
  firstDate: '2026-11-25',
  lastDate: '2026-12-01',
  unavailableReason: null,
};

const open = reviewQueueItemSchema.parse({
  ...queueItem({ id: 31, name: 'Red Rock Windows' }),
  firstWeek: {
    ...week,
    days: [
      {
        date: '2026-11-25',
        ranges: [{ start_time: '2026-11-25T08:00:00-07:00', end_time: '2026-11-25T15:00:00-07:00' }],
      },
      {
        date: '2026-11-30',
        ranges: [
          { start_time: '2026-11-30T08:00:00-07:00', end_time: '2026-11-30T09:30:00-07:00' },
          { start_time: '2026-11-30T13:15:00-07:00', end_time: '2026-11-30T13:15:00-07:00' },
        ],
      },
    ],
  },
});
const closed = reviewQueueItemSchema.parse({
  ...queueItem({ id: 32, name: 'Zion Pest Pros', serviceDescription: null }, '2026-11-22T10:00:00.000Z'),
  missing: [
    VENDOR_MESSAGES.logoRequired,
    VENDOR_MESSAGES.descriptionRequired,
    VENDOR_MESSAGES.pricingFormulaUnused,
    VENDOR_MESSAGES.schedulingRequired,
  ],
  firstWeek: { ...week, jobMinutes: 60, days: [] },
});

function start(routes: Record<string, MockResponse | MockResponse[]> = {}) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: operatorSession, headers: { 'X-CSRF-Token': 'token-1' } },
    [at(vendorReadsApi.vendors)]: { body: [makeCard()] },
    [at(listingReviewApi.queue)]: { body: { listings: [open, closed] } },
    ...routes,
  });
  return { ...api, ...renderApp('/operator/listings') };
}

describe('the review card: the first week of open times (issue 25)', () => {
  it("lists each day's starts as a customer would see them", async () => {
    start();
    const card = await screen.findByRole('article', { name: 'Red Rock Windows' }, LAZY);
    const times = within(card).getByRole('region', { name: 'Open Times, First Week' });
    expect(times).toHaveTextContent(
      'What a customer could book for a job of 2.0 hrs (the minimum price), Wed, Nov 25th – Tue, Dec 1st: any start from the first time to the last.',
    );
    expect(
      within(times)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Wed, Nov 25th 8:00am – 3:00pm', 'Mon, Nov 30th 8:00am – 9:30am, 1:15pm']);
  });

  it('says plainly when a customer could book no time in the first week', async () => {
    start();
    const card = await screen.findByRole('article', { name: 'Zion Pest Pros' }, LAZY);
    const times = within(card).getByRole('region', { name: 'Open Times, First Week' });
    expect(times).toHaveTextContent(
      'No open times in the first week (Wed, Nov 25th – Tue, Dec 1st): a customer could not book a job of 1.0 hr (the minimum price).',
    );
    expect(within(times).queryByRole('listitem')).not.toBeInTheDocument();
  });
});

describe('sending a listing back names what to fix (issue 25)', () => {
  it('starts from what is missing; the operator changes the items and adds a reason', async () => {
    const { user, calls } = start({
      [at(listingReviewApi.reject, { id: 32 })]: { body: { id: 32, listingStatus: 'awaiting_submission' } },
    });
    const card = await screen.findByRole('article', { name: 'Zion Pest Pros' }, LAZY);
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Listing' });
    const group = within(dialog).getByRole('group', { name: 'What to fix' });
    expect(
      within(group)
        .getAllByRole('checkbox', { checked: true })
        .map((c) => c.getAttribute('value')),
    ).toEqual(['logo', 'pricing', 'scheduling', 'description']);
    expect(within(group).getByRole('checkbox', { name: 'Logo and banner' })).toHaveFocus();

    await user.click(within(group).getByRole('checkbox', { name: 'Scheduling rules' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Gallery images' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Use photos of your own work.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, listingReviewApi.reject, { id: 32 })[0]?.body).toEqual({
      reason: 'Use photos of your own work.',
      fixes: ['logo', 'images', 'pricing', 'description'],
    });
  });

  it('sends items without a reason, but not nothing at all', async () => {
    const { user, calls } = start({
      [at(listingReviewApi.reject, { id: 31 })]: { body: { id: 31, listingStatus: 'awaiting_submission' } },
    });
    const card = await screen.findByRole('article', { name: 'Red Rock Windows' }, LAZY);
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Listing' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject Listing' }));
    expect(within(dialog).getByText(VENDOR_MESSAGES.rejectReasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    expect(callsTo(calls, listingReviewApi.reject, { id: 31 })).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Service description' }));
    expect(within(dialog).queryByText(VENDOR_MESSAGES.rejectReasonRequired)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject Listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, listingReviewApi.reject, { id: 31 })[0]?.body).toEqual({
      reason: '',
      fixes: ['description'],
    });
  });
});
