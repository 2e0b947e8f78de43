/**
 * A new business's way through sign-up and Setup, shared by the vendor journeys (vendor-onboarding and
 * vendor-ready-to-sell).
 */
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

const IMAGES = path.join(import.meta.dirname, '..', 'fixtures', 'images');
const image = (name: string) => path.join(IMAGES, name);
const GALLERY = ['gallery-1.jpg', 'gallery-2.png', 'gallery-3.webp', 'gallery-4.jpg'].map(image);

/** Sandbox payouts: the test bank numbers of Stripe's test mode. */
const ROUTING_NUMBER = '110000000';
const ACCOUNT_NUMBER = '000123456789';

/** Every image in `scope` has loaded and decoded (a broken upload has no natural width). */
export async function expectImagesLoaded(images: Locator, count: number) {
  await expect(images).toHaveCount(count);
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
  }
}

export async function signUpVendor(page: Page, email: string, business: string) {
  await page.goto('/vendor-onboarding');
  await page.getByRole('banner').getByRole('button', { name: 'List Your Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'List Your Service' });

  await expect(dialog.getByText('Step 1 of 3')).toBeVisible();
  const next = dialog.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await dialog.getByLabel('First Name').fill('Casey');
  await dialog.getByLabel('Last Name').fill('Canyon');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone Number').fill('4355550142');
  await next.click();

  await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await dialog.getByLabel('Category').selectOption({ label: 'Window Cleaning' });
  await dialog.getByLabel('Business Name').fill(business);
  await dialog.getByLabel('Business Phone').fill('4355550143');
  await dialog.getByLabel('Business Email').fill(`office.${email}`);
  await dialog.getByLabel('Street Address', { exact: true }).fill('300 E Tabernacle St');
  await dialog.getByLabel('City').fill('St George');
  await expect(dialog.getByLabel('State')).toHaveValue('UT');
  await dialog.getByLabel('Zip Code').selectOption('84770');
  await next.click();

  await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();

  // After vendor sign-up the user goes to /, and a listing in setup is held on the setup.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/setup/);
  await expect(page.getByRole('banner').getByText(`Hi, ${business}`)).toBeVisible();
}

/**
 * Setup's first four steps (spec §2): a logo and a banner, four gallery images (JPEG, PNG and WebP), the
 * calendar skipped, sandbox payouts; Continue then leads to Pricing.
 */
export async function setUpBrandingImagesCalendarPayouts(page: Page) {
  const main = page.getByRole('main');
  const continueButton = main.getByRole('button', { name: 'Continue' });

  // 1. Logo and Branding: a logo and a banner, each previewed once stored
  await expect(main.getByRole('heading', { name: 'Logo and Branding' })).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await main.getByLabel('Upload logo').setInputFiles(image('logo.png'));
  await expectImagesLoaded(main.getByRole('img', { name: 'Your logo' }), 1);
  await main.getByLabel('Upload banner').setInputFiles(image('banner.jpg'));
  await expectImagesLoaded(main.getByRole('img', { name: /^Your banner/ }), 2);
  await expect(continueButton).toBeEnabled();
  await continueButton.click();

  // 2. Upload Images: four at once (JPEG, PNG and WebP)
  await expect(main.getByRole('heading', { name: 'Upload Images' })).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await main.getByLabel('Add images').setInputFiles(GALLERY);
  await expectImagesLoaded(main.getByRole('img', { name: /^Gallery image \d+$/ }), 4);
  await expect(continueButton).toBeEnabled();
  await continueButton.click();

  // 3. Calendar Integration (recommended): skipped
  await expect(main.getByRole('heading', { name: 'Calendar Integration (recommended)' })).toBeVisible();
  await main.getByRole('link', { name: 'Skip' }).click();

  // 4. Payouts: the sandbox's onboarding form with the test bank numbers
  await expect(main.getByRole('heading', { name: 'Payouts', exact: true })).toBeVisible();
  await main.getByRole('button', { name: 'Connect your bank' }).click();
  await main.getByLabel('Account holder name').fill('Casey Canyon');
  await main.getByLabel('Routing number').fill(ROUTING_NUMBER);
  await main.getByLabel('Account number').fill(ACCOUNT_NUMBER);
  await main.getByRole('checkbox', { name: 'I accept the services agreement' }).check();
  await main.getByRole('button', { name: 'Connect bank account' }).click();
  await expect(main.getByText('STRIPE TEST BANK account ending in 6789').first()).toBeVisible();
  await expect(continueButton).toBeEnabled();
  await continueButton.click();
  await expect(main.getByRole('heading', { name: 'Pricing', exact: true })).toBeVisible();
}

export async function vendorLogOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
}

export async function customerLogOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
}
