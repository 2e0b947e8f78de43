import { expect, test } from './csp-guard';

const VENDOR = 'Sparkle & Shine Home Cleaning';

test('@mobile the Scheduling panel keeps the whole Continue label at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/services?category=house_cleaning');
  await page
    .getByRole('link', { name: new RegExp(VENDOR) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Get Price' }).click();
  const form = page.getByRole('form', { name: 'Instant pricing' });
  await form.getByRole('combobox', { name: 'Bedrooms' }).selectOption({ label: '2 bedrooms' });
  await form.getByRole('combobox', { name: 'Bathrooms' }).selectOption({ label: '1 bathroom' });
  await form.getByRole('button', { name: 'Continue' }).click();

  const scheduling = page.getByRole('region', { name: 'Scheduling' });
  await scheduling
    .getByRole('group', { name: /^Minute/ })
    .getByRole('button')
    .first()
    .click();
  const cont = scheduling.getByRole('button', { name: /^Continue — / });
  await expect(cont).toBeEnabled();
  // The label ("Continue — Nov 25th, 8:00am") wraps inside the button rather than running past it.
  const box = await cont.evaluate((b) => ({
    scroll: b.scrollWidth,
    client: b.clientWidth,
    left: b.getBoundingClientRect().left,
    right: b.getBoundingClientRect().right,
  }));
  expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
