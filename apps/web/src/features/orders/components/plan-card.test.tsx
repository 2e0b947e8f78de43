import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerPlansResponseSchema, type CustomerPlan } from '@stg/domain/api/plans';
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
        makeCustomerOrder({ id: 1, appointmentAt: plan.visits[0]!.appointmentAt }),
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
