/**
 * ADR 0037 step 2 on the web: a plan's booking in the Summary (the plan, the first and next visits, the
 * price per visit with the service charge, when each visit is charged), and its checkout (the consent
 * beside Pay instead of the save choice).
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { at } from '../../../test/mock-api';
import { LAZY } from '../../../test/render-app';
import { customerWithBooking, makeIntent, scheduledBooking, startCheckoutPage } from '../test-fixtures';
import { orderConfirmations } from '../../../lib/cable';

// No socket in jsdom: the live confirmation waits on nothing (a spy, restored after each test).
beforeEach(() => {
  vi.spyOn(orderConfirmations, 'subscribe').mockImplementation(() => () => undefined);
});

const CONSENT =
  'By paying you agree that $105.69 ($103.14 for the visit and $2.55 service charge) will be charged for each later visit of your every 2 weeks plan with Sparkle Cleaning to this card, 24 hours before it, when its cancellation window closes; skip, pause or cancel in Orders before then.';

/** Booking 55 as a plan's first visit: Tuesday, November 24th 2026 at 8:05am, $103.14 a visit (10% off). */
const planBooking = () =>
  scheduledBooking({ price: 103.14, plan: { frequency: 'every_2_weeks', discountPercent: 10 } });

describe('a plan in the Summary and its checkout', () => {
  it('shows the plan, the first and next three visits, the price per visit and when each is charged', async () => {
    const { user } = startCheckoutPage({ session: customerWithBooking(planBooking()) });
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    const term = (name: string) => summary.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term('Plan')).toHaveTextContent('Every 2 weeks');
    expect(term('First visit')).toHaveTextContent('Nov 24th, 8:05am (Mountain Time)');
    expect(
      within(term('Next visits') as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dec 8th, 8:05am', 'Dec 22nd, 8:05am', 'Jan 5th, 8:05am']);
    expect(term('Price per visit')).toHaveTextContent('$103.14 (save 10%)');
    expect(term('Service Charge')).toHaveTextContent('$2.55');
    expect(term('Total per visit')).toHaveTextContent('$105.69');
    expect(
      summary.getByText('Each visit is charged 24 hours before it, when its cancellation window closes.'),
    ).toBeInTheDocument();
    expect(summary.queryByText('Appointment', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows the consent beside Pay, and no save choice (the card is saved for the plan)', async () => {
    const { user } = startCheckoutPage({
      session: customerWithBooking(planBooking()),
      routes: {
        [at(paymentsApi.createPaymentIntent)]: {
          body: makeIntent({ price: 105.69, subtotal: 103.14, saveCard: true, planConsent: CONSENT }),
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    const summary = screen.getByRole('region', { name: 'Summary' });
    await user.click(within(summary).getByRole('button', { name: 'Checkout' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment' }, LAZY));
    const pay = await dialog.findByRole('button', { name: 'Pay $105.69' }, { timeout: 5_000 });
    expect(dialog.getByText(CONSENT)).toBeInTheDocument();
    expect(pay).toHaveAccessibleDescription(CONSENT);
    expect(dialog.queryByRole('checkbox', { name: 'Save this card for next time' })).not.toBeInTheDocument();
  });
});
