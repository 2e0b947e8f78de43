import { expect, type Page } from '@playwright/test';
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

export async function signUp(page: Page, email: string, zip = '84770') {
  await page.getByRole('banner').getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByLabel('First Name').fill('Jamie');
  await dialog.getByLabel('Last Name').fill('Tester');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone Number').fill('4355550123');
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
  await dialog.getByLabel('Street Address', { exact: true }).fill('200 N Main St');
  await dialog.getByLabel('City').fill('St George');
  await dialog.getByLabel('Zip Code').fill(zip);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  return dialog;
}

export async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}
