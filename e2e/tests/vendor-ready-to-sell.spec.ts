import { expect, test } from './csp-guard';
import { type Locator, type Page } from '@playwright/test';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { apiGet } from './api';
import { seriousViolations, signIn, uniqueEmail } from './helpers';
import {
  customerLogOut,
  setUpBrandingImagesCalendarPayouts,
  signUpVendor,
  vendorLogOut,
} from './vendor-setup-journey';

/**
 * Issue 25 §1, end to end ("Done when"): a new business signs up and fills every Setup step (logo, images,
 * calendar skipped, sandbox payouts, pricing, scheduling rules, description and appointment instructions)
 * and submits; an operator sends it back with a reason; the vendor sees it, fixes the pricing in Setup and
 * submits again; the operator approves; a customer then gets a real instant price from the category's
 * questions, not the $35.00 minimum for 1.0 hr.
 */

/** Window Cleaning's default formula (packages/domain pricing-defaults), and the vendor's fix of it. */
const DEFAULT_FORMULA = '30 + WINDOWS * 4 * SIDES + max(0, STORIES - 1) * 25';
const FIXED_FORMULA = '50 + WINDOWS * 4 * SIDES + max(0, STORIES - 1) * 25';
const REASON = 'A visit costs at least $50 before any window: raise the base of your pricing formula.';

/** The figure beside its term in the Subtotal/Duration list. */
const figure = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

const sampleQuote = (scope: Locator) => scope.getByText(/^A typical customer would pay \$/);

