import { expect, test } from './csp-guard';
import { signIn } from './helpers';

test('the landing page lists the seeded vendors', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'House Cleaning' })).toBeVisible();
  await expect(page.getByText('Sparkle & Shine Home Cleaning').first()).toBeVisible();
  await expect(page.getByText('New Service!').first()).toBeVisible();
  // The row of 15 vendor logos, each opening its provider page.
  const logos = page.getByRole('region', { name: 'Local businesses on Servo' }).getByRole('link');
  await expect(logos).toHaveCount(15);
  await expect(logos.first()).toHaveAttribute('href', /^\/vendors\/\d+$/);
});

test('the demo customer signs in and lands on /home', async ({ page }) => {
  await signIn(page, 'customer@example.com');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: /ST GEORGE, UT/ })).toBeVisible();
  // The session survives a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
});

test('the demo vendor signs in and lands on /dashboard/orders', async ({ page }) => {
  await signIn(page, 'vendor@example.com');
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
});

test('a vendor still in setup is sent to /dashboard/setup', async ({ page }) => {
  await signIn(page, 'newvendor@example.com');
  await expect(page).toHaveURL(/\/dashboard\/setup/);
});

test('signed-in-only pages send a guest to /', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/$/);
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill('customer@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByText('Invalid email or password')).toBeVisible();
});

test('@mobile the header and the landing page fit a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In' });
  const box = await signIn.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
});
