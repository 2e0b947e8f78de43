import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
const BASE = 'http://localhost:3217';
const IMAGES = path.join(import.meta.dirname, 'fixtures', 'images');
const image = (n) => path.join(IMAGES, n);
const PASSWORD = 'Password123!';
const email = `shots.${Date.now()}@example.com`;
const business = 'Canyon Glass Shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function axe(page, label) {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const v = r.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical');
  console.log('axe', label, v.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`));
}
async function signIn(page, who) {
  await page.goto(BASE + '/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const d = page.getByRole('dialog', { name: 'Sign In' });
  await d.getByLabel('Email').fill(who);
  await d.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await d.getByRole('button', { name: 'Sign In' }).click();
  await d.waitFor({ state: 'hidden' });
}
const step = process.argv[2];
if (step === 'vendor') {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.goto(BASE + '/vendor-onboarding');
  await page.getByRole('banner').getByRole('button', { name: 'List Your Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'List Your Service' });
  const next = dialog.getByRole('button', { name: 'Next' });
  await dialog.getByLabel('First Name').fill('Casey');
  await dialog.getByLabel('Last Name').fill('Canyon');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone Number').fill('4355550142');
  await next.click();
  await dialog.getByLabel('Category').selectOption({ label: 'Window Cleaning' });
  await dialog.getByLabel('Business Name').fill(business);
  await dialog.getByLabel('Business Phone').fill('4355550143');
  await dialog.getByLabel('Business Email').fill(`office.${email}`);
  await dialog.getByLabel('Street Address', { exact: true }).fill('300 E Tabernacle St');
  await dialog.getByLabel('City').fill('St George');
  await dialog.getByLabel('Zip Code').selectOption('84770');
  await next.click();
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/dashboard\/setup/);
  const main = page.getByRole('main');
  const cont = main.getByRole('button', { name: 'Continue' });
  await main.getByLabel('Upload logo').setInputFiles(image('logo.png'));
  await main.getByLabel('Upload banner').setInputFiles(image('banner.jpg'));
  await main.getByRole('img', { name: /^Your banner/ }).first().waitFor();
  await page.waitForTimeout(1500);
  await cont.click();
  await main.getByLabel('Add images').setInputFiles(['gallery-1.jpg', 'gallery-2.png', 'gallery-3.webp', 'gallery-4.jpg'].map(image));
  await main.getByRole('img', { name: 'Gallery image 4' }).waitFor();
  await page.waitForTimeout(1500);
  await cont.click();
  await main.getByRole('link', { name: 'Skip' }).click();
  await main.getByRole('button', { name: 'Connect your bank' }).click();
  await main.getByLabel('Account holder name').fill('Casey Canyon');
  await main.getByLabel('Routing number').fill('110000000');
  await main.getByLabel('Account number').fill('000123456789');
  await main.getByRole('checkbox', { name: 'I accept the services agreement' }).check();
  await main.getByRole('button', { name: 'Connect bank account' }).click();
  await main.getByText('STRIPE TEST BANK account ending in 6789').first().waitFor();
  await cont.click();
  await main.getByRole('textbox', { name: 'Service description' }).fill('Streak-free windows, screens and tracks across St George.');
  await main.getByRole('button', { name: 'Save description' }).click();
  await main.getByText('Saved', { exact: true }).waitFor();
  await main.getByRole('button', { name: 'Submit for Review' }).click();
  await main.getByRole('button', { name: 'Submitted' }).waitFor();
  console.log('EMAIL', email);
}
if (step === 'operator') {
  for (const [w, h] of [[1280, 900], [375, 812]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    await signIn(page, 'operator@example.com');
    await page.goto(BASE + '/operator/listings');
    const card = page.getByRole('article').first();
    await card.waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/shots/review-${w}.png`, fullPage: true });
    const times = card.getByRole('region', { name: 'Open Times, First Week' });
    await times.screenshot({ path: `/tmp/shots/times-${w}.png` });
    console.log('scrollWidth', w, await page.evaluate(() => document.documentElement.scrollWidth));
    await axe(page, `review ${w}`);
    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Listing' });
    await dialog.waitFor();
    await page.screenshot({ path: `/tmp/shots/reject-${w}.png` });
    await axe(page, `reject ${w}`);
    if (w === 375) {
      await dialog.getByRole('checkbox', { name: 'Gallery images' }).check();
      await dialog.getByRole('checkbox', { name: 'Pricing questions and formula' }).check();
      await dialog.getByRole('checkbox', { name: 'Service description' }).check();
      await dialog.getByLabel('Reason').fill('Two gallery photos look like stock images. Please use photos of your own work, and describe what a standard visit includes.');
      await page.screenshot({ path: `/tmp/shots/reject-filled-${w}.png` });
      await dialog.getByRole('button', { name: 'Reject Listing' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.screenshot({ path: `/tmp/shots/after-reject-${w}.png` });
    }
    await ctx.close();
  }
}
if (step === 'setup') {
  const who = process.argv[3];
  for (const [w, h] of [[1280, 900], [375, 812]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    await signIn(page, who);
    await page.goto(BASE + '/dashboard/setup?page=next-steps');
    await page.getByRole('note', { name: 'Changes requested' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/shots/setup-${w}.png`, fullPage: w === 375 ? false : true });
    await page.getByRole('note', { name: 'Changes requested' }).screenshot({ path: `/tmp/shots/notice-${w}.png` });
    console.log('scrollWidth', w, await page.evaluate(() => document.documentElement.scrollWidth));
    await axe(page, `setup ${w}`);
    await ctx.close();
  }
}
await browser.close();
