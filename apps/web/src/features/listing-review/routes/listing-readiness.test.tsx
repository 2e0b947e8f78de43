/**
 * Issue 25 §1 on the operator's review card: the sample quote a typical customer would get and what still
 * stops the listing (the server refuses Approve for the same reasons; the button says so sooner).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listingReviewApi } from '@stg/domain/api/listing-review.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { VENDOR_MESSAGES, reviewQueueItemSchema } from '@stg/domain/api/vendors';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { makeCard } from '../../../test/fixtures';
import { at, mockApi } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';
import { operatorSession, queueItem } from '../test-fixtures';

const ready = reviewQueueItemSchema.parse({
  ...queueItem({ id: 31, name: 'Red Rock Windows' }),
  sampleQuote: {
    price: 70,
    durationMinutes: 120,
    answers: [
      { question: 'Window panes', answer: 'Up to 10' },
      { question: 'Square feet', answer: '1000' },
    ],
  },
  missing: [],
});
const notReady = reviewQueueItemSchema.parse({
  ...queueItem({ id: 32, name: 'Zion Pest Pros', serviceDescription: null }, '2026-11-22T10:00:00.000Z'),
  sampleQuote: { price: 35, durationMinutes: 60, answers: [] },
  missing: [VENDOR_MESSAGES.descriptionRequired, VENDOR_MESSAGES.pricingQuestionRequired],
});

function start() {
  mockApi({
    [at(sessionApi.current)]: { body: operatorSession, headers: { 'X-CSRF-Token': 'token-1' } },
    [at(vendorReadsApi.vendors)]: { body: [makeCard()] },
    [at(listingReviewApi.queue)]: { body: { listings: [ready, notReady] } },
  });
  renderApp('/operator/listings');
}

describe('the review card: sample quote and what is missing (issue 25)', () => {
  it('shows what a typical customer would pay, and approves a listing with nothing missing', async () => {
    start();
    const card = await screen.findByRole('article', { name: 'Red Rock Windows' }, LAZY);
    const quote = within(card).getByRole('region', { name: 'Sample Quote' });
    expect(quote).toHaveTextContent('A typical customer would pay $70.00, 2.0 hrs.');
    expect(within(quote).getByRole('list', { name: 'Answers priced' })).toHaveTextContent(
      'Window panes: Up to 10',
    );
    expect(within(card).getByRole('region', { name: 'Ready to Sell' })).toHaveTextContent(
      'Nothing is missing.',
    );
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Approve' })).not.toHaveAttribute('aria-describedby');
  });

  it('lists what stops a listing and does not offer Approve for it', async () => {
    start();
    const card = await screen.findByRole('article', { name: 'Zion Pest Pros' }, LAZY);
    const region = within(card).getByRole('region', { name: 'Ready to Sell' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([VENDOR_MESSAGES.descriptionRequired, VENDOR_MESSAGES.pricingQuestionRequired]);
    const approve = within(card).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    // A greyed button says why.
    expect(approve).toHaveAccessibleDescription(new RegExp(VENDOR_MESSAGES.descriptionRequired));
    // Sending it back is how the operator asks for what is missing.
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });
});
