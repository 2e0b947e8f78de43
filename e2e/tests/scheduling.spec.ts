import { expect, test } from './csp-guard';
import { type Page } from '@playwright/test';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import type { AnswerOf } from '@stg/domain/api/endpoint';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { apiGet } from './api';
import { signIn } from './helpers';

const VENDOR = 'Sparkle & Shine Home Cleaning';
const ZONE = 'America/Denver';
const MINUTE = 60_000;

type AvailabilityAnswer = AnswerOf<typeof bookingsApi.availability>;

/** A guest prices the demo house cleaner; Continue opens Scheduling. Answers the vendor's id. */
async function priceAsGuest(page: Page): Promise<number> {
  await page.goto('/services?category=house_cleaning');
  await page
    .getByRole('link', { name: new RegExp(VENDOR) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: VENDOR })).toBeVisible();
  const vendorId = Number(/\/vendors\/(\d+)/.exec(page.url())?.[1]);
  await page.getByRole('button', { name: 'Get Price' }).click();
  const form = page.getByRole('form', { name: 'Instant pricing' });
  await form.getByRole('combobox', { name: 'Bedrooms' }).selectOption({ label: '2 bedrooms' });
  await form.getByRole('combobox', { name: 'Bathrooms' }).selectOption({ label: '1 bathroom' });
  await form.getByRole('button', { name: 'Continue' }).click();
  const scheduling = page.getByRole('region', { name: 'Scheduling' });
  await expect(scheduling.getByText('Times are in Mountain Time (St George)')).toBeVisible();
  return vendorId;
}

/** Every allowed start of a day, as instants. */
function startsOf(day: AvailabilityAnswer['days'][number], step: number): number[] {
  const starts: number[] = [];
  for (const range of day.ranges)
    for (let ms = Date.parse(range.start_time); ms <= Date.parse(range.end_time); ms += step * MINUTE)
      starts.push(ms);
  return starts;
}

const parts = (ms: number) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      hour: 'numeric',
      minute: '2-digit',
      month: 'short',
      day: 'numeric',
      hour12: true,
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  ) as Record<'hour' | 'minute' | 'month' | 'day' | 'dayPeriod', string>;

/** "9am" and "9:05 am" in Denver, as the picker labels them. */
const hourLabel = (ms: number) => `${parts(ms).hour}${parts(ms).dayPeriod.toLowerCase()}`;
const timeLabel = (ms: number) =>
  `${parts(ms).hour}:${parts(ms).minute} ${parts(ms).dayPeriod.toLowerCase()}`;
const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
/** Spec §9's "MMM do, h:mmaaa" in Denver: "Nov 24th, 9:05am". */
const appointmentLabel = (ms: number) => {
  const p = parts(ms);
  return `${p.month} ${ordinal(Number(p.day))}, ${p.hour}:${p.minute}${p.dayPeriod.toLowerCase()}`;
};
/** The day buttons' names: "Tuesday, November 24, 2026". */
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));

test('a guest prices a demo vendor, sees only free times, picks one, and Continue shows it in the Summary', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const vendorId = await priceAsGuest(page);
  const scheduling = page.getByRole('region', { name: 'Scheduling' });

  // The same answer the panel reads, for the guest's booking (the guest's cookies go with it).
  const answer = await apiGet(page.request, bookingsApi.availability, {
    params: { id: vendorId },
    query: { duration: '90' },
  });
  expect(answer.stepMinutes).toBe(1);
  expect(answer.days.length).toBeGreaterThan(0);
  const firstMonth = answer.days[0]!.date.slice(0, 7);

  // The first month's enabled days are exactly the free dates of that month.
  const grid = scheduling.getByRole('grid').first();
  // Polled: the calendar fills in when the panel's own availability answer arrives.
  await expect
    .poll(() =>
      grid
        .locator('button:enabled')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
    )
    .toEqual(answer.days.filter((d) => d.date.startsWith(firstMonth)).map((d) => dayLabel(d.date)));

  // The first free date is shown: its hours, and each hour's minutes, are exactly its free starts.
  const day = answer.days[0]!;
  const starts = startsOf(day, answer.stepMinutes);
  const hours = [...new Set(starts.map(hourLabel))];
  const hourGroup = scheduling.getByRole('group', { name: 'Hour', exact: true });
  await expect(hourGroup.getByRole('button')).toHaveText(hours);
  const hour = hours[hours.length > 1 ? 1 : 0]!;
  await hourGroup.getByRole('button', { name: hour, exact: true }).click();
  const inHour = starts.filter((ms) => hourLabel(ms) === hour);
  const minutes = scheduling.getByRole('group', { name: /^Minute/ });
  const labels = await minutes
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  expect(labels).toEqual(inHour.map(timeLabel));

  // One-minute steps: pick a start off the five-minute marks when there is one.
  const chosen = inHour.find((ms) => new Date(ms).getUTCMinutes() % 5 !== 0) ?? inHour[0]!;
  await minutes.getByRole('button', { name: timeLabel(chosen), exact: true }).click();
  const cont = scheduling.getByRole('button', { name: /^Continue — / });
  await expect(cont).toContainText(appointmentLabel(chosen));
  await cont.click();

  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toBeVisible();
  await expect(
    summary.locator('dt', { hasText: 'Appointment' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(`${appointmentLabel(chosen)} (Mountain Time)`);
  await expect(summary.getByText('Service Charge')).toBeVisible();
  await expect(
    summary.getByText('When you check out, we hold this time for you while you pay.'),
  ).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Checkout', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Booking' })).toBeVisible();

  const session = await apiGet(page.request, sessionApi.current);
  expect(session.bookings[0]!.status).toBe('scheduled');
  expect(Date.parse(session.bookings[0]!.appointmentAt ?? '')).toBe(chosen);
});

test('the scheduler shows two months at 1280 px and one at 1000 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await priceAsGuest(page);
  const scheduling = page.getByRole('region', { name: 'Scheduling' });
  await expect(scheduling.getByRole('grid')).toHaveCount(2);
  await page.setViewportSize({ width: 1000, height: 900 });
  await expect(scheduling.getByRole('grid')).toHaveCount(1);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(scheduling.getByRole('grid')).toHaveCount(2);
});

test('@mobile the Scheduling panel fits 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await priceAsGuest(page);
  await expect(page.getByRole('region', { name: 'Scheduling' }).getByRole('grid')).toHaveCount(1);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('the vendor changes a scheduling preference and it stays saved', async ({ page }) => {
  await signIn(page, 'vendor@example.com');
  await page.goto('/dashboard/scheduling');
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduling Preferences' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Preferences', exact: true });
  const save = form.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();

  // The workday order is checked at once.
  await form.getByRole('combobox', { name: 'Workday start' }).selectOption('18:00');
  await expect(form.getByText('Workday start time must be before end time.')).toBeVisible();
  await expect(save).toBeDisabled();
  await form.getByRole('combobox', { name: 'Workday start' }).selectOption('08:00');

  await form.getByRole('combobox', { name: 'Gap between appointments' }).selectOption('15');
  const note = `Please park on the street (${Date.now()}).`;
  await form.getByRole('textbox', { name: 'Appointment instructions' }).fill(note);
  await save.click();
  await expect(form.getByRole('status')).toHaveText('Saved');

  await page.reload();
  const again = page.getByRole('region', { name: 'Preferences', exact: true });
  await expect(again.getByRole('combobox', { name: 'Gap between appointments' })).toHaveValue('15');
  await expect(again.getByRole('textbox', { name: 'Appointment instructions' })).toHaveValue(note);
  await expect(again.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
});
