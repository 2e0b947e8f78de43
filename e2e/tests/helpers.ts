import { expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const DEMO_PASSWORD = 'Password123!';

export async function openSignIn(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  return page.getByRole('dialog', { name: 'Sign In' });
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toBeHidden();
}

/** Serious or critical accessibility violations on the page as it is now (axe-core). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

let counter = 0;
/** A fresh email per call, so journeys that change an account never touch the demo accounts. */
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** Fills the customer Create Account form (header modal or checkout's) and submits it. */
export async function fillCustomerSignUp(
  dialog: Locator,
  email: string,
  who: { firstName?: string; lastName?: string; phone?: string; street?: string; zip?: string } = {},
) {
  await dialog.getByLabel('First Name').fill(who.firstName ?? 'Jamie');
  await dialog.getByLabel('Last Name').fill(who.lastName ?? 'Tester');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone Number').fill(who.phone ?? '4355550123');
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
  await dialog.getByLabel('Street Address', { exact: true }).fill(who.street ?? '200 N Main St');
  await dialog.getByLabel('City').fill('St George');
  await dialog.getByLabel('Zip Code').fill(who.zip ?? '84770');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
}

export async function signUp(page: Page, email: string, zip = '84770') {
  await page.getByRole('banner').getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await fillCustomerSignUp(dialog, email, { zip });
  return dialog;
}

export async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}
