import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerPlansResponseSchema, PLAN_MANAGE_MESSAGES, type CustomerPlan } from '@stg/domain/api/plans';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { at } from '../../../test/mock-api';
import { LAZY } from '../../../test/render-app';
import { callsTo, hoursFromNow, makeCustomerOrder, showOrders } from '../test-fixtures';

const day = 24;
const makePlan = (): CustomerPlan =>
  customerPlansResponseSchema.parse({
    plans: [
      {
        id: 9,
        vendorId: 7,
        vendorName: 'Sparkle Cleaning',
        frequency: 'every_2_weeks',
        status: 'active',
        pricePerVisit: 112.5,
        discountPercent: 10,
        serviceCharge: 2.55,
        optionsSnapshot: { Bedrooms: 'Two' },
        paymentMethodBrand: 'visa',
        paymentMethodLast4: '4242',
        consentText: 'By paying you agree …',
        consentedAt: '2026-11-20T18:00:00.000Z',
        pausedUntil: null,
        createdAt: '2026-11-20T18:00:00.000Z',
        visits: [
          {
            id: 1,
            sequence: 1,
            appointmentAt: hoursFromNow(2 * day),
            status: 'ordered',
            orderId: 1,
            chargeAt: hoursFromNow(day),
          },
          {
            id: 2,
            sequence: 2,
            appointmentAt: hoursFromNow(16 * day),
            status: 'held',
            orderId: null,
            chargeAt: hoursFromNow(15 * day),
          },
          {
            id: 3,
            sequence: 3,
            appointmentAt: hoursFromNow(30 * day),
            status: 'needs_time',
            orderId: null,
            chargeAt: hoursFromNow(29 * day),
          },
        ],
      },
    ],
  }).plans[0]!;

describe('the customer’s plans in Orders', () => {
  it('shows each plan with its price per visit and next visits, and marks its order "Part of your … plan"', async () => {
    const plan = makePlan();
    const { calls } = showOrders(
      [
        makeCustomerOrder({
          id: 1,
          appointmentAt: plan.visits[0]!.appointmentAt,
          plan: { id: plan.id, frequency: plan.frequency },
        }),
        makeCustomerOrder({ id: 2 }),
      ],
      { [at(plansApi.customerPlans)]: { body: { plans: [plan] } } },
    );
    const plans = await screen.findByRole('region', { name: 'Your plans' }, LAZY);
    expect(callsTo(calls, plansApi.customerPlans)).toHaveLength(1);
    const card = within(within(plans).getByRole('listitem', { name: 'Sparkle Cleaning · Every 2 weeks' }));
    expect(
      card.getByText('$112.50 a visit, save 10% + $2.55 service charge, charged to your Visa ending in 4242'),
    ).toBeInTheDocument();
    const visits = card
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.plan-card__visit-status')?.textContent);
    expect(visits).toEqual(['Booked', 'Held for you', 'Needs a new time']);

    const orders = await screen.findByRole('list', { name: 'Your orders' });
    const rows = within(orders).getAllByRole('button', { expanded: false });
    expect(rows.find((r) => r.closest('[data-order-id="1"]'))).toHaveTextContent(
      'Part of your Every 2 weeks plan',
    );
    expect(rows.find((r) => r.closest('[data-order-id="2"]'))).not.toHaveTextContent('plan');
  });

  it('shows no plans section for a customer without plans', async () => {
    showOrders([makeCustomerOrder()], { [at(plansApi.customerPlans)]: { body: { plans: [] } } });
    await screen.findByRole('list', { name: 'Your orders' }, LAZY);
    expect(screen.queryByRole('region', { name: 'Your plans' })).not.toBeInTheDocument();
  });
});

