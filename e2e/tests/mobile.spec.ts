import { expect, test } from './csp-guard';
import { type Page } from '@playwright/test';
import { signIn } from './helpers';

async function expectNoSideways(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} scrolls sideways`).toBeLessThanOrEqual(375);
}

test('@mobile public pages fit 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const vendors = (await (await page.request.get('/api/vendors')).json()) as { id: number }[];
  for (const path of [
    '/',
    '/services?category=all',
    `/vendors/${vendors[0]!.id}`,
    '/contact-us',
    '/forgot-password',
    '/about-us',
    '/privacy-policy',
    '/terms-of-service',
    '/vendor-onboarding',
  ]) {
    await expectNoSideways(page, path);
  }
});

test('@mobile customer pages fit 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'customer@example.com');
  for (const path of ['/home', '/orders', '/account']) await expectNoSideways(page, path);
});

test('@mobile the vendor portal fits 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'vendor@example.com');
  for (const path of [
    '/dashboard/orders',
    '/dashboard/pricing',
    '/dashboard/scheduling',
    '/dashboard/general',
  ])
    await expectNoSideways(page, path);
});