/** Setup's Pricing step: Pricing Preferences' formula editor, applied, then saved. */
async function saveFormula(main: Locator, page: Page, formula: string) {
  const options = main.getByRole('region', { name: 'Options' });
  await options.getByRole('button', { name: 'Edit Formula' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pricing Formula' });
  await dialog.getByRole('textbox', { name: 'Formula' }).fill(formula);
  await expect(dialog.getByText('The formula is valid.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(options.getByText('Saved', { exact: true })).toBeVisible();
}

async function fillPricingAndScheduling(page: Page) {
  const main = page.getByRole('main');
  const continueButton = main.getByRole('button', { name: 'Continue' });

  // 5. Pricing: the category's questions and formula from sign-up, and what a typical customer would pay
  // (15 windows, inside & outside, 1 story: 30 + 15 × 4 × 1.8 = $138, 237 minutes at $35 an hour).
  await expect(sampleQuote(main)).toHaveText('A typical customer would pay $138.00, 4.0 hrs.');
  await expect(main.getByRole('region', { name: 'Options' }).getByText(DEFAULT_FORMULA)).toBeVisible();
  await expect(main.getByRole('slider', { name: 'Number of windows' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // A formula error is shown as the vendor types, and nothing can be applied.
  await main.getByRole('button', { name: 'Edit Formula' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pricing Formula' });
  await dialog.getByRole('textbox', { name: 'Formula' }).fill('30 + WINDOW * 4');
  await expect(dialog.getByText('Unknown variable "WINDOW" at position 5')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Use Saved Formula' }).click();
  await expect(dialog.getByText('The formula is valid.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The minimum price, saved; the sample quote is above it, so it does not change.
  const minPrice = main.getByRole('spinbutton', { name: 'Min Price' });
  await minPrice.fill('45');
  await main
    .getByRole('region', { name: 'Options' })
    .getByRole('button', { name: 'Save', exact: true })
    .click();
  await expect(
    main.getByRole('region', { name: 'Options' }).getByText('Saved', { exact: true }),
  ).toBeVisible();
  await expect(sampleQuote(main)).toHaveText('A typical customer would pay $138.00, 4.0 hrs.');
  await continueButton.click();

  // 6. Scheduling Rules: Scheduling Preferences' form, from the default rules.
  await expect(main.getByRole('heading', { name: 'Scheduling Rules' })).toBeVisible();
  await expect(main.getByRole('combobox', { name: 'Workday start' })).toHaveValue('08:00');
  await main.getByRole('combobox', { name: 'Gap between appointments' }).selectOption('45');
  await main.getByRole('combobox', { name: 'Workday end' }).selectOption('16:00');
  await main.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(main.getByText('Saved', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await continueButton.click();
}

async function describeAndSubmit(page: Page) {
  const main = page.getByRole('main');
  // 7. Next Steps: the description (required) and the appointment instructions, then Submit for Review.
  await expect(main.getByRole('heading', { name: 'Next Steps' })).toBeVisible();
  await expect(
    main.getByRole('link', { name: 'Add a service description before submitting for review.' }),
  ).toBeVisible();
  await expect(main.getByRole('button', { name: 'Submit for Review' })).toBeDisabled();
  await main
    .getByRole('textbox', { name: 'Service description' })
    .fill('Streak-free windows, screens and tracks across St George.');
  await main.getByRole('button', { name: 'Save description' }).click();
  await expect(main.locator('#setup-description').getByText('Saved', { exact: true })).toBeVisible();
  await main
    .getByRole('textbox', { name: 'Appointment instructions' })
    .fill('Please unlock side gates and move screens off the sills.');
  await main.getByRole('button', { name: 'Save instructions' }).click();
  await expect(main.locator('#setup-instructions').getByText('Saved', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(main.getByText('Your listing is under review.')).toBeVisible();
}

async function openListingReview(page: Page, business: string) {
  await signIn(page, 'operator@example.com');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Listing Review' }).click();
  await expect(page).toHaveURL(/\/operator\/listings$/);
  const listing = page.getByRole('article', { name: business });
  await expect(listing).toBeVisible();
  return listing;
}

test('a new business fills every Setup step, is sent back, fixes its pricing, is approved and sells at a real price', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('glass-act');
  const business = `Glass Act ${Date.now() % 100_000}`;

  await signUpVendor(page, email, business);
  await setUpBrandingImagesCalendarPayouts(page);
  await fillPricingAndScheduling(page);
  await describeAndSubmit(page);
  await vendorLogOut(page);

  // The operator sees the same sample quote, and sends the listing back with a reason.
  let listing = await openListingReview(page, business);
  await expect(sampleQuote(listing)).toContainText('$138.00');
  await listing.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject Listing' });
  await reject.getByRole('checkbox', { name: 'Pricing questions and formula' }).check();
  await reject.getByLabel('Reason').fill(REASON);
  await reject.getByRole('button', { name: 'Reject Listing' }).click();
  await expect(page.getByRole('status').getByText(`${business} was sent back to the vendor.`)).toBeVisible();
  await customerLogOut(page);

  // The vendor is back in Setup, sees what to fix, fixes it on the Pricing step and submits again.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/setup/);
  const main = page.getByRole('main');
  await expect(main.getByRole('note', { name: 'Changes requested' })).toContainText(REASON);
  await expect(main.getByRole('note', { name: 'Changes requested' })).toContainText(
    'Pricing questions and formula',
  );
  await expect(main.getByText('Account Status: Awaiting Submission')).toBeVisible();
  // What to fix links to the step that changes it (ADR 0034), now that Setup has a Pricing step.
  await main
    .getByRole('note', { name: 'Changes requested' })
    .getByRole('link', { name: 'Pricing questions and formula' })
    .click();
  await expect(main.getByRole('heading', { name: 'Pricing', exact: true })).toBeVisible();
  await saveFormula(main, page, FIXED_FORMULA);
  // 50 + 15 × 4 × 1.8 = $158, 271 minutes.
  await expect(sampleQuote(main)).toHaveText('A typical customer would pay $158.00, 4.5 hrs.');
  await page
    .getByRole('navigation', { name: 'Setup steps' })
    .getByRole('link', { name: /Scheduling/ })
    .click();
  await expect(main.getByRole('combobox', { name: 'Gap between appointments' })).toHaveValue('45');
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(main.getByRole('heading', { name: 'Next Steps' })).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Appointment instructions' })).toHaveValue(
    'Please unlock side gates and move screens off the sills.',
  );
  await main.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(main.getByText('Your listing is under review.')).toBeVisible();
  await vendorLogOut(page);

  // The operator sees the fixed price and approves.
  listing = await openListingReview(page, business);
  await expect(sampleQuote(listing)).toContainText('$158.00');
  await listing.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').getByText(`${business} is approved and now live.`)).toBeVisible();
  await customerLogOut(page);

  // A customer opens the provider page and gets a real instant price from the category's questions:
  // 15 windows, outside only, 1 story = 50 + 15 × 4 × 1 = $110.00 (not the $35.00 minimum for 1.0 hr).
  await page.goto('/services?category=window_cleaning');
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(business) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: business })).toBeVisible();
  await expect(page.getByText('Streak-free windows, screens and tracks across St George.')).toBeVisible();
  await page.getByRole('button', { name: 'Get Price' }).click();
  const form = page.getByRole('form', { name: 'Instant pricing' });
  await form.getByRole('radio', { name: 'Outside only' }).check();
  await form.getByRole('combobox', { name: 'Stories' }).selectOption({ label: '1 story' });
  await expect(figure(form, 'Subtotal')).toHaveText('$110.00');
  await expect(figure(form, 'Duration')).not.toHaveText('1.0 hr');
  await form.getByRole('radio', { name: 'Inside & outside' }).check();
  await expect(figure(form, 'Subtotal')).toHaveText('$158.00');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('region', { name: 'Scheduling' })).toBeVisible();
  // The server priced the booking from the same answers.
  const session = await apiGet(page.request, sessionApi.current);
  expect(session.bookings.at(-1)).toMatchObject({ status: 'priced', price: 158 });
});
