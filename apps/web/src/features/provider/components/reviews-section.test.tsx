import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES } from '@stg/domain/api/reviews';
import type { Session } from '@stg/domain/api/session';
import type { Review } from '@stg/domain/api/vendors';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import type { AnyEndpoint, ParamsOf } from '@stg/domain/api/endpoint';
import { customerSession, makeReview, makeVendor, signedOut, vendorSession } from '../../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse, type RecordedCall } from '../../../test/mock-api';
import { LAZY, locationOf, renderApp } from '../../../test/render-app';

const mine = makeReview({
  id: 5,
  userId: 1,
  body: 'My own review, thorough.',
  createdAt: '2025-05-01T12:00:00Z',
});
const other = makeReview({
  id: 6,
  userId: 9,
  body: 'Someone else wrote this.',
  author: { firstName: 'Bo', lastName: 'Ng' },
  createdAt: '2025-04-01T12:00:00Z',
});

interface Setup {
  session?: Session;
  eligibility?: { canReview?: boolean; reason?: string | null; ownReviewId?: number | null };
  reviews?: Review[];
  routes?: Record<string, MockResponse | MockResponse[]>;
  path?: string;
}

function setup({
  session = customerSession,
  eligibility = {},
  reviews = [other],
  routes = {},
  path,
}: Setup = {}) {
  const vendor = makeVendor({ reviews, reviewCount: reviews.length, avgRating: reviews.length ? 5 : null });
  const mock = mockApi({
    [at(sessionApi.current)]: { body: session },
    [at(vendorsApi.vendor, { id: 7 })]: { body: vendor },
    [at(reviewsApi.vendorReviews, { id: 7 })]: {
      body: {
        reviews,
        eligibility: { canReview: true, reason: null, ownReviewId: null, ...eligibility },
        avgRating: vendor.avgRating,
        reviewCount: reviews.length,
      },
    },
    ...routes,
  });
  return { ...renderApp(path ?? '/vendors/7'), ...mock };
}

const section = async () => within(await screen.findByRole('region', { name: 'Reviews' }));
const countOf = <E extends AnyEndpoint>(calls: RecordedCall[], endpoint: E, params: ParamsOf<E>) =>
  callsTo(calls, endpoint, params).length;

