import { expect, test } from './csp-guard';
import { type APIRequestContext, type Page } from '@playwright/test';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { schedulingApi } from '@stg/domain/api/scheduling.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import type { AnswerOf } from '@stg/domain/api/endpoint';
import { apiFetch, apiGet, apiSend } from './api';
import { DEMO_PASSWORD, seriousViolations, signIn } from './helpers';

const CUSTOMER = 'customer@example.com';
/** vendor@example.com runs Sparkle & Shine, which has an upcoming order of customer@example.com. */
const VENDOR_LOGIN = 'vendor@example.com';
const ZONE = 'America/Denver';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An order as GET of the customer's orders answers it, and the availability answer (the contract's types). */
type ApiOrder = AnswerOf<typeof ordersApi.customerOrders>['orders'][number];
type AvailabilityAnswer = AnswerOf<typeof bookingsApi.availability>;

// ---- The API as a signed-in user (./api: by endpoint object, answers parsed with its schema) ----

/**
 * Moves the e2e server's clock to `at` (it runs on from there), or back to the wall clock with null
 * (SETTABLE_CLOCK in playwright.config.ts; apps/server/src/clock.ts). Answers the server's time now.
 */
async function setServerClock(request: APIRequestContext, at: number | null): Promise<number> {
  const { now } = await apiSend(request, supportApi.setClock, {
    body: { at: at === null ? null : new Date(at).toISOString() },
  });
  return Date.parse(now);
}

async function ordersOf(request: APIRequestContext): Promise<ApiOrder[]> {
  return (await apiGet(request, ordersApi.customerOrders)).orders;
}

async function availabilityFor(request: APIRequestContext, order: ApiOrder): Promise<AvailabilityAnswer> {
  return apiGet(request, bookingsApi.availability, {
    params: { id: order.vendorId },
    query: { duration: '90', order_id: String(order.id) },
  });
}

function startsOf(day: AvailabilityAnswer['days'][number], step: number): number[] {
  const starts: number[] = [];
  for (const range of day.ranges)
    for (let ms = Date.parse(range.start_time); ms <= Date.parse(range.end_time); ms += step * MINUTE)
      starts.push(ms);
  return starts;
}

/** The customer's upcoming orders that may still be changed, other than Sparkle & Shine's, by id. */
async function changeableOrders(request: APIRequestContext, exceptVendorId?: number) {
  return (await ordersOf(request))
    .filter((o) => o.canReschedule && o.canCancel && o.vendorId !== exceptVendorId)
    .sort((a, b) => a.id - b.id);
}

// ---- Labels as the page writes them, in Denver time ----

const parts = (ms: number) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      weekday: 'short',
      hour: 'numeric',
      minute: '2-digit',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour12: true,
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  ) as Record<'weekday' | 'hour' | 'minute' | 'month' | 'day' | 'year' | 'dayPeriod', string>;
const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
/** Spec §9's "MMM do, h:mmaaa": "Nov 24th, 9:05am". */
const appointmentLabel = (ms: number) => {
  const p = parts(ms);
  return `${p.month} ${ordinal(Number(p.day))}, ${p.hour}:${p.minute}${p.dayPeriod.toLowerCase()}`;
};
/** "Nov 1st, 2026" (spec §9's style, with the year). */
const placedLabel = (ms: number) => `${parts(ms).month} ${ordinal(Number(parts(ms).day))}, ${parts(ms).year}`;
/** The reschedule pop-up names a start as everything else does: "Nov 24th, 9:05am". */
const startLabel = appointmentLabel;
/** The picker's hour and minute buttons: "9am", "9:05 am". */
const hourLabel = (ms: number) => `${parts(ms).hour}${parts(ms).dayPeriod.toLowerCase()}`;
const timeLabel = (ms: number) =>
  `${parts(ms).hour}:${parts(ms).minute} ${parts(ms).dayPeriod.toLowerCase()}`;
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));
/** Denver's weekday (0 is Sunday) and minutes since local midnight at `ms`. */
const wallClock = (ms: number) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  ) as Record<'weekday' | 'hour' | 'minute', string>;
  return {
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday),
    minutes: Number(p.hour) * 60 + Number(p.minute),
  };
};
/**
 * The last Wednesday 10:00 in Denver at or before `ms`: a time of day with a weekday ahead whatever the day
 * the suite runs on. Denver's offsets are whole hours, so its hours begin on UTC hours.
 */
const lastWednesdayMorning = (ms: number) => {
  for (let t = Math.floor(ms / HOUR) * HOUR; ; t -= HOUR) {
    const w = wallClock(t);
    if (w.weekday === 3 && w.minutes === 10 * 60) return t;
  }
};
const localDate = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(ms));
const insideWindow = (hours: number) =>
  `Orders can be changed or cancelled online only up to ${hours} ${hours === 1 ? 'hour' : 'hours'} before the appointment. Please contact the vendor.`;

