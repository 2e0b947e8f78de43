import { expect, test } from './csp-guard';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { AnswerOf } from '@stg/domain/api/endpoint';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { apiGet } from './api';
import { seriousViolations, signIn } from './helpers';

/**
 * The vendor's Order History (issue 12) as vendor@example.com, who runs Sparkle & Shine (a full order
 * book: upcoming, recently completed, paid out, one partly refunded). The journeys change orders of
 * customers other than customer@ and both@, whose orders the customer journeys use.
 */
const VENDOR = 'vendor@example.com';
const KEPT_CUSTOMERS = ['customer@example.com', 'both@example.com'];
const ZONE = 'America/Denver';

const MESSAGES = {
  confirmRequired: 'Please check the box to confirm.',
  cancelReasonRequired: 'Please give a reason for cancelling.',
  refundReasonRequired: 'Please give a reason for the refund.',
  refundAmountInvalid: 'Enter a refund amount greater than $0.00, in dollars and cents.',
  refundAmountTooManyDecimals: 'Enter the refund amount with at most two decimal places.',
  refundAmountTooHigh: (max: string) =>
    `The refund can be at most ${max}, what is left of the payout for this order.`,
  sameTime: 'Please choose a different time.',
  chooseTime: 'Choose a day and a start time.',
};
const TIPS = {
  completeInFuture: 'Complete is available once the appointment has passed',
  cancelled: 'Not available for a cancelled order',
  processed: 'Not available once the payout has been sent',
  completed: 'Not available for a completed order',
  alreadyComplete: 'This order is already complete',
};

/** An order as the vendor's list answers it (the contract's type). */
type VendorOrder = AnswerOf<typeof ordersApi.vendorOrders>['orders'][number];

// ---- The API as the signed-in vendor ----

async function vendorIdOf(request: APIRequestContext): Promise<number> {
  const { vendor } = await apiGet(request, sessionApi.current);
  if (!vendor) throw new Error(`${VENDOR} is signed in as a vendor`);
  return vendor.id;
}

async function ordersOf(request: APIRequestContext, filter: 'active' | 'past' | 'all' = 'all') {
  const vendorId = await vendorIdOf(request);
  const page = await apiGet(request, ordersApi.vendorOrders, {
    params: { id: vendorId },
    query: { filter, limit: 200 },
  });
  return page.orders;
}

const changeable = (o: VendorOrder) => !KEPT_CUSTOMERS.includes(o.customer.email);

async function pick(request: APIRequestContext, test: (o: VendorOrder) => boolean, what: string) {
  const order = (await ordersOf(request)).find((o) => changeable(o) && test(o));
  expect(order, what).toBeTruthy();
  return order!;
}

// ---- Labels as the page writes them ----

const money = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const parts = (ms: number) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  ) as Record<'hour' | 'minute' | 'dayPeriod', string>;
const hourLabel = (ms: number) => `${parts(ms).hour}${parts(ms).dayPeriod.toLowerCase()}`;
const timeLabel = (ms: number) =>
  `${parts(ms).hour}:${parts(ms).minute} ${parts(ms).dayPeriod.toLowerCase()}`;

// ---- The page ----

async function openHistory(page: Page, search = '') {
  await page.goto(`/dashboard/orders${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(
    table.or(page.getByRole('status').filter({ hasText: /^No (active |past )?orders$/ })),
  ).toBeVisible();
  return table;
}

/** The table row of an order (its first cell's button names the confirmation id). */
const rowOf = (page: Page, order: VendorOrder) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(order.confirmationId) }) });

async function openMenu(page: Page, order: VendorOrder) {
  await page.getByRole('button', { name: `Actions for order ${order.confirmationId}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function expectBlocked(page: Page, menu: Locator, item: string, tip: string) {
  const action = menu.getByRole('menuitem', { name: item });
  await expect(action).toHaveAttribute('aria-disabled', 'true');
  await expect(action).toHaveAccessibleDescription(tip);
  await action.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: tip })).toBeVisible();
}

async function chooseAction(page: Page, order: VendorOrder, item: string, title: string) {
  const menu = await openMenu(page, order);
  await menu.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

const notice = (page: Page) => page.locator('.vendor-orders__notice [role="status"]');

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, VENDOR);
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
});

