import { expect, test } from './csp-guard';
import { type Locator, type Page } from '@playwright/test';
import { fillCustomerSignUp, seriousViolations, uniqueEmail } from './helpers';

/**
 * Issue 26's journey (ADR 0037 step 2a): a guest prices a cleaning, chooses Every 2 weeks, signs up inside
 * Checkout, pays the first visit with the consent beside Pay, and sees the plan with its next dates in
 * Orders. Red Rock Maids is a demo house cleaner: its defaults offer every 2 weeks at 10% off.
 */
const VENDOR_PATH = '/vendors/2';
const EXPIRY = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

const figure = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

async function scheduleFirstFreeTime(page: Page) {
  const scheduling = page.getByRole('region', { name: 'Scheduling' });
  await scheduling.getByRole('group', { name: 'Hour', exact: true }).getByRole('button').first().click();
  await scheduling
    .getByRole('group', { name: /^Minute/ })
    .getByRole('button')
    .first()
    .click();
  await scheduling.getByRole('button', { name: /^Continue — / }).click();
}

test('a guest chooses Every 2 weeks, signs up inside Checkout, pays the first visit and sees the plan in Orders', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(VENDOR_PATH);
  await page.getByRole('button', { name: 'Get Price' }).click();
  const form = page.getByRole('form', { name: 'Instant pricing' });
  await form.getByRole('combobox', { name: 'Bedrooms' }).selectOption({ label: '5 bedrooms' });
  await form.getByRole('combobox', { name: 'Bathrooms' }).selectOption({ label: '3 bathrooms' });
  await expect(figure(form, 'Subtotal')).toHaveText('$234.60');
  await form.getByRole('radio', { name: /^Every 2 weeks/ }).check();
  await form.getByRole('button', { name: 'Continue' }).click();
  await scheduleFirstFreeTime(page);

  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(figure(summary, 'Plan')).toHaveText('Every 2 weeks');
  await expect(figure(summary, 'Price per visit')).toHaveText('$211.14 (save 10%)');
  await expect(figure(summary, 'Total per visit')).toHaveText('$213.69');
  await expect(figure(summary, 'Next visits').getByRole('listitem')).toHaveCount(3);
  await expect(
    summary.getByText('Each visit is charged 24 hours before it, when its cancellation window closes.'),
  ).toBeVisible();
  await summary.getByRole('button', { name: 'Checkout', exact: true }).click();

  const booking = page.getByRole('dialog', { name: 'Booking Information' });
  await fillCustomerSignUp(booking, uniqueEmail('plan'), {
    firstName: 'Pat',
    lastName: 'Planner',
    phone: '4355550124',
    street: '300 N Main St',
  });

  const payment = page.getByRole('dialog', { name: 'Payment' });
  await expect(payment.getByText('$213.69', { exact: true })).toBeVisible();
  await expect(payment.getByText(/^By paying you agree that \$213\.69/)).toBeVisible();
  await expect(payment.getByRole('checkbox', { name: 'Save this card for next time' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(payment.getByText('Test mode', { exact: true })).toBeVisible();
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry (MM / YY)').fill(EXPIRY);
  await payment.getByLabel('CVC', { exact: true }).fill('123');
  await payment.getByRole('button', { name: 'Pay $213.69' }).click();
  await expect(payment.getByRole('status', { name: 'Payment status' })).toHaveText('Payment success!');

  await payment.getByRole('link', { name: 'View your orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const plans = page.getByRole('region', { name: 'Your plans' });
  const card = plans.getByRole('listitem', { name: /Every 2 weeks$/ });
  await expect(card.getByText(/^\$211\.14 a visit, save 10% \+ \$2\.55 service charge/)).toBeVisible();
  const visits = card.locator('.plan-card__visit');
  await expect(visits.first()).toContainText('Booked');
  expect(await visits.count()).toBeGreaterThanOrEqual(3);
  await expect(visits.nth(1)).toContainText(/Held for you|Needs a new time/);
  await expect(page.getByText('Part of your Every 2 weeks plan')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
