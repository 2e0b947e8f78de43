import { expect, test } from './csp-guard';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { apiGet } from './api';
import { DEMO_PASSWORD, logOut, signIn, signUp, uniqueEmail } from './helpers';

test('a guest browses: landing, services filter, provider page gallery and reviews', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Browse Services' }).first().click();
  await expect(page).toHaveURL(/\/services/);
  const filters = page.getByRole('group', { name: 'Filter by category' });
  await filters.getByRole('button', { name: 'Pest Control' }).click();
  await expect(page).toHaveURL(/category=pest_control/);
  await expect(filters.getByRole('button', { name: 'Pest Control' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Red Cliffs Pest Defense').first()).toBeVisible();
  await expect(page.getByText('Sparkle & Shine Home Cleaning')).toHaveCount(0);

  await filters.getByRole('button', { name: 'House Cleaning' }).click();
  await expect(page).toHaveURL(/category=house_cleaning/);
  await page
    .getByRole('link', { name: /Sparkle & Shine Home Cleaning/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/vendors\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sparkle & Shine Home Cleaning' })).toBeVisible();
  await expect(page).toHaveTitle(/Sparkle & Shine Home Cleaning/);

  // The gallery carousel wraps around.
  const gallery = page.getByRole('region', { name: 'Gallery' });
  const thumbs = gallery.getByRole('button', { name: /View image \d+ of \d+/ });
  const total = await thumbs.count();
  expect(total).toBeGreaterThanOrEqual(4);
  await thumbs.first().click();
  const carousel = page.getByRole('dialog', { name: /gallery/ });
  await expect(carousel.getByText(`Image 1 of ${total}`)).toBeVisible();
  await carousel.getByRole('button', { name: 'Previous image' }).click();
  await expect(carousel.getByText(`Image ${total} of ${total}`)).toBeVisible();
  await carousel.getByRole('button', { name: 'Next image' }).click();
  await expect(carousel.getByText(`Image 1 of ${total}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(carousel).toBeHidden();

  // The review filters: turning Google off leaves only Servo reviews, and the reverse.
  const reviews = page.getByRole('region', { name: 'Reviews' });
  const filter = reviews.getByRole('group', { name: 'Filter reviews' });
  const google = filter.getByRole('button', { name: 'Google Reviews' });
  const servo = filter.getByRole('button', { name: 'Servo Reviews' });
  const all = await reviews.getByRole('button', { name: /Rated \d out of 5/ }).count();
  await google.click();
  await expect(google).toHaveAttribute('aria-pressed', 'false');
  const servoOnly = await reviews.getByRole('button', { name: /Rated \d out of 5/ }).count();
  await google.click();
  await servo.click();
  const googleOnly = await reviews.getByRole('button', { name: /Rated \d out of 5/ }).count();
  expect(servoOnly).toBeGreaterThan(0);
  expect(googleOnly).toBeGreaterThan(0);
  expect(servoOnly + googleOnly).toBe(all);
});

test('a guest signs up (a bad zip first), lands on /home, logs out and signs in again', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/');
  const dialog = await signUp(page, email, '84101');
  await expect(dialog.getByText('Zip code must be one of 84765, 84770, 84780, 84790.')).toBeVisible();
  await dialog.getByLabel('Zip Code').fill('84790');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: /200 N Main St/ })).toBeVisible();
  await logOut(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/home$/);
});

test('a customer edits their account and changes their password', async ({ page }) => {
  const email = uniqueEmail('account');
  await page.goto('/');
  await signUp(page, email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/account');

  const general = page.getByRole('region', { name: 'General' });
  await general.getByLabel('Phone Number').fill('123');
  await general.getByRole('button', { name: 'Save' }).click();
  await expect(general.getByText('Please enter a valid 10-digit phone number.')).toBeVisible();
  await general.getByLabel('First Name').fill('Jordan');
  await general.getByLabel('Phone Number').fill('4355550999');
  await general.getByRole('button', { name: 'Save' }).click();
  await expect(general.getByText('Saved')).toBeVisible();

  const address = page.getByRole('region', { name: 'Address' });
  await address.getByLabel('Street Address', { exact: true }).fill('455 E Tabernacle St');
  await address.getByRole('button', { name: 'Save' }).click();
  await expect(address.getByText('Saved')).toBeVisible();
  await expect(page.getByRole('link', { name: /455 E Tabernacle St/ })).toBeVisible();

  await page.getByRole('button', { name: 'Update Password' }).click();
  const modal = page.getByRole('dialog', { name: 'Update Password' });
  await modal.getByLabel('Current Password').fill(DEMO_PASSWORD);
  await modal.getByLabel('New Password', { exact: true }).fill('BrandNew-2026');
  await modal.getByLabel('Confirm New Password').fill('BrandNew-2026');
  await modal.getByRole('button', { name: 'Update Password' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Your password has been updated.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('region', { name: 'General' }).getByLabel('First Name')).toHaveValue('Jordan');
  await logOut(page);
  await signIn(page, email, 'BrandNew-2026');
  await expect(page).toHaveURL(/\/home$/);
});

test('a user resets a forgotten password through the emailed link', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await page.goto('/');
  await signUp(page, email);
  await expect(page).toHaveURL(/\/home$/);
  await logOut(page);

  await page.goto('/forgot-password');
  const send = page.getByRole('button', { name: 'Send Link' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  await send.click();
  await expect(
    page.getByText('If an account exists for that email, we have sent a link to reset your password.'),
  ).toBeVisible();

  // The development outbox holds the mail (it is sent just after the answer).
  let link = '';
  await expect
    .poll(async () => {
      const outbox = await apiGet(request, supportApi.outbox);
      const mail = outbox.messages.find((m) => m.to === email);
      link = mail?.text.match(/https?:\/\/\S+\/password\/reset\?token=[\w-]+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  const reset = page.getByRole('button', { name: 'Reset Password' });
  await page.getByLabel('New Password').fill('Recovered-2026');
  await page.getByLabel('Confirm Password').fill('Recovered-202');
  await expect(reset).toBeDisabled();
  await page.getByLabel('Confirm Password').fill('Recovered-2026');
  await reset.click();
  await expect(page).toHaveURL(/\/password\/reset\/complete$/);
  await expect(page.getByRole('heading', { name: 'Password Updated' })).toBeVisible();

  // The link is single-use.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('New Password').fill('Another-2026x');
  await page.getByLabel('Confirm Password').fill('Another-2026x');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
});

test('the contact form reaches "Message Sent"', async ({ page }) => {
  await page.goto('/contact-us');
  await page.getByLabel('Name').fill('Sam Smith');
  await page.getByLabel('Email').fill('sam@example.com');
  await page.getByLabel('Subject').fill('Do you serve Ivins?');
  await page.getByLabel('Message').fill('We live just outside St George and would love a quote.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Message Sent' })).toBeVisible();
});
