/** The steps of a checkout on the provider page, shared by checkout.spec.ts and cluster-failover.spec.ts. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Red Rock Maids, a demo house cleaner with payouts active (5 bedrooms and 3 bathrooms price at $234.60). */
export const VENDOR_PATH = '/vendors/2';
/** A test card's expiry in the future: "12 / YY". */
export const EXPIRY = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** The figure beside its term in a definition list. */
export const figure = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

/** Prices 5 bedrooms and 3 bathrooms ($234.60 with the other answers as they come). */
export async function price(page: Page) {
  await page.getByRole('button', { name: /^(Get Price|Edit Service)$/ }).click();
  const form = page.getByRole('form', { name: 'Instant pricing' });
  await form.getByRole('combobox', { name: 'Bedrooms' }).selectOption({ label: '5 bedrooms' });
  await form.getByRole('combobox', { name: 'Bathrooms' }).selectOption({ label: '3 bathrooms' });
  await expect(figure(form, 'Subtotal')).toHaveText('$234.60');
  return form;
}

/** Continue on the priced answers, then the first free time: the Summary opens. */
export async function schedule(page: Page, form: Locator) {
  await form.getByRole('button', { name: 'Continue' }).click();
  const scheduling = page.getByRole('region', { name: 'Scheduling' });
  await scheduling.getByRole('group', { name: 'Hour', exact: true }).getByRole('button').first().click();
  await scheduling
    .getByRole('group', { name: /^Minute/ })
    .getByRole('button')
    .first()
    .click();
  await scheduling.getByRole('button', { name: /^Continue — / }).click();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toBeVisible();
  return summary;
}

export async function checkout(summary: Locator) {
  await summary.getByRole('button', { name: 'Checkout', exact: true }).click();
}

export async function payWithCard(payment: Locator, number: string, { save = false } = {}) {
  await expect(payment.getByText('Test mode', { exact: true })).toBeVisible();
  await payment.getByLabel('Card number').fill(number);
  await payment.getByLabel('Expiry (MM / YY)').fill(EXPIRY);
  await payment.getByLabel('CVC', { exact: true }).fill('123');
  if (save) await payment.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  await payment.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click();
}

export const status = (payment: Locator) => payment.getByRole('status', { name: 'Payment status' });