describe('managing a plan from Orders', () => {
  const skipped = (): CustomerPlan => {
    const p = makePlan();
    return { ...p, visits: p.visits.map((v) => (v.id === 2 ? { ...v, status: 'skipped' as const } : v)) };
  };

  it('skips a held visit after a confirmation, announces it and refreshes the card', async () => {
    const plan = makePlan();
    const { user, calls } = showOrders([makeCustomerOrder({ id: 2 })], {
      [at(plansApi.customerPlans)]: [{ body: { plans: [plan] } }, { body: { plans: [skipped()] } }],
      [at(plansApi.skipVisit, { id: 9, visitId: 2 })]: { body: { plan: skipped() } },
    });
    await screen.findByRole('region', { name: 'Your plans' }, LAZY);
    // Only the held visit whose window is open has Skip.
    const skips = screen.getAllByRole('button', { name: /^Skip the visit on/ });
    expect(skips).toHaveLength(1);
    await user.click(skips[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Skip Visit' }));
    expect(dialog.getByText(/will not happen and will not be charged/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Skip Visit' }));
    expect(await screen.findByText(/^Your visit on .* was skipped\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(calls, plansApi.skipVisit, { id: 9, visitId: 2 })).toHaveLength(1);
    const card = within(screen.getByRole('listitem', { name: 'Sparkle Cleaning · Every 2 weeks' }));
    expect(card.queryByText('Held for you')).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: /^Skip/ })).not.toBeInTheDocument();
  });

  it('pauses until a date: the date is required, Escape keeps the plan, and the pause is shown', async () => {
    const plan = makePlan();
    const paused: CustomerPlan = { ...skipped(), status: 'paused', pausedUntil: '2030-01-15' };
    const { user, calls } = showOrders([makeCustomerOrder({ id: 2 })], {
      [at(plansApi.customerPlans)]: [{ body: { plans: [plan] } }, { body: { plans: [paused] } }],
      [at(plansApi.pause, { id: 9 })]: { body: { plan: paused } },
    });
    await screen.findByRole('region', { name: 'Your plans' }, LAZY);
    const opener = screen.getByRole('button', { name: /^Pause plan/ });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Pause Plan' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    const dialog = within(await screen.findByRole('dialog', { name: 'Pause Plan' }));
    const date = dialog.getByLabelText('Pause until');
    await user.click(dialog.getByRole('button', { name: 'Pause Plan' }));
    expect(date).toHaveAccessibleDescription(expect.stringContaining(PLAN_MANAGE_MESSAGES.pauseDate));
    expect(callsTo(calls, plansApi.pause, { id: 9 })).toHaveLength(0);
    await user.type(date, '2030-01-15');
    await user.click(dialog.getByRole('button', { name: 'Pause Plan' }));
    expect(
      await screen.findByText('Your plan with Sparkle Cleaning is paused until Jan 15th.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, plansApi.pause, { id: 9 }).map((c) => c.body)).toEqual([{ until: '2030-01-15' }]);
    expect(await screen.findByText('Paused until Jan 15th')).toBeInTheDocument();
  });

  it("cancels the plan, showing the server's refusal first and keeping the dialog open", async () => {
    const plan = makePlan();
    const cancelled: CustomerPlan = {
      ...plan,
      status: 'cancelled',
      visits: plan.visits.map((v) => (v.status === 'held' ? { ...v, status: 'cancelled' as const } : v)),
    };
    const { user, calls } = showOrders([makeCustomerOrder({ id: 2 })], {
      [at(plansApi.customerPlans)]: [{ body: { plans: [plan] } }, { body: { plans: [cancelled] } }],
      [at(plansApi.cancel, { id: 9 })]: [
        { status: 422, body: { errors: ['Something went wrong.'] } },
        { body: { plan: cancelled } },
      ],
    });
    await screen.findByRole('region', { name: 'Your plans' }, LAZY);
    await user.click(screen.getByRole('button', { name: /^Cancel plan/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel Plan' }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason (optional)' }), 'Moving away');
    await user.click(dialog.getByRole('button', { name: 'Cancel Plan' }));
    expect(await dialog.findByText('Something went wrong.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel Plan' }));
    expect(await screen.findByText('Your plan with Sparkle Cleaning was cancelled.')).toBeInTheDocument();
    expect(callsTo(calls, plansApi.cancel, { id: 9 }).map((c) => c.body)).toEqual([
      { reason: 'Moving away' },
      { reason: 'Moving away' },
    ]);
    const card = within(screen.getByRole('listitem', { name: /Sparkle Cleaning · Every 2 weeks/ }));
    expect(card.queryByRole('button', { name: /Cancel plan/ })).not.toBeInTheDocument();
  });
});
