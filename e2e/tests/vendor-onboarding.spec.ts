import { expect, test } from './csp-guard';
import { type Page } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, uniqueEmail } from './helpers';
import {
  customerLogOut,
  expectImagesLoaded,
  setUpBrandingImagesCalendarPayouts,
  signUpVendor,
  vendorLogOut,
} from './vendor-setup-journey';

/**
 * Issue 11, end to end: a new business signs up in three steps, sets up its listing with real image files,
 * skips the calendar, connects sandbox payouts and submits; the operator approves it; it is in the
 * catalog with its images; the vendor deactivates it with the password and it leaves the catalog.
 */

async function setUpListing(page: Page) {
  const main = page.getByRole('main');
  const continueButton = main.getByRole('button', { name: 'Continue' });
  await setUpBrandingImagesCalendarPayouts(page);

  // 5 and 6. Pricing and Scheduling Rules: the category's defaults from sign-up are ready (ADR 0032).
  await expect(main.getByText(/^A typical customer would pay \$/)).toBeVisible();
  await continueButton.click();
  await expect(main.getByRole('heading', { name: 'Scheduling Rules' })).toBeVisible();
  await continueButton.click();

  // 7. Next Steps: the service description (a listing is submitted only with one, ADR 0032), then Submit
  // for Review.
  await expect(main.getByRole('heading', { name: 'Next Steps' })).toBeVisible();
  await main
    .getByRole('textbox', { name: 'Service description' })
    .fill('Streak-free windows, screens and tracks across St George.');
  await main.getByRole('button', { name: 'Save description' }).click();
  await expect(main.getByText('Saved', { exact: true })).toBeVisible();
  await main.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(main.getByRole('button', { name: 'Submitted' })).toBeDisabled();
  await expect(main.getByText('Your listing is under review.')).toBeVisible();
}

async function approveAsOperator(page: Page, business: string) {
  await signIn(page, 'operator@example.com');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Listing Review' }).click();
  await expect(page).toHaveURL(/\/operator\/listings$/);

  const listing = page.getByRole('article', { name: business });
  await expect(listing).toBeVisible();
  // The operator sees what was uploaded.
  await expectImagesLoaded(listing.getByRole('img', { name: `${business} logo` }), 1);
  await expectImagesLoaded(listing.getByRole('img', { name: `${business} banner` }), 1);
  await expectImagesLoaded(listing.getByRole('img', { name: /gallery image/ }), 4);
  await expect(listing.getByText('(435) 555-0143')).toBeVisible();
  await expect(listing.getByText('Skipped')).toBeVisible();
  await expect(listing.getByText(/^Connected/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await listing.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').getByText(`${business} is approved and now live.`)).toBeVisible();
  await expect(listing).toHaveCount(0);
}

/** The listing's card on the landing page, in its category. */
const landingCard = (page: Page, business: string) =>
  page.getByRole('region', { name: 'Window Cleaning' }).getByRole('link', { name: new RegExp(business) });

test('a new business signs up, sets up, is approved, goes live, and deactivates', async ({ page }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('canyon-glass');
  const business = `Canyon Glass ${Date.now() % 100_000}`;

  await signUpVendor(page, email, business);
  await setUpListing(page);
  await vendorLogOut(page);

  // Not in the catalog while under review.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Window Cleaning' })).toBeVisible();
  await expect(landingCard(page, business)).toHaveCount(0);

  await approveAsOperator(page, business);
  await customerLogOut(page);

  // Live: on the landing page and the services page, and its page shows the uploaded images.
  await page.goto('/');
  await expect(landingCard(page, business)).toBeVisible();
  await page.goto('/services?category=window_cleaning');
  const servicesCard = page.getByRole('main').getByRole('link', { name: new RegExp(business) });
  await expect(servicesCard).toBeVisible();
  await servicesCard.click();
  await expect(page).toHaveURL(/\/vendors\/\d+$/);
  const providerPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: business, level: 1 })).toBeVisible();
  await expectImagesLoaded(page.getByRole('main').getByRole('img', { name: `${business} logo` }), 1);
  await expectImagesLoaded(page.getByRole('main').getByRole('img', { name: /work sample/ }), 4);

  // The vendor deactivates the listing with the password.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await page
    .getByRole('navigation', { name: 'Vendor portal sections' })
    .getByRole('link', { name: 'General' })
    .click();
  await expect(page.getByRole('heading', { name: 'General Settings', level: 1 })).toBeVisible();
  const status = page.getByRole('region', { name: 'Listing Status' });
  await status.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Listing' });
  await confirm.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(status.getByText('Inactive', { exact: true })).toBeVisible();
  await vendorLogOut(page);

  // Gone from the catalog, and its page answers as unknown: back to /.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Window Cleaning' })).toBeVisible();
  await expect(landingCard(page, business)).toHaveCount(0);
  await page.goto('/services?category=window_cleaning');
  await expect(page.getByRole('heading', { name: 'Window Cleaning' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(business) })).toHaveCount(0);
  await page.goto(providerPath);
  await expect(page).toHaveURL(/\/$/);
});

test('the vendor sign-up form has no serious accessibility violations on any step', async ({ page }) => {
  await page.goto('/vendor-onboarding');
  await page.getByRole('banner').getByRole('button', { name: 'List Your Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'List Your Service' });
  await expect(dialog.getByText('Step 1 of 3')).toBeVisible();
  // A message shown, too.
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Phone Number').focus();
  await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('First Name').fill('Casey');
  await dialog.getByLabel('Last Name').fill('Canyon');
  await dialog.getByLabel('Email').fill(uniqueEmail('a11y'));
  await dialog.getByLabel('Phone Number').fill('4355550142');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('Category').selectOption({ label: 'House Cleaning' });
  await dialog.getByLabel('Business Name').fill('A11y Cleaning');
  await dialog.getByLabel('Business Phone').fill('4355550143');
  await dialog.getByLabel('Business Email').fill(uniqueEmail('a11y-office'));
  await dialog.getByLabel('Street Address', { exact: true }).fill('1 Main St');
  await dialog.getByLabel('City').fill('St George');
  await dialog.getByLabel('Zip Code').selectOption('84790');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Back keeps what was typed; Escape closes without signing anybody up.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByLabel('Business Name')).toHaveValue('A11y Cleaning');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('@mobile the vendor sign-up form and the listing review fit 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/vendor-onboarding');
  await page.getByRole('banner').getByRole('button', { name: 'List Your Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'List Your Service' });
  await expect(dialog.getByText('Step 1 of 3')).toBeVisible();
  const next = await dialog.getByRole('button', { name: 'Next' }).boundingBox();
  expect(next).not.toBeNull();
  expect(next!.x + next!.width).toBeLessThanOrEqual(375);
  await page.keyboard.press('Escape');

  await signIn(page, 'operator@example.com');
  await page.goto('/operator/listings');
  await expect(page.getByRole('heading', { name: 'Listing Review', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
