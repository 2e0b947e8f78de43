import { expect, test } from './csp-guard';
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

  test('provider page with the pricing panel open', async ({ page }) => {
    await page.goto('/services?category=house_cleaning');
    await page
      .getByRole('link', { name: /Sparkle & Shine Home Cleaning/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Get Price' }).click();
    await expect(page.getByRole('form', { name: 'Instant pricing' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('vendor pricing preferences and the formula modal', async ({ page }) => {
    await signIn(page, 'vendor@example.com');
    await page.goto('/dashboard/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing Preferences' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit Formula' }).click();
    await expect(page.getByRole('dialog', { name: 'Pricing Formula' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('provider page with the scheduling panel open', async ({ page }) => {
    await page.goto('/services?category=house_cleaning');
    await page
      .getByRole('link', { name: /Sparkle & Shine Home Cleaning/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Get Price' }).click();
    const form = page.getByRole('form', { name: 'Instant pricing' });
    await form.getByRole('combobox', { name: 'Bedrooms' }).selectOption({ label: '2 bedrooms' });
    await form.getByRole('combobox', { name: 'Bathrooms' }).selectOption({ label: '1 bathroom' });
    await form.getByRole('button', { name: 'Continue' }).click();
    const scheduling = page.getByRole('region', { name: 'Scheduling' });
    await expect(scheduling.getByRole('group', { name: 'Hour', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('vendor earnings and payouts @mobile', async ({ page }) => {
    await signIn(page, 'vendor@example.com');
    await page.goto('/dashboard/earnings');
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings and Payouts' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'This week' })).toBeVisible();
    await expect(page.getByText(/^Showing (all|the latest) \d+ payouts?\.$/)).toBeVisible();
    await expect(page.locator('.bar-chart canvas')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Show as table' }).click();
    await expect(page.getByRole('table', { name: 'Payouts by week, the last 12 weeks' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('vendor scheduling preferences', async ({ page }) => {
    await signIn(page, 'vendor@example.com');
    await page.goto('/dashboard/scheduling');
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduling Preferences' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
