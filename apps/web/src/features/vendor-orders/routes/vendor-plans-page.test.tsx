import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { vendorPlansPageSchema, type VendorPlanSummary } from '@stg/domain/api/plans';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { at, queryOf } from '../../../test/mock-api';
import { LAZY } from '../../../test/render-app';
import { callsTo, cancelAnswerOf, holdRequests, makeVendorPlan, showVendorOrders } from '../test-fixtures';
import { VENDOR_CANCEL_PLAN_CONFIRM, VENDOR_CANCEL_PLAN_TITLE } from '../components/vendor-cancel-plan-modal';

const LIST = at(plansApi.vendorPlans, { id: 7 });
const PLAN = at(plansApi.vendorPlan, { id: 7, planId: 9 });

/** A page of plans as GET /api/vendors/7/plans answers it. */
function plansPage(plans: Partial<VendorPlanSummary>[], nextCursor: string | null = null) {
  const { visits, ...base } = makeVendorPlan();
  return vendorPlansPageSchema.parse({
    plans: plans.map((patch) => ({ ...base, nextVisit: visits[2], ...patch })),
    nextCursor,
  });
}

const show = (routes: Parameters<typeof showVendorOrders>[1], path = '/dashboard/plans') =>
  showVendorOrders([], routes, path);

describe('Service Plans (/dashboard/plans)', () => {
  it("lists the vendor's plans: customer, frequency, price, status and next visit with its status", async () => {
    const { calls, fetchMock } = show({
      [LIST]: {
        body: plansPage([
          {},
          {
            id: 10,
            customerName: 'Bo Diaz',
            frequency: 'monthly',
            status: 'paused',
            pausedUntil: '2027-01-15',
            pricePerVisit: 118.75,
            discountPercent: 5,
            nextVisit: null,
          },
        ]),
      },
    });
    const release = holdRequests(fetchMock, `GET ${LIST.split(' ')[1]}`);
    expect(await screen.findByText('Loading plans…', {}, LAZY)).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Plans' })).toBeInTheDocument();
    const ann = within(await screen.findByRole('article', { name: 'Ann Lee' }));
    expect(ann.getByText('Every 2 weeks')).toBeInTheDocument();
    expect(ann.getByText('$112.50 a visit, save 10% + $2.55 service charge')).toBeInTheDocument();
    expect(ann.getByText('Active')).toBeInTheDocument();
    expect(ann.getByText('Held')).toBeInTheDocument();
    const bo = within(screen.getByRole('article', { name: 'Bo Diaz' }));
    expect(bo.getByText('Monthly')).toBeInTheDocument();
    expect(bo.getByText('Paused until Jan 15th')).toBeInTheDocument();
    expect(bo.getByText('None')).toBeInTheDocument();
    expect(screen.getByText('Showing all 2 plans.')).toBeInTheDocument();
    expect(callsTo(calls, plansApi.vendorPlans, { id: 7 }).map(queryOf)).toEqual([
      { status: 'all', limit: '50' },
    ]);
    // Nothing of a plan is read until it is opened.
    expect(callsTo(calls, plansApi.vendorPlan)).toHaveLength(0);
  });

  it('filters by status in the URL and says when a filter has none', async () => {
    const { user, calls, router } = show({
      [LIST]: (call) => ({ body: plansPage(queryOf(call).status === 'paused' ? [] : [{}]) }),
    });
    await screen.findByRole('article', { name: 'Ann Lee' }, LAZY);
    const filters = within(screen.getByRole('group', { name: 'Filter plans' }));
    expect(filters.getByRole('button', { name: 'Remove Filter' })).toBeDisabled();
    await user.click(filters.getByRole('button', { name: 'Paused Plans' }));
    expect(await screen.findByText('No paused plans')).toBeInTheDocument();
    expect(filters.getByRole('button', { name: 'Paused Plans' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?status=paused');
    expect(callsTo(calls, plansApi.vendorPlans).map((c) => queryOf(c).status)).toEqual(['all', 'paused']);
    await user.click(filters.getByRole('button', { name: 'Remove Filter' }));
    expect(await screen.findByRole('article', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('with no plan at all: "No plans"', async () => {
    show({ [LIST]: { body: plansPage([]) } });
    expect(await screen.findByText('No plans', {}, LAZY)).toBeInTheDocument();
  });

  it('pages with nextCursor: Load more adds the next page', async () => {
    const { user, calls } = show({
      [LIST]: [
        { body: plansPage([{}], 'next-page') },
        { body: plansPage([{ id: 10, customerName: 'Bo Diaz' }]) },
      ],
    });
    await screen.findByRole('article', { name: 'Ann Lee' }, LAZY);
    expect(screen.getByText('Showing the first 1 plans.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Bo Diaz' })).toBeInTheDocument();
    expect(callsTo(calls, plansApi.vendorPlans).map((c) => queryOf(c).cursor)).toEqual([
      undefined,
      'next-page',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('Details opens the Service Plan with its next visits; Cancel Plan cancels it and the list is read again', async () => {
    const cancelled = makeVendorPlan({
      status: 'cancelled',
      cancelledAt: '2026-11-27T18:00:00.000Z',
      cancelledBy: 'vendor',
      cancelReason: 'Moving out of town',
    });
    const { user, calls } = show({
      [LIST]: [
        { body: plansPage([{}]) },
        {
          body: plansPage([
            {
              status: 'cancelled',
              cancelledAt: cancelled.cancelledAt,
              cancelledBy: 'vendor',
              cancelReason: cancelled.cancelReason,
              nextVisit: null,
            },
          ]),
        },
      ],
      [PLAN]: [{ body: { plan: makeVendorPlan() } }, { body: { plan: cancelled } }],
      [at(plansApi.cancel, { id: 9 })]: { body: cancelAnswerOf(cancelled) },
    });
    const card = within(await screen.findByRole('article', { name: 'Ann Lee' }, LAZY));
    const details = card.getByRole('button', { name: /^Details/ });
    expect(details).toHaveAccessibleName('Details of the Every 2 weeks plan of Ann Lee');
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const section = within(await card.findByRole('region', { name: 'Service Plan' }));
    await section.findByRole('list', { name: 'Next visits' });
    expect(callsTo(calls, plansApi.vendorPlan, { id: 7, planId: 9 })).toHaveLength(1);
    // The card already names the frequency, the price and the status: the opened plan does not repeat them.
    expect(card.getAllByText('$112.50 a visit, save 10% + $2.55 service charge')).toHaveLength(1);
    expect(section.queryByText('Frequency')).not.toBeInTheDocument();
    expect(section.queryByText('Plan status')).not.toBeInTheDocument();

    await user.click(section.getByRole('button', { name: /^Cancel Plan/ }));
    const dialog = within(await screen.findByRole('dialog', { name: VENDOR_CANCEL_PLAN_TITLE }));
    expect(dialog.getByText('Every 2 weeks plan')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Reason for cancelling'), 'Moving out of town');
    await user.click(dialog.getByRole('checkbox', { name: VENDOR_CANCEL_PLAN_CONFIRM }));
    await user.click(dialog.getByRole('button', { name: 'Cancel Plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      screen.getByText('The Every 2 weeks plan of Ann Lee was cancelled: 2 held visits released.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, plansApi.vendorPlans)).toHaveLength(2));
    expect(await card.findByText(/^Cancelled by you on/, { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Showing the only plan.')).toBeInTheDocument();
    // A cancelled plan's reason is still said in the opened plan.
    expect(await section.findByText('Moving out of town')).toBeInTheDocument();
  });
});
