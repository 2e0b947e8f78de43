/**
 * Issue 23 #15: the Logo and Branding step previews the logo and the banner in the shapes customers see
 * them: the banner as the provider page draws it (at 1280 px) and as the vendor card's cover, the logo
 * as the circle both show. The shapes are compared with the real pages', not with numbers of their own.
 */
import path from 'node:path';
import { expect, test } from './csp-guard';
import { type Locator, type Page } from '@playwright/test';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { apiGet } from './api';
import { signIn } from './helpers';

const IMAGES = path.join(import.meta.dirname, '../fixtures/images');

const ratio = (box: Locator) =>
  box.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.width / r.height;
  });

const shape = (img: Locator) =>
  img.evaluate((el) => {
    const style = getComputedStyle(el);
    const frame = getComputedStyle(el.parentElement!);
    const round = (s: CSSStyleDeclaration) => s.borderRadius === '50%' || s.borderTopLeftRadius === '50%';
    return { circle: round(style) || round(frame), fit: style.objectFit };
  });

async function publicShapes(page: Page) {
  const vendors = await apiGet(page.request, vendorReadsApi.vendors);
  await page.goto(`/vendors/${vendors[0]!.id}`);
  const cover = page.locator('.provider__cover').first();
  await expect(cover).toBeVisible();
  const pageRatio = await ratio(cover);
  const logo = await shape(page.locator('.provider__header .vendor-logo').first());
  await page.goto('/services?category=all');
  const cardCover = page.locator('.vendor-card .vendor-cover').first();
  await expect(cardCover).toBeVisible();
  return { pageRatio, cardRatio: await ratio(cardCover), logo };
}

test('the setup previews show the banner and the logo in the shapes of the provider page and the vendor card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const shapes = await publicShapes(page);
  expect(shapes.logo.circle).toBe(true);

  await signIn(page, 'newvendor@example.com');
  await page.goto('/dashboard/setup?page=logo');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Logo and Branding' })).toBeVisible();
  await main.getByLabel(/^(Upload|Replace) logo$/).setInputFiles(path.join(IMAGES, 'logo.png'));
  await main.getByLabel(/^(Upload|Replace) banner$/).setInputFiles(path.join(IMAGES, 'banner.jpg'));

  const onPage = main.getByRole('img', { name: 'Your banner on your page' });
  const onCard = main.getByRole('img', { name: 'Your banner on your card in the catalog' });
  const logo = main.getByRole('img', { name: 'Your logo' });
  for (const img of [onPage, onCard, logo]) await expect(img).toBeVisible();

  expect(await ratio(onPage)).toBeCloseTo(shapes.pageRatio, 1);
  expect(await ratio(onCard)).toBeCloseTo(shapes.cardRatio, 1);
  expect((await shape(onPage)).fit).toBe('cover');
  expect(await shape(logo)).toEqual({ circle: true, fit: 'cover' });
});