describe('Write a Review button', () => {
  it('asks a guest to sign in', async () => {
    const { user, calls } = setup({ session: signedOut });
    const button = await (await section()).findByRole('button', { name: 'Write a Review' });
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Sign In' }, LAZY)).toBeInTheDocument();
    expect(countOf(calls, reviewsApi.vendorReviews, { id: 7 })).toBe(0);
  });

  it('is not shown to a vendor, on its own page included', async () => {
    setup({ session: vendorSession() });
    const reviews = await section();
    expect(await reviews.findByText('Someone else wrote this.')).toBeInTheDocument();
    expect(reviews.queryByRole('button', { name: 'Write a Review' })).not.toBeInTheDocument();
  });

  it('is disabled with its reason for a customer without an order', async () => {
    setup({ eligibility: { canReview: false, reason: REVIEW_MESSAGES.noOrder } });
    const reviews = await section();
    const button = await reviews.findByRole('button', { name: 'Write a Review' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(await reviews.findByText(REVIEW_MESSAGES.noOrder)).toBeInTheDocument();
    expect(button).toHaveAccessibleDescription(REVIEW_MESSAGES.noOrder);
  });

  it('is disabled with its reason for a customer who already reviewed, who alone sees Delete Your Review', async () => {
    setup({
      reviews: [mine, other],
      eligibility: { canReview: false, reason: REVIEW_MESSAGES.alreadyReviewed, ownReviewId: 5 },
    });
    const reviews = await section();
    expect(await reviews.findByText(REVIEW_MESSAGES.alreadyReviewed)).toBeInTheDocument();
    expect(reviews.getByRole('button', { name: 'Write a Review' })).toBeDisabled();
    expect(reviews.getAllByRole('button', { name: 'Delete Your Review' })).toHaveLength(1);
  });

  it('opens the review form for an eligible customer', async () => {
    const { user } = setup();
    const button = await (await section()).findByRole('button', { name: 'Write a Review' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Review Sparkle Cleaning' }, LAZY)).toBeInTheDocument();
  });
});

async function openForm(s: Setup = {}) {
  const app = setup(s);
  const button = await (await section()).findByRole('button', { name: 'Write a Review' });
  await waitFor(() => expect(button).toBeEnabled());
  await app.user.click(button);
  const dialog = within(await screen.findByRole('dialog', { name: 'Review Sparkle Cleaning' }, LAZY));
  return { ...app, dialog };
}

describe('review form', () => {
  it('shows the three messages of spec §5 and sends nothing', async () => {
    const { user, dialog, calls } = await openForm();
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await user.click(submit);
    expect(dialog.getByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.both);
    await user.type(dialog.getByRole('textbox', { name: 'Review' }), 'Great job, thanks!');
    await user.click(submit);
    expect(dialog.getByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.scoreMissing);
    await user.clear(dialog.getByRole('textbox', { name: 'Review' }));
    await user.type(dialog.getByRole('textbox', { name: 'Review' }), 'Too short');
    await user.click(dialog.getByRole('radio', { name: '3 stars' }));
    await user.click(submit);
    expect(dialog.getByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.bodyTooShort);
    expect(countOf(calls, reviewsApi.create, { id: 7 })).toBe(0);
  });

  it('takes the score from a radio group of stars, operable with the arrow keys', async () => {
    const { user, dialog } = await openForm();
    const group = dialog.getByRole('radiogroup', { name: 'Score' });
    const stars = within(group).getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('aria-label') ?? s.closest('label')?.textContent)).toEqual([
      '★1 star',
      '★2 stars',
      '★3 stars',
      '★4 stars',
      '★5 stars',
    ]);
    await user.click(dialog.getByRole('radio', { name: '1 star' }));
    await user.keyboard('{ArrowRight}');
    expect(dialog.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(dialog.getByRole('radio', { name: '2 stars' })).toHaveFocus();
  });

  it('sends {review: {body, score}}, closes, says thank you, and reads the vendor, its reviews and the cards again', async () => {
    const { user, dialog, calls, queryClient } = await openForm({
      routes: { [at(reviewsApi.create, { id: 7 })]: { status: 201, body: { review: mine } } },
    });
    queryClient.setQueryData(['vendors'], []);
    const vendorReads = countOf(calls, vendorsApi.vendor, { id: 7 });
    const reviewReads = countOf(calls, reviewsApi.vendorReviews, { id: 7 });
    await user.click(dialog.getByRole('radio', { name: '4 stars' }));
    await user.type(dialog.getByRole('textbox', { name: 'Review' }), '  Spotless kitchen, on time.  ');
    await user.click(dialog.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Thank you for your review.')).toHaveAttribute('role', 'status');
    const post = callsTo(calls, reviewsApi.create, { id: 7 })[0];
    expect(post?.body).toEqual({ review: { body: 'Spotless kitchen, on time.', score: 4 } });
    await waitFor(() => expect(countOf(calls, vendorsApi.vendor, { id: 7 })).toBe(vendorReads + 1));
    await waitFor(() => expect(countOf(calls, reviewsApi.vendorReviews, { id: 7 })).toBe(reviewReads + 1));
    expect(queryClient.getQueryState(['vendors'])?.isInvalidated).toBe(true);
  });

  it('shows a refusal of the server and keeps what was typed', async () => {
    const { user, dialog, calls } = await openForm({
      routes: {
        [at(reviewsApi.create, { id: 7 })]: {
          status: 422,
          body: { errors: [REVIEW_MESSAGES.alreadyReviewed] },
        },
      },
    });
    await user.click(dialog.getByRole('radio', { name: '5 stars' }));
    await user.type(dialog.getByRole('textbox', { name: 'Review' }), 'Wonderful, will book again.');
    await user.click(dialog.getByRole('button', { name: 'Submit' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.alreadyReviewed);
    expect(dialog.getByRole('textbox', { name: 'Review' })).toHaveValue('Wonderful, will book again.');
    expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(countOf(calls, reviewsApi.create, { id: 7 })).toBe(1);
    expect(screen.queryByText('Thank you for your review.')).not.toBeInTheDocument();
  });
});

it('sends one request while busy', async () => {
  const { user, dialog, calls, fetchMock } = await openForm({
    routes: { [at(reviewsApi.create, { id: 7 })]: { status: 201, body: { review: mine } } },
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') await held;
    return fetchMock(input, init);
  });
  await user.click(dialog.getByRole('radio', { name: '4 stars' }));
  await user.type(dialog.getByRole('textbox', { name: 'Review' }), 'Spotless kitchen, on time.');
  await user.click(dialog.getByRole('button', { name: 'Submit' }));
  expect(dialog.getByRole('button', { name: 'Submitting…' })).toBeDisabled();
  fireEvent.submit(dialog.getByRole('button', { name: 'Submitting…' }).closest('form')!);
  release();
  expect(await screen.findByText('Thank you for your review.')).toBeInTheDocument();
  expect(countOf(calls, reviewsApi.create, { id: 7 })).toBe(1);
});

describe('?review=true', () => {
  it('opens the form once for a customer who may review, and leaves the address', async () => {
    const { router } = setup({ path: '/vendors/7?review=true' });
    expect(await screen.findByRole('dialog', { name: 'Review Sparkle Cleaning' }, LAZY)).toBeInTheDocument();
    expect(locationOf(router)).toBe('/vendors/7');
  });

  it('says why when the customer may not review', async () => {
    const { router } = setup({
      path: '/vendors/7?review=true',
      eligibility: { canReview: false, reason: REVIEW_MESSAGES.noOrder },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.noOrder);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(locationOf(router)).toBe('/vendors/7');
  });

  it('asks a guest to sign in', async () => {
    setup({ session: signedOut, path: '/vendors/7?review=true' });
    expect(await screen.findByRole('dialog', { name: 'Sign In' }, LAZY)).toBeInTheDocument();
  });
});

describe('Delete Your Review', () => {
  it('deletes the author’s review after a confirm step and reads the figures again', async () => {
    const { user, calls } = setup({
      reviews: [mine, other],
      eligibility: { canReview: false, reason: REVIEW_MESSAGES.alreadyReviewed, ownReviewId: 5 },
      routes: { [at(reviewsApi.delete, { id: 5 })]: { status: 204 } },
    });
    const reviews = await section();
    await user.click(await reviews.findByRole('button', { name: 'Delete Your Review' }));
    expect(countOf(calls, reviewsApi.delete, { id: 5 })).toBe(0);
    const vendorReads = countOf(calls, vendorsApi.vendor, { id: 7 });
    await user.click(reviews.getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('Your review was deleted.')).toBeInTheDocument();
    expect(countOf(calls, reviewsApi.delete, { id: 5 })).toBe(1);
    await waitFor(() => expect(countOf(calls, vendorsApi.vendor, { id: 7 })).toBe(vendorReads + 1));
  });

  it('can be cancelled', async () => {
    const { user, calls } = setup({
      reviews: [mine],
      eligibility: { canReview: false, reason: REVIEW_MESSAGES.alreadyReviewed, ownReviewId: 5 },
    });
    const reviews = await section();
    await user.click(await reviews.findByRole('button', { name: 'Delete Your Review' }));
    await user.click(reviews.getByRole('button', { name: 'Cancel' }));
    expect(reviews.getByRole('button', { name: 'Delete Your Review' })).toBeInTheDocument();
    expect(countOf(calls, reviewsApi.delete, { id: 5 })).toBe(0);
  });
});

describe('filters', () => {
  it('have an empty state each', async () => {
    const { user } = setup({ session: signedOut, reviews: [] });
    const reviews = await section();
    expect(reviews.getByText('No reviews yet.')).toBeInTheDocument();
    await user.click(reviews.getByRole('button', { name: 'Servo Reviews' }));
    expect(reviews.getByText('No Google reviews yet.')).toBeInTheDocument();
    await user.click(reviews.getByRole('button', { name: 'Google Reviews' }));
    await user.click(reviews.getByRole('button', { name: 'Servo Reviews' }));
    expect(reviews.getByText('No reviews yet.')).toBeInTheDocument();
  });
});
