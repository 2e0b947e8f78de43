import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerPlansResponseSchema, PLAN_MANAGE_MESSAGES, type CustomerPlan } from '@stg/domain/api/plans';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { at } from '../../../test/mock-api';
import { urlOf } from '../../../lib/api-client';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { makeOrderAvailability } from '../test-fixtures';
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
        usualWeekday: 2,
        usualStartMinutes: 9 * 60,
        frequencyOptions: [
          { frequency: 'every_2_weeks', discountPercent: 10, pricePerVisit: 112.5 },
          { frequency: 'every_4_weeks', discountPercent: 5, pricePerVisit: 118.75 },
        ],
        priceProposal: null,
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

describe('a new price from the provider', () => {
  const proposal = { version: '15000-10', pricePerVisit: 135, discountPercent: 10, fromDate: '2030-01-15' };

  it('says "New price from …: $… a visit — Accept"; accepting confirms first, sends the version and shows the new price', async () => {
    const plan: CustomerPlan = { ...makePlan(), priceProposal: proposal };
    const accepted: CustomerPlan = { ...makePlan(), pricePerVisit: 135 };
    const { user, calls } = showOrders([makeCustomerOrder({ id: 2 })], {
      [at(plansApi.customerPlans)]: [{ body: { plans: [plan] } }, { body: { plans: [accepted] } }],
      [at(plansApi.acceptPrice, { id: 9 })]: { body: { plan: accepted } },
    });
    await screen.findByRole('region', { name: 'Your plans' }, LAZY);
    const card = within(screen.getByRole('listitem', { name: 'Sparkle Cleaning · Every 2 weeks' }));
    expect(card.getByText(/^New price from Jan 15th: \$135\.00 a visit —/)).toBeInTheDocument();
    const opener = card.getByRole('button', { name: 'Accept the new price for Sparkle Cleaning' });
    await user.click(opener);
    let dialog = within(await screen.findByRole('dialog', { name: 'Accept New Price' }));
    expect(dialog.getByText(/Until you accept, your plan keeps its price\./)).toBeInTheDocument();
    // Keeping the price sends nothing and gives the focus back.
    await user.click(dialog.getByRole('button', { name: 'Keep Current Price' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(callsTo(calls, plansApi.acceptPrice, { id: 9 })).toHaveLength(0);

    await user.click(opener);
    dialog = within(await screen.findByRole('dialog', { name: 'Accept New Price' }));
    await user.click(dialog.getByRole('button', { name: 'Accept New Price' }));
    expect(
      await screen.findByText('Your plan with Sparkle Cleaning is now $135.00 a visit.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, plansApi.acceptPrice, { id: 9 }).map((c) => c.body)).toEqual([
      { version: '15000-10' },
    ]);
    const after = within(screen.getByRole('listitem', { name: 'Sparkle Cleaning · Every 2 weeks' }));
    expect(after.queryByText(/New price from/)).not.toBeInTheDocument();
    expect(after.getByText(/^\$135\.00 a visit, save 10%/)).toBeInTheDocument();
  });

  it("shows the server's refusal of a stale price in the dialog", async () => {
    const plan: CustomerPlan = { ...makePlan(), priceProposal: proposal };
    const { user } = showOrders([makeCustomerOrder({ id: 2 })], {
      [at(plansApi.customerPlans)]: { body: { plans: [plan] } },
      [at(plansApi.acceptPrice, { id: 9 })]: {
        status: 409,
        body: { errors: [PLAN_MANAGE_MESSAGES.priceProposalStale] },
      },
    });
    await screen.findByRole('region', { name: 'Your plans' }, LAZY);
    await user.click(screen.getByRole('button', { name: /^Accept the new price/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept New Price' }));
    await user.click(dialog.getByRole('button', { name: 'Accept New Price' }));
    expect(await dialog.findByText(PLAN_MANAGE_MESSAGES.priceProposalStale)).toBeInTheDocument();
  });

  it('shows no proposal line when there is none', async () => {
    showOrders([makeCustomerOrder({ id: 2 })], {
      [at(plansApi.customerPlans)]: { body: { plans: [makePlan()] } },
    });
    await screen.findByRole('region', { name: 'Your plans' }, LAZY);
    expect(screen.queryByText(/New price from/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
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

describe('moving a plan’s visits from Orders', () => {
  const availability = makeOrderAvailability();

  it('reschedules a held visit to a free time: the plan’s free times, a refused time, then the move', async () => {
    const plan = makePlan();
    const moved: CustomerPlan = {
      ...plan,
      visits: plan.visits.map((v) => (v.id === 2 ? { ...v, appointmentAt: '2026-12-03T17:00:00.000Z' } : v)),
    };
    const { user, calls } = showOrders([makeCustomerOrder({ id: 2 })], {
      [at(plansApi.customerPlans)]: [{ body: { plans: [plan] } }, { body: { plans: [moved] } }],
      [at(plansApi.availability, { id: 9 })]: { body: availability },
      [at(plansApi.rescheduleVisit, { id: 9, visitId: 2 })]: [
        { status: 422, body: { errors: [SCHEDULING_MESSAGES.appointmentUnavailable] } },
        { body: { plan: moved } },
      ],
    });
    await screen.findByRole('region', { name: 'Your plans' }, LAZY);
    await user.click(screen.getByRole('button', { name: /^Reschedule the visit on/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reschedule Visit' }));
    await dialog.findByRole('grid');
    expect(callsTo(calls, plansApi.availability, { id: 9 }).map((c) => c.path)).toEqual([
      urlOf(plansApi.availability, { params: { id: 9 }, query: { visit_id: '2' } }),
    ]);
    await user.click(dialog.getByRole('button', { name: 'Thursday, December 3, 2026' }));
    await user.click(dialog.getByRole('button', { name: '10:00 am' }));
    await user.click(dialog.getByRole('button', { name: 'Reschedule to Dec 3rd, 10:00am' }));
    expect(await dialog.findByText(SCHEDULING_MESSAGES.appointmentUnavailable)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Reschedule to Dec 3rd, 10:00am' }));
    expect(
      await screen.findByText('Your visit with Sparkle Cleaning is now Dec 3rd, 10:00am (Mountain Time).'),
    ).toBeInTheDocument();
    expect(callsTo(calls, plansApi.rescheduleVisit, { id: 9, visitId: 2 }).map((c) => c.body)).toEqual([
      { appointmentAt: '2026-12-03T10:00:00-07:00' },
      { appointmentAt: '2026-12-03T10:00:00-07:00' },
    ]);
  });

  it('offers "Pick a new time" for a visit that needs one', async () => {
    const plan = makePlan();
    const { user } = showOrders([makeCustomerOrder({ id: 2 })], {
      [at(plansApi.customerPlans)]: { body: { plans: [plan] } },
      [at(plansApi.availability, { id: 9 })]: { body: availability },
    });
    await screen.findByRole('region', { name: 'Your plans' }, LAZY);
    await user.click(screen.getByRole('button', { name: /^Pick a new time for the visit on/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reschedule Visit' }));
    expect(dialog.getByText(/This visit needs a new time/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Not Now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes the frequency and the usual time from a first visit, with each frequency’s price', async () => {
    const plan = makePlan();
    const changed: CustomerPlan = {
      ...plan,
      frequency: 'every_4_weeks',
      pricePerVisit: 118.75,
      discountPercent: 5,
    };
    const { user, calls } = showOrders([makeCustomerOrder({ id: 2 })], {
      [at(plansApi.customerPlans)]: [{ body: { plans: [plan] } }, { body: { plans: [changed] } }],
      [at(plansApi.availability, { id: 9 })]: { body: availability },
      [at(plansApi.changeSchedule, { id: 9 })]: { body: { plan: changed } },
    });
    await screen.findByRole('region', { name: 'Your plans' }, LAZY);
    await user.click(screen.getByRole('button', { name: /^Change schedule/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change Schedule' }));
    await dialog.findByRole('grid');
    expect(callsTo(calls, plansApi.availability, { id: 9 }).map((c) => c.path)).toEqual([
      urlOf(plansApi.availability, { params: { id: 9 }, query: {} }),
    ]);
    const often = within(dialog.getByRole('group', { name: 'How often?' }));
    expect(
      often.getByRole('radio', { name: 'Every 2 weeks — $112.50 a visit, save 10% (your plan)' }),
    ).toBeChecked();
    await user.click(often.getByRole('radio', { name: 'Every 4 weeks — $118.75 a visit, save 5%' }));
    await user.click(dialog.getByRole('button', { name: 'Thursday, December 3, 2026' }));
    await user.click(dialog.getByRole('button', { name: '10:00 am' }));
    expect(dialog.getByRole('status')).toHaveTextContent(
      'New schedule: Every 4 weeks on Thursdays at 10:00am, first visit Dec 3rd, 10:00am (Mountain Time), $118.75 a visit, save 5%.',
    );
    await user.click(dialog.getByRole('button', { name: 'Change Schedule' }));
    expect(
      await screen.findByText(
        'Your plan with Sparkle Cleaning is now Every 4 weeks on Thursdays at 10:00am, from Dec 3rd, 10:00am.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(calls, plansApi.changeSchedule, { id: 9 }).map((c) => c.body)).toEqual([
      { frequency: 'every_4_weeks', firstVisitAt: '2026-12-03T10:00:00-07:00' },
    ]);
  });
});