test('filters (Active Orders, Past Orders, Remove Filter) in the URL, sorted as spec §4 says', async ({
  page,
}) => {
  const table = await openHistory(page);
  await expect(table.getByRole('columnheader')).toHaveText([
    'Order',
    'Name',
    'Appointment',
    'Fulfillment Status',
    'Payment Status',
    'Price',
    'Actions',
  ]);
  const all = await ordersOf(page.request);
  const active = await ordersOf(page.request, 'active');
  const past = await ordersOf(page.request, 'past');
  expect(active.length).toBeGreaterThan(0);
  expect(past.length).toBeGreaterThan(0);
  expect(all.length).toBe(active.length + past.length);

  const times = () =>
    table
      .locator('tbody > tr:first-child time')
      .evaluateAll((ts) => ts.map((t) => Date.parse(t.getAttribute('datetime')!)));
  await expect(table.locator('tbody > tr:first-child')).toHaveCount(all.length);

  await page.getByRole('button', { name: 'Active Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\?filter=active$/);
  await expect(page.getByRole('button', { name: 'Active Orders' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.locator('tbody > tr:first-child')).toHaveCount(active.length);
  const activeTimes = await times();
  expect(activeTimes).toEqual([...activeTimes].sort((a, b) => a - b));
  const statuses = (selector: string) =>
    table
      .locator(`tbody > tr:first-child > td:nth-child(${selector}) .badge`)
      .evaluateAll((bs) => bs.map((b) => b.getAttribute('data-status')));
  for (const status of await statuses('4'))
    expect(['unfulfilled', 'rescheduled', 'disputed']).toContain(status);
  // Blue for unfulfilled and collected (spec §4 colours).
  await expect(table.locator('.badge[data-status="unfulfilled"]').first()).toHaveClass(/badge--blue/);

  await page.getByRole('button', { name: 'Past Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\?filter=past$/);
  await expect(table.locator('tbody > tr:first-child')).toHaveCount(past.length);
  for (const status of await statuses('4')) expect(['fulfilled', 'cancelled']).toContain(status);
  const pastTimes = await times();
  expect(pastTimes).toEqual([...pastTimes].sort((a, b) => b - a));
  await expect(table.locator('.badge[data-status="fulfilled"]').first()).toHaveClass(/badge--green/);

  // A reload keeps the filter.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Past Orders' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Remove Filter' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(table.locator('tbody > tr:first-child')).toHaveCount(all.length);
  await expect(page.getByRole('button', { name: 'Remove Filter' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an order expands to its details, and its work order prints and downloads as a PDF', async ({
  page,
}) => {
  const order = await pick(
    page.request,
    (o) => o.paymentStatus === 'partially_refunded',
    'a partly refunded order',
  );
  await openHistory(page);
  const toggle = page.getByRole('button', { name: `${order.confirmationId} details` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const details = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  for (const name of ['Summary', 'Customer', 'Location', 'Service Details', 'Billing'])
    await expect(details.getByRole('heading', { name, exact: true })).toBeVisible();
  const value = (section: string, term: string) =>
    details
      .getByRole('region', { name: section })
      .locator('dt', { hasText: term })
      .first()
      .locator('xpath=following-sibling::dd[1]');
  await expect(value('Summary', 'Confirmation')).toHaveText(order.confirmationId);
  await expect(value('Customer', 'Name')).toHaveText(
    `${order.customer.firstName} ${order.customer.lastName}`,
  );
  await expect(value('Customer', 'Phone')).toHaveText(/^\(\d{3}\) \d{3}-\d{4}$/);
  await expect(value('Customer', 'Email')).toHaveText(order.customer.email);
  await expect(value('Billing', 'Total collected')).toHaveText(money(order.totalCollected));
  await expect(value('Billing', 'Commission')).toContainText('(commission + service fee)');
  await expect(value('Billing', 'Refunds')).toContainText(money(order.refundAmount));
  await expect(value('Billing', 'Payout')).toContainText(money(order.vendorPayoutAmount));
  await expect(value('Billing', 'Payout destination')).toHaveText(/account ending in \d{4}|Paper Check/);
  expect(await seriousViolations(page)).toEqual([]);

  await details.getByRole('link', { name: `View Work Order for order ${order.confirmationId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${order.id}$`));
  const sheet = page.getByRole('article', { name: 'Work Order' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Confirmation ID')).toBeVisible();
  await expect(sheet.getByText(order.confirmationId, { exact: true })).toBeVisible();
  await expect(sheet.getByText(`${order.customer.firstName} ${order.customer.lastName}`)).toBeVisible();
  await expect(sheet.getByText(/\(Mountain Time, St George\)$/)).toBeVisible();
  for (const name of [
    'Appointment',
    'Customer',
    'Service Details',
    'Billing',
    'Customer Notes',
    'Appointment Instructions',
  ])
    await expect(sheet.getByRole('heading', { name, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Print opens the browser's print dialog; printed, only the sheet shows.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.locator('.site-footer')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(sheet).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  const pdf = page.getByRole('link', { name: 'Download PDF' });
  const res = await page.request.get((await pdf.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('link', { name: '← Back to Order History' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
});

test('Complete is not listed before the appointment and a paid-out order has no actions (spec §4); blocked actions the spec keeps say why; the menu works from the keyboard', async ({
  page,
}) => {
  const upcoming = (await ordersOf(page.request, 'active')).find(
    (o) => o.fulfillmentStatus === 'unfulfilled' && Date.parse(o.appointmentAt) > Date.now(),
  )!;
  const paidOut = await pick(page.request, (o) => o.paymentStatus === 'processed', 'a paid-out order');
  const completed = await pick(
    page.request,
    (o) =>
      o.fulfillmentStatus === 'fulfilled' &&
      o.allowedActions.includes('partial_refund') &&
      Date.parse(o.appointmentAt) < Date.now(),
    'a completed order not yet paid out',
  );
  await openHistory(page);

  let menu = await openMenu(page, upcoming);
  await expect(menu.getByRole('menuitem')).toHaveText(['Reschedule', 'Partial Refund', 'Cancel Order']);
  for (const item of ['Reschedule', 'Partial Refund', 'Cancel Order'])
    await expect(menu.getByRole('menuitem', { name: item })).not.toHaveAttribute('aria-disabled', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(
    page.getByRole('button', { name: `Actions for order ${upcoming.confirmationId}` }),
  ).toBeFocused();

  // No actions at all, not a menu of greyed-out ones.
  await expect(page.getByRole('button', { name: `Actions for order ${paidOut.confirmationId}` })).toHaveCount(
    0,
  );
  await expect(page.getByText(`No actions for order ${paidOut.confirmationId}`)).toBeVisible();

  menu = await openMenu(page, completed);
  await expect(menu.getByRole('menuitem', { name: 'Partial Refund' })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expectBlocked(page, menu, 'Reschedule', TIPS.completed);
  await expectBlocked(page, menu, 'Cancel Order', TIPS.completed);
  await expectBlocked(page, menu, 'Complete', TIPS.alreadyComplete);
  await page.keyboard.press('Escape');

  // Keyboard: Arrow Down opens on the first action that can be taken, arrows move, Enter chooses.
  const button = page.getByRole('button', { name: `Actions for order ${completed.confirmationId}` });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Partial Refund' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Cancel Order' })).toBeFocused();
  await expect(page.getByRole('tooltip').filter({ hasText: TIPS.completed })).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Partial Refund' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Partial Refund: the spec messages, then a refund out of the payout', async ({ page }) => {
  const order = await pick(
    page.request,
    (o) =>
      o.fulfillmentStatus === 'fulfilled' && o.paymentStatus === 'collected' && o.vendorPayoutAmount > 10,
    'a completed order with its payout still to come',
  );
  await openHistory(page);
  const dialog = await chooseAction(page, order, 'Partial Refund', 'Partial Refund');
  const max = money(order.vendorPayoutAmount);
  const amount = dialog.getByLabel('Refund amount');
  await expect(amount).toBeFocused();
  await expect(dialog.getByText(`In dollars, up to ${max}.`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByText(MESSAGES.refundAmountInvalid)).toBeVisible();
  await expect(dialog.getByText(MESSAGES.refundReasonRequired)).toBeVisible();

  await amount.fill((order.vendorPayoutAmount + 0.01).toFixed(2));
  await dialog.getByLabel('Reason for the refund').fill('Missed the garage windows');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByText(MESSAGES.refundAmountTooHigh(max))).toBeVisible();

  await amount.fill('5.255');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByText(MESSAGES.refundAmountTooManyDecimals)).toBeVisible();

  await amount.fill('5.25');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page)).toHaveText(
    `Refunded $5.25 to the customer for order ${order.confirmationId}. Your payout is reduced by the same amount.`,
  );
  await expect(rowOf(page, order).locator('.badge[data-status="partially_refunded"]')).toHaveClass(
    /badge--yellow/,
  );

  const after = (await ordersOf(page.request)).find((o) => o.id === order.id)!;
  expect(after.paymentStatus).toBe('partially_refunded');
  expect(after.refundAmount).toBeCloseTo(order.refundAmount + 5.25, 2);
  expect(after.vendorPayoutAmount).toBeCloseTo(order.vendorPayoutAmount - 5.25, 2);
  await page.getByRole('button', { name: `${order.confirmationId} details` }).click();
  await expect(page.getByText(`${money(after.refundAmount)} (Missed the garage windows)`)).toBeVisible();
});

test('Reschedule: 15-minute times from the calendar, a different time and the confirm box', async ({
  page,
}) => {
  const order = await pick(
    page.request,
    (o) => o.fulfillmentStatus === 'unfulfilled' && o.allowedActions.includes('reschedule'),
    'an upcoming order',
  );
  const current = Date.parse(order.appointmentAt);
  await openHistory(page, '?filter=active');
  const dialog = await chooseAction(page, order, 'Reschedule', 'Reschedule Appointment');
  await expect(dialog.getByRole('grid')).toBeVisible();

  await dialog.getByRole('button', { name: 'Reschedule', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(MESSAGES.chooseTime);
  await expect(dialog.getByText(MESSAGES.confirmRequired)).toBeVisible();

  // The current time is refused (when its day is still offered, the modal opens on it).
  const currentHour = dialog
    .getByRole('group', { name: 'Hour' })
    .getByRole('button', { name: hourLabel(current), exact: true });
  if (await currentHour.count()) {
    await currentHour.click();
    const same = dialog.getByRole('button', { name: timeLabel(current), exact: true });
    if (await same.count()) {
      await same.click();
      await expect(dialog.getByRole('status')).toHaveText(MESSAGES.sameTime);
    }
  }

  // Every time offered is on the quarter hour (spec §9: 15-minute steps for the vendor).
  const minutes = dialog.getByRole('group', { name: /^Minute/ }).getByRole('button');
  for (const label of await minutes.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label'))))
    expect(label).toMatch(/:(00|15|30|45) (am|pm)$/);

  // Another day: the last offered day of the month shown (not the current one), its last start.
  const currentDay = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(current));
  const offered = await dialog
    .getByRole('grid')
    .locator('button:enabled')
    .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')!));
  const otherDay = offered.filter((label) => label !== currentDay).pop();
  expect(otherDay, 'another day with free times').toBeTruthy();
  await dialog.getByRole('button', { name: otherDay, exact: true }).click();
  await dialog.getByRole('group', { name: 'Hour' }).getByRole('button').last().click();
  await minutes.last().click();
  const chosen = (await dialog.getByRole('status').textContent())!;
  expect(chosen).toMatch(/^New time: .+ \(Mountain Time\)$/);
  await dialog.getByRole('checkbox', { name: /I confirm the new time/ }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Reschedule', exact: true }).click();
  await expect(dialog).toBeHidden();
  const when = chosen.replace(/^New time: /, '').replace(/ \(Mountain Time\)$/, '');
  await expect(notice(page)).toContainText(
    `Order ${order.confirmationId} is rescheduled to ${when} (Mountain Time).`,
  );
  await expect(rowOf(page, order).locator('.badge[data-status="rescheduled"]')).toHaveClass(/badge--yellow/);

  const after = (await ordersOf(page.request)).find((o) => o.id === order.id)!;
  expect(after.fulfillmentStatus).toBe('rescheduled');
  expect(Date.parse(after.appointmentAt)).not.toBe(current);
  expect(new Date(after.appointmentAt).getUTCMinutes() % 15).toBe(0);
});

test('Cancel Order: a reason and the confirm box; the customer is refunded in full', async ({ page }) => {
  const order = await pick(
    page.request,
    (o) => o.fulfillmentStatus === 'unfulfilled' && o.allowedActions.includes('cancel'),
    'an upcoming order',
  );
  await openHistory(page, '?filter=active');
  const dialog = await chooseAction(page, order, 'Cancel Order', 'Cancel Order');
  await expect(
    dialog.getByText(`The customer is refunded in full: ${money(order.totalCollected - order.refundAmount)}`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(dialog.getByText(MESSAGES.cancelReasonRequired)).toBeVisible();
  await expect(dialog.getByText(MESSAGES.confirmRequired)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('Reason for cancelling').fill('Our van broke down');
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(dialog.getByText(MESSAGES.confirmRequired)).toBeVisible();
  await dialog.getByRole('checkbox', { name: /I want to cancel this order/ }).check();
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page)).toHaveText(
    `Order ${order.confirmationId} was cancelled. The customer is refunded ${money(order.totalCollected - order.refundAmount)} in full.`,
  );
  // It leaves the active orders, and shows in the past ones, red, with nothing left to do.
  await expect(rowOf(page, order)).toHaveCount(0);
  await page.getByRole('button', { name: 'Past Orders' }).click();
  await expect(rowOf(page, order).locator('.badge[data-status="cancelled"]')).toHaveClass(/badge--red/);
  await expect(rowOf(page, order).locator('.badge[data-status="refunded"]')).toHaveClass(/badge--red/);
  // Spec §4: a cancelled order has no actions at all, not a menu of greyed-out ones (issue 23 #11).
  await expect(page.getByRole('button', { name: `Actions for order ${order.confirmationId}` })).toHaveCount(
    0,
  );
  await expect(page.getByText(`No actions for order ${order.confirmationId}`)).toBeVisible();
});

test('Complete: the confirm box and an optional note; the payout is due 72 hours later', async ({ page }) => {
  const order = await pick(
    page.request,
    (o) => o.fulfillmentStatus === 'unfulfilled' && o.allowedActions.includes('complete'),
    'a past job still to be marked complete (the demo data has one)',
  );
  await openHistory(page, '?filter=active');
  const dialog = await chooseAction(page, order, 'Complete', 'Complete Order');
  await expect(dialog.getByText(/72 hours after you mark this order complete/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Complete Order' }).click();
  await expect(dialog.getByText(MESSAGES.confirmRequired)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('Note (optional)').fill('Left the side gate latched.');
  await dialog.getByRole('checkbox', { name: 'I confirm this job is done.' }).check();
  await dialog.getByRole('button', { name: 'Complete Order' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page)).toHaveText(
    `Order ${order.confirmationId} is complete. Your payout of ${money(order.vendorPayoutAmount)} is sent 72 hours from now.`,
  );
  // It leaves the active orders and shows in the past ones, green; only a partial refund is left.
  await expect(rowOf(page, order)).toHaveCount(0);
  await page.getByRole('button', { name: 'Past Orders' }).click();
  await expect(rowOf(page, order).locator('.badge[data-status="fulfilled"]')).toHaveClass(/badge--green/);
  const menu = await openMenu(page, order);
  await expect(menu.getByRole('menuitem', { name: 'Partial Refund' })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expectBlocked(page, menu, 'Complete', TIPS.alreadyComplete);
  const after = (await ordersOf(page.request)).find((o) => o.id === order.id)!;
  expect(after.fulfillmentStatus).toBe('fulfilled');
});

test('@mobile Order History fits 375 px: each order a card with the same fields, its menu and modals', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard/orders');
  const cards = page.getByRole('list', { name: 'Orders' });
  await expect(cards).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const first = cards.getByRole('listitem').first();
  for (const term of ['Name', 'Appointment', 'Fulfillment Status', 'Payment Status', 'Price'])
    await expect(first.locator('.vendor-order-card__fields dt', { hasText: term })).toBeVisible();
  await first.getByRole('button', { name: /^Details for order/ }).click();
  await expect(first.getByRole('heading', { name: 'Billing' })).toBeVisible();
  await first.getByRole('button', { name: /^Actions for order/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'Order History scrolls sideways').toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
});