async function openOrders(page: Page) {
  await page.goto('/orders');
  const list = page.getByRole('list', { name: 'Your orders' });
  await expect(list).toBeVisible();
  return list;
}

/** The list item of one order (its action buttons carry the confirmation id in their names). */
const rowOf = (page: Page, order: ApiOrder) =>
  page
    .getByRole('list', { name: 'Your orders' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('button', {
        name: `Reschedule ${order.vendor.name} order ${order.confirmationId}`,
      }),
    });

test('the customer sees their orders newest placed first, each with its placed date and appointment', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, CUSTOMER);
  const list = await openOrders(page);
  await expect(
    page.getByText('Newest first, by the date each order was placed.', { exact: false }),
  ).toBeVisible();

  const orders = await ordersOf(page.request);
  expect(orders.length).toBeGreaterThanOrEqual(5);
  const placed = orders.map((o) => Date.parse(o.createdAt));
  expect(placed).toEqual([...placed].sort((a, b) => b - a));

  const toggles = list.locator(':scope > li > h2 > button');
  await expect(toggles).toHaveCount(orders.length);
  for (const [i, order] of orders.entries()) {
    const toggle = toggles.nth(i);
    await expect(toggle).toContainText(order.vendor.name);
    await expect(toggle).toContainText(`Placed ${placedLabel(Date.parse(order.createdAt))}`);
    await expect(toggle).toContainText(`Appointment ${appointmentLabel(Date.parse(order.appointmentAt))}`);
  }

  // A row opens to the whole order.
  const first = toggles.first();
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  const details = list.locator(':scope > li').first().locator('.order-row__details');
  await expect(
    details.locator('dt', { hasText: 'Confirmation' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(orders[0]!.confirmationId);
  await expect(details.getByText('Visa ending in 4242')).toBeVisible();
});

test('the customer reschedules an upcoming order to another free time', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, CUSTOMER);
  const sparkle = (await ordersOf(page.request)).find((o) => o.vendor.name.startsWith('Sparkle'));
  const order = (await changeableOrders(page.request, sparkle?.vendorId))[0]!;
  expect(order, 'an upcoming order that may be rescheduled').toBeTruthy();
  const current = Date.parse(order.appointmentAt);

  await openOrders(page);
  await rowOf(page, order)
    .getByRole('button', { name: `Reschedule ${order.vendor.name} order ${order.confirmationId}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await expect(dialog.getByText(`Current appointment: ${startLabel(current)}.`)).toBeVisible();

  // The same answer the modal reads: only the vendor's free starts for this order.
  const answer = await availabilityFor(page.request, order);
  expect(answer.stepMinutes).toBe(1);
  expect(answer.days.length).toBeGreaterThan(0);
  // The modal opens on the order's own day when it is offered, else on the first free day.
  const shownMonth = (answer.days.find((d) => d.date === localDate(current)) ?? answer.days[0]!).date.slice(
    0,
    7,
  );
  const grid = dialog.getByRole('grid');
  // Polled: the calendar fills in when the modal's own availability answer arrives.
  await expect
    .poll(() =>
      grid
        .locator('button:enabled')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
    )
    .toEqual(answer.days.filter((d) => d.date.startsWith(shownMonth)).map((d) => dayLabel(d.date)));

  // Another free time in that month, off the five-minute marks when there is one.
  const candidates = answer.days
    .filter((d) => d.date.startsWith(shownMonth))
    .flatMap((d) => startsOf(d, answer.stepMinutes).map((ms) => ({ date: d.date, ms })))
    .filter((s) => s.ms !== current);
  const target = candidates.find((s) => new Date(s.ms).getUTCMinutes() % 5 !== 0) ?? candidates[0]!;
  await dialog.getByRole('button', { name: dayLabel(target.date), exact: true }).click();
  await dialog
    .getByRole('group', { name: 'Hour', exact: true })
    .getByRole('button', { name: hourLabel(target.ms), exact: true })
    .click();
  await dialog
    .getByRole('group', { name: /^Minute/ })
    .getByRole('button', { name: timeLabel(target.ms), exact: true })
    .click();
  await dialog.getByRole('button', { name: `Reschedule to ${startLabel(target.ms)}` }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Your appointment with' })).toHaveText(
    `Your appointment with ${order.vendor.name} is now ${startLabel(target.ms)} (Mountain Time).`,
  );
  const row = rowOf(page, order);
  await expect(row.getByRole('heading')).toContainText(`Appointment ${appointmentLabel(target.ms)}`);
  await expect(row.locator('.order-row__toggle .badge[data-status="rescheduled"]')).toHaveClass(
    /badge--yellow/,
  );

  const saved = (await ordersOf(page.request)).find((o) => o.id === order.id)!;
  expect(Date.parse(saved.appointmentAt)).toBe(target.ms);
  expect(saved.fulfillmentStatus).toBe('rescheduled');
});

test('cancelling inside the policy window is refused, naming the hours', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, CUSTOMER);

  // The vendor's side: minimum notice 0 so the order can be moved close, then a 24-hour policy.
  const vendorApi = await playwright.request.newContext({ baseURL });
  await apiSend(vendorApi, sessionApi.signIn, {
    body: { user: { email: VENDOR_LOGIN, password: DEMO_PASSWORD } },
  });
  const { vendor } = await apiGet(vendorApi, sessionApi.current);
  const calendar = vendor?.calendar;
  if (!vendor || !calendar) throw new Error(`${VENDOR_LOGIN} signs in as a vendor with a calendar`);
  // The vendor's settings answer the raw response: checked in the journey, not in the clean-up.
  const policy = (hours: number) =>
    apiFetch(vendorApi, vendorsApi.update, {
      params: { id: vendor.id },
      body: { vendor: { id: vendor.id, cancelationPolicyHours: hours } },
    });
  const notice = (days: number) =>
    apiFetch(vendorApi, schedulingApi.updatePreferences, {
      params: { id: calendar.id },
      body: { vendorCalendar: { bookingWindowStartDays: days } },
    });
  const workday = (workdayStartTime: string, workdayEndTime: string) =>
    apiFetch(vendorApi, schedulingApi.updatePreferences, {
      params: { id: calendar.id },
      body: { vendorCalendar: { workdayStartTime, workdayEndTime } },
    });

  const order = (await ordersOf(page.request)).find((o) => o.vendorId === vendor.id && o.canCancel)!;
  expect(order, "the customer's upcoming order with the vendor").toBeTruthy();
  const original = order.appointmentAt;
  try {
    // The vendor works around the clock with no notice, so what follows does not hang on the time of day.
    expect((await notice(0)).status()).toBe(200);
    expect((await workday('00:00', '24:00')).status()).toBe(200);
    expect((await policy(0)).status()).toBe(200);

    // Appointments are Monday to Friday (spec §2; the slot engine's rule, not a vendor setting) and a policy
    // is at most 24 hours, so from late Friday to early Sunday in Denver no appointment can lie inside the
    // window. The server's clock (and the page's) is therefore set to a Wednesday morning in the past week,
    // before the order's own time: the journey is the same whatever the day and hour it runs at.
    const now = await setServerClock(page.request, lastWednesdayMorning(Date.now()));
    expect(wallClock(now)).toMatchObject({ weekday: 3 });
    await page.clock.install({ time: now });

    // The customer moves the order to the vendor's earliest free time, as the server's answer gives it.
    const answer = await availabilityFor(page.request, order);
    const soonest = answer.days
      .flatMap((d) => startsOf(d, answer.stepMinutes))
      .find((ms) => ms !== Date.parse(original) && ms > now + 10 * MINUTE);
    expect(soonest, 'a free start within 23 hours of a vendor working 00:00-24:00').toBeDefined();
    expect(soonest! - now).toBeLessThanOrEqual(23 * HOUR);
    await apiSend(page.request, ordersApi.reschedule, {
      params: { id: order.id },
      body: { order: { appointmentAt: new Date(soonest!).toISOString() } },
    });

    // Opened while the policy still allowed it; the vendor then sets 24 hours.
    await openOrders(page);
    const cancel = rowOf(page, order).getByRole('button', { name: /^Cancel Order/ });
    await expect(cancel).not.toHaveAttribute('aria-disabled', 'true');
    expect((await policy(24)).status()).toBe(200);

    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
    await dialog.getByRole('textbox', { name: 'Reason for cancelling' }).fill('Something came up at work.');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(insideWindow(24));
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep Order' }).click();
    await expect(dialog).toBeHidden();

    // Read again, the order says why it can no longer be changed; nothing was cancelled.
    await page.reload();
    const blocked = rowOf(page, order).getByRole('button', { name: /^Cancel Order/ });
    await expect(blocked).toHaveAttribute('aria-disabled', 'true');
    await expect(rowOf(page, order).getByText(insideWindow(24))).toBeVisible();
    const refused = await apiFetch(page.request, ordersApi.cancel, {
      params: { id: order.id },
      body: { cancelReason: 'Trying again' },
    });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { errors: string[] }).errors).toEqual([insideWindow(24)]);
    const after = (await ordersOf(page.request)).find((o) => o.id === order.id)!;
    expect(after.fulfillmentStatus).not.toBe('cancelled');
  } finally {
    // Leave the order, the demo vendor and the server's clock as they were for the other journeys. The
    // order moves back while the clock still reads the test's Wednesday: after the clock is put back, the
    // time it was moved to may already be past, and a past appointment cannot be moved.
    await policy(0);
    const back = await apiFetch(page.request, ordersApi.reschedule, {
      params: { id: order.id },
      body: { order: { appointmentAt: original } },
    });
    expect.soft(back.status(), 'the order moves back to its own time').toBe(200);
    await setServerClock(page.request, null);
    await policy(vendor.cancelationPolicyHours);
    await notice(calendar.bookingWindowStartDays);
    await workday(calendar.workdayStartTime, calendar.workdayEndTime);
    await vendorApi.dispose();
  }
});

test('cancelling an upcoming order outside the window refunds the whole amount', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, CUSTOMER);
  const sparkle = (await ordersOf(page.request)).find((o) => o.vendor.name.startsWith('Sparkle'));
  const candidates = await changeableOrders(page.request, sparkle?.vendorId);
  const order = candidates[candidates.length - 1]!;
  expect(order, 'an upcoming order that may be cancelled').toBeTruthy();
  const amount = `$${(order.totalCollected - order.refundAmount).toFixed(2)}`;

  await openOrders(page);
  await rowOf(page, order)
    .getByRole('button', { name: /^Cancel Order/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
  await expect(
    dialog.getByText(`The whole amount (${amount}) will be refunded to your Visa ending in 4242.`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(dialog.getByText('Please give a reason for cancelling.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason for cancelling' }).fill('We are moving out of town.');
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'was cancelled' })).toHaveText(
    `Your order with ${order.vendor.name} was cancelled. ${amount} will be refunded to your card.`,
  );
  const toggle = rowOf(page, order).getByRole('heading').getByRole('button');
  await expect(toggle.locator('.badge[data-status="cancelled"]')).toHaveText('Fulfillment: Cancelled');
  await expect(toggle.locator('.badge[data-status="refunded"]')).toHaveText('Payment: Refunded');
  await expect(toggle.locator('.badge[data-status="refunded"]')).toHaveClass(/badge--red/);
  await expect(rowOf(page, order).getByRole('button', { name: /^Cancel Order/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  const saved = (await ordersOf(page.request)).find((o) => o.id === order.id)!;
  expect(saved.fulfillmentStatus).toBe('cancelled');
  expect(saved.paymentStatus).toBe('refunded');
  expect(saved.refundAmount).toBe(saved.totalCollected);
});

test('@mobile the orders page and its two modals fit 375 px without cut labels', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, CUSTOMER);
  const orders = await ordersOf(page.request);
  const order = orders.find((o) => o.canReschedule && o.canCancel)!;
  await openOrders(page);
  const fits = async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // No button cuts its own label.
    const cut = await page
      .locator('button:visible')
      .evaluateAll((buttons) =>
        buttons.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent?.trim()),
      );
    expect(cut).toEqual([]);
  };
  await fits();

  await rowOf(page, order)
    .getByRole('button', { name: /^Reschedule/ })
    .click();
  const reschedule = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await expect(reschedule.getByRole('grid')).toHaveCount(1);
  const minutes = reschedule.getByRole('group', { name: /^Minute/ }).getByRole('button');
  const current = timeLabel(Date.parse(order.appointmentAt));
  const labels = await minutes.evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')));
  await minutes.nth(labels.findIndex((l) => l !== current)).click();
  await expect(reschedule.getByRole('button', { name: /^Reschedule to / })).toBeEnabled();
  await fits();
  await page.keyboard.press('Escape');
  await expect(reschedule).toBeHidden();

  await rowOf(page, order)
    .getByRole('button', { name: /^Cancel Order/ })
    .click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Order' });
  await expect(cancel.getByRole('textbox', { name: 'Reason for cancelling' })).toBeFocused();
  await fits();
  await cancel.getByRole('button', { name: 'Keep Order' }).click();
  await expect(cancel).toBeHidden();
});

test('the orders page and its two modals have no serious accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, CUSTOMER);
  const order = (await ordersOf(page.request)).find((o) => o.canReschedule && o.canCancel)!;
  const list = await openOrders(page);
  await list.locator(':scope > li > h2 > button').first().click();
  expect(await seriousViolations(page)).toEqual([]);

  await rowOf(page, order)
    .getByRole('button', { name: /^Reschedule/ })
    .click();
  const reschedule = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await expect(reschedule.getByRole('grid')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(reschedule).toBeHidden();

  await rowOf(page, order)
    .getByRole('button', { name: /^Cancel Order/ })
    .click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Order' });
  await cancel.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(cancel.getByText('Please give a reason for cancelling.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
