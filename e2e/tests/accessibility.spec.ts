import { expect, test } from '@playwright/test';
import { openSignIn, seriousViolations, signIn } from './helpers';

test.describe('no serious or critical accessibility violations', () => {
  test('landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Sparkle & Shine Home Cleaning').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('services page', async ({ page }) => {
    await page.goto('/services?category=pest_control');
    await expect(page.getByText('Red Cliffs Pest Defense').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('provider page', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('link', { name: /Sparkle & Shine Home Cleaning/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/vendors\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Sparkle & Shine Home Cleaning' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('sign-in modal', async ({ page }) => {
    await page.goto('/');
    await openSignIn(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('account page', async ({ page }) => {
    await signIn(page, 'customer@example.com');
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
