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
