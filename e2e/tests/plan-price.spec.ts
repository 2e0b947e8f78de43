import { expect, test } from './csp-guard';
import { type Page } from '@playwright/test';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { apiFetch, apiGet, apiSend } from './api';
import { DEMO_PASSWORD, fillCustomerSignUp, seriousViolations, uniqueEmail } from './helpers';

/**
 * ADR 0037 step 3d: a customer's plan keeps its price when the vendor raises its minimum; the plan card
 * offers "New price from …: $… a visit — Accept", and accepting (after the confirmation) makes it the
 * plan's price. Screenshots of the card at 1280 and 375 px go to test-results/.
 */
const VENDOR_PATH = '/vendors/2';
const VENDOR_OWNER = 'owner.red-rock-maids@example.com';
const EXPIRY = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

async function buyPlan(page: Page) {
  await page.goto(VENDOR_PATH);
  await page.getByRole('button', { name: 'Get Price' }).click();
  const form = page.getByRole('form', { name: 'Instant pricing' });
  await form.getByRole('combobox', { name: 'Bedrooms' }).selectOption({ label: '5 bedrooms' });
  await form.getByRole('combobox', { name: 'Bathrooms' }).selectOption({ label: '3 bathrooms' });
  await form.getByRole('radio', { name: /^Every 2 weeks/ }).check();
  await form.getByRole('button', { name: 'Continue' }).click();
  const scheduling = page.getByRole('region', { name: 'Scheduling' });
  await scheduling.getByRole('group', { name: 'Hour', exact: true }).getByRole('button').first().click();
  await scheduling
    .getByRole('group', { name: /^Minute/ })
    .getByRole('button')
    .first()
    .click();
  await scheduling.getByRole('button', { name: /^Continue — / }).click();
  await page
    .getByRole('region', { name: 'Summary' })
    .getByRole('button', { name: 'Checkout', exact: true })
    .click();
  await fillCustomerSignUp(page.getByRole('dialog', { name: 'Booking Information' }), uniqueEmail('price'), {
    firstName: 'Pat',
    lastName: 'Pricer',
    phone: '4355550125',
    street: '310 N Main St',
  });
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry (MM / YY)').fill(EXPIRY);
  await payment.getByLabel('CVC', { exact: true }).fill('123');
  await payment.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(payment.getByRole('status', { name: 'Payment status' })).toHaveText('Payment success!');
  await payment.getByRole('link', { name: 'View your orders' }).click();
}

test('a vendor raises its minimum: the plan card offers the new price, accepted after a confirmation', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await buyPlan(page);
  const card = page
    .getByRole('region', { name: 'Your plans' })
    .getByRole('listitem', { name: /Every 2 weeks$/ });
  await expect(card.getByText(/a visit, save 10%/)).toBeVisible();
  await expect(card.getByText(/^New price from/)).toHaveCount(0);

  const vendorApi = await playwright.request.newContext({ baseURL });
  await apiSend(vendorApi, sessionApi.signIn, {
    body: { user: { email: VENDOR_OWNER, password: DEMO_PASSWORD } },
  });
  const { vendor } = await apiGet(vendorApi, sessionApi.current);
  if (!vendor) throw new Error(`${VENDOR_OWNER} signs in as a vendor`);
  const minPrice = (dollars: number) =>
    apiFetch(vendorApi, vendorsApi.update, {
      params: { id: vendor.id },
      body: { vendor: { id: vendor.id, minPrice: dollars } },
    });
  expect((await minPrice(400)).status()).toBe(200);
  try {
    await page.reload();
    await expect(card.getByText(/^New price from .+: \$360\.00 a visit —/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await card.screenshot({ path: 'test-results/plan-price-card-1280.png' });
    await page.setViewportSize({ width: 375, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: 'test-results/plan-price-card-375.png' });
    await page.setViewportSize({ width: 1280, height: 900 });

    await card.getByRole('button', { name: /^Accept the new price for / }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept New Price' });
    await expect(dialog.getByText(/Until you accept, your plan keeps its price\./)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.screenshot({ path: 'test-results/plan-price-dialog-1280.png' });
    await dialog.getByRole('button', { name: 'Accept New Price' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/is now \$360\.00 a visit\.$/)).toBeVisible();
    await expect(card.getByText(/^\$360\.00 a visit, save 10%/)).toBeVisible();
    await expect(card.getByText(/^New price from/)).toHaveCount(0);
  } finally {
    // Red Rock Maids' seeded minimum (demo-vendors.ts), for the journeys after this one.
    await minPrice(85);
  }
});
