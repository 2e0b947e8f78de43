/**
 * Issue 23 #8: in the Reschedule Appointment modals (the customer's and the vendor's) the buttons stay
 * at the foot of the scrolling modal body, and nothing of the date and time picker may show beneath
 * them while it scrolls past (a row of minute buttons did, in the strip of the body's bottom padding).
 */
import { expect, test } from './csp-guard';
import { type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Scrolls the modal body from top to bottom; at each step, the picker's buttons that are visible in the
 * body below the bottom edge of the action bar (there should be none).
 */
async function pickerShownBelowActions(dialog: Locator) {
  return dialog.evaluate(async (root) => {
    const body = root.querySelector<HTMLElement>('.modal__body')!;
    const actions = root.querySelector<HTMLElement>('.modal__actions')!;
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const seen: string[] = [];
    const end = body.scrollHeight - body.clientHeight;
    for (let top = 0; ; top = Math.min(end, top + 30)) {
      body.scrollTop = top;
      await frame();
      const bar = actions.getBoundingClientRect();
      const port = body.getBoundingClientRect();
      for (const el of root.querySelectorAll<HTMLElement>('.time-picker__option, .month-grid__day')) {
        const r = el.getBoundingClientRect();
        // The part of the element in the strip between the bar's foot and the body's foot.
        if (Math.min(r.bottom, port.bottom) - Math.max(r.top, bar.bottom) > 1)
          seen.push(`${el.getAttribute('aria-label') ?? el.textContent} at scrollTop ${top}`);
      }
      if (top >= end) break;
    }
    return { scrolls: end > 0, seen };
  });
}

/** Chooses a minute so the full picker (month, hours and minutes) is shown. */
async function chooseAMinute(dialog: Locator) {
  await dialog
    .getByRole('group', { name: /^Minute/ })
    .getByRole('button')
    .first()
    .click();
}

async function customerModal(page: Page) {
  await signIn(page, 'customer@example.com');
  await page.goto('/orders');
  const open = page
    .locator('button:not([aria-disabled="true"])', { hasText: /^Reschedule/ })
    .filter({ visible: true })
    .first();
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await expect(dialog.getByRole('group', { name: /^Minute/ })).toBeVisible();
  return dialog;
}

async function vendorModal(page: Page) {
  await signIn(page, 'vendor@example.com');
  await page.goto('/dashboard/orders?filter=active');
  const actions = page.getByRole('button', { name: /^Actions for order/ });
  await expect(actions.first()).toBeVisible();
  for (let i = 0; i < (await actions.count()); i += 1) {
    await actions.nth(i).click();
    const item = page.getByRole('menuitem', { name: 'Reschedule' });
    if ((await item.getAttribute('aria-disabled')) !== 'true') {
      await item.click();
      break;
    }
    await page.keyboard.press('Escape');
  }
  const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await expect(dialog.getByRole('group', { name: /^Minute/ })).toBeVisible();
  return dialog;
}

for (const [who, open] of [
  ['customer', customerModal],
  ['vendor', vendorModal],
] as const) {
  test(`the ${who}'s Reschedule Appointment modal shows nothing beneath its buttons at 1280 px`, async ({
    page,
  }) => {
    // A laptop's height: the modal (88vh) scrolls inside.
    await page.setViewportSize({ width: 1280, height: 640 });
    const dialog = await open(page);
    await chooseAMinute(dialog);
    const { scrolls, seen } = await pickerShownBelowActions(dialog);
    expect(scrolls, 'the modal body scrolls at this height').toBe(true);
    expect(seen).toEqual([]);
  });

  test(`@mobile the ${who}'s Reschedule Appointment modal shows nothing beneath its buttons at 375 px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const dialog = await open(page);
    await chooseAMinute(dialog);
    const { scrolls, seen } = await pickerShownBelowActions(dialog);
    expect(scrolls, 'the modal body scrolls at this width').toBe(true);
    expect(seen).toEqual([]);
  });
}
