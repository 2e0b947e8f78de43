import { expect, test } from './csp-guard';
import { type Page } from '@playwright/test';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { apiGet } from './api';
import { signIn } from './helpers';

async function expectNoSideways(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} scrolls sideways`).toBeLessThanOrEqual(375);
}

test('@mobile public pages fit 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const vendors = await apiGet(page.request, vendorReadsApi.vendors);
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

/** Every button of the group lies wholly inside the viewport and nothing in the group scrolls sideways. */
async function expectEveryChoiceOnScreen(page: Page, groupName: string) {
  const group = page.getByRole('group', { name: groupName });
  await expect(group).toBeVisible();
  const boxes = await group.getByRole('button').evaluateAll((buttons) =>
    buttons.map((b) => {
      const r = b.getBoundingClientRect();
      return {
        label: b.textContent,
        left: r.left,
        right: r.right,
        scroll: b.scrollWidth,
        client: b.clientWidth,
      };
    }),
  );
  expect(boxes.length).toBeGreaterThan(1);
  const viewport = page.viewportSize()!.width;
  for (const box of boxes) {
    expect(box.left, `${box.label} starts off-screen`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${box.label} ends off-screen`).toBeLessThanOrEqual(viewport);
    expect(box.scroll, `${box.label} is cut off`).toBeLessThanOrEqual(box.client + 1);
  }
  const overflow = await group.evaluate((g) => g.scrollWidth - g.clientWidth);
  expect(overflow, `${groupName} scrolls sideways`).toBeLessThanOrEqual(1);
}

test('@mobile every category tab of the services page is on screen at 375 px (issue 23 #7)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/services?category=all');
  await expectEveryChoiceOnScreen(page, 'Filter by category');
});

test('@mobile the Order History filters are on screen at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'vendor@example.com');
  await page.goto('/dashboard/orders');
  await expectEveryChoiceOnScreen(page, 'Filter orders');
});

test('@mobile every section tab of the vendor portal is on screen at 375 px (issue 23 #7, same cause)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'vendor@example.com');
  await page.goto('/dashboard/orders');
  const nav = page.getByRole('navigation', { name: 'Vendor portal sections' });
  const tabs = nav.getByRole('link');
  await expect(tabs.first()).toBeVisible();
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x, `${await tab.textContent()} starts off-screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await tab.textContent()} ends off-screen`).toBeLessThanOrEqual(375);
  }
  expect(await nav.locator('ul').evaluate((ul) => ul.scrollWidth - ul.clientWidth)).toBeLessThanOrEqual(1);
});
