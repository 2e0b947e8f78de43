import { expect, test } from './csp-guard';
import { type Locator, type Page } from '@playwright/test';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { apiGet } from './api';
import { signIn } from './helpers';

const VENDOR = 'Sparkle & Shine Home Cleaning';

/** The figure beside its term in the Subtotal/Duration list. */
const figure = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

async function openPricing(page: Page) {
  await page.goto('/services?category=house_cleaning');
  await page
    .getByRole('link', { name: new RegExp(VENDOR) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: VENDOR })).toBeVisible();
  await page.getByRole('button', { name: 'Get Price' }).click();
  return page.getByRole('form', { name: 'Instant pricing' });
}

test('a guest answers a house-cleaning vendor’s questions, sees the price live, and Continue opens scheduling', async ({
  page,
}) => {
  const form = await openPricing(page);
  const subtotal = figure(form, 'Subtotal');
  const duration = figure(form, 'Duration');
  const cont = form.getByRole('button', { name: 'Continue' });
  await expect(
    form.getByText(
      'In cases where an adjustment is necessary, it will be confirmed with you prior to your service.',
    ),
  ).toBeVisible();
  await expect(
    form.getByText(
      'The provided time is an estimate, additional technicians may decrease time significantly.',
    ),
  ).toBeVisible();

  await expect(cont).toBeDisabled();
  await form.getByRole('combobox', { name: 'Bedrooms' }).selectOption({ label: '2 bedrooms' });
  await form.getByRole('combobox', { name: 'Bathrooms' }).selectOption({ label: '2 bathrooms' });
  const before = await subtotal.textContent();
  const beforeDuration = await duration.textContent();
  await form.getByRole('combobox', { name: 'Bedrooms' }).selectOption({ label: '5 bedrooms' });
  await expect(subtotal).not.toHaveText(before!);
  await expect(duration).not.toHaveText(beforeDuration!);
  await expect(subtotal).toHaveText(/^\$\d+\.\d\d$/);

  await form
    .getByRole('radiogroup', { name: 'Home condition' })
    .getByRole('radio', { name: /Deep clean/ })
    .check();
  await form.getByRole('textbox', { name: 'Additional Instructions (Optional)' }).fill('Gate code 1234');
  const shown = await subtotal.textContent();
  await expect(cont).toBeEnabled();
  await cont.click();

  await expect(page.getByRole('region', { name: 'Scheduling' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Service' })).toBeVisible();
  // The server priced the booking from the same answers: the guest's session now holds it.
  const session = await apiGet(page.request, sessionApi.current);
  expect(session.bookings).toHaveLength(1);
  expect(session.bookings[0]).toMatchObject({ status: 'priced', customerNotes: 'Gate code 1234' });
  expect(`$${session.bookings[0]!.price.toFixed(2)}`).toBe(shown);
});

test('the vendor fixes a formula typo, saves, and the customer’s price follows', async ({
  page,
  browser,
}) => {
  await signIn(page, 'vendor@example.com');
  await page.goto('/dashboard/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing Preferences' })).toBeVisible();
  const options = page.getByRole('region', { name: 'Options' });
  await expect(options.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await options.getByRole('button', { name: 'Edit Formula' }).click();

  const modal = page.getByRole('dialog', { name: 'Pricing Formula' });
  const formula = modal.getByRole('textbox', { name: 'Formula' });
  await formula.fill('200 + * BEDROOMS');
  await expect(modal.getByText(/Unexpected "\*" at position 6/)).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Test' })).toBeDisabled();
  await expect(modal.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await formula.fill('200 + BEDROOMS * 100');
  await expect(modal.getByText(/Unexpected/)).toHaveCount(0);
  await modal.getByRole('button', { name: 'Apply' }).click();
  await expect(modal).toBeHidden();
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(options.getByText('Saved')).toBeVisible();

  // A guest in another browser now gets the new price: 3 bedrooms → $500.00.
  const guest = await browser.newPage();
  const form = await openPricing(guest);
  await form.getByRole('combobox', { name: 'Bedrooms' }).selectOption({ label: '3 bedrooms' });
  await form.getByRole('combobox', { name: 'Bathrooms' }).selectOption({ label: '1 bathroom' });
  await expect(figure(form, 'Subtotal')).toHaveText('$500.00');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(guest.getByRole('region', { name: 'Scheduling' })).toBeVisible();
  const session = await apiGet(guest.request, sessionApi.current);
  expect(session.bookings[0]!.price).toBe(500);
  await guest.close();
});
