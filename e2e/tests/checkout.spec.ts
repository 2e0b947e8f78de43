import { expect, test } from './csp-guard';
import { type Page } from '@playwright/test';
import { matchesPath } from '@stg/domain/api/endpoint';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { apiGet } from './api';
import { DEMO_PASSWORD, fillCustomerSignUp, openSignIn, seriousViolations, uniqueEmail } from './helpers';
import { checkout, figure, payWithCard, price, schedule, status, VENDOR_PATH } from './checkout-journey';

/** A new customer, signed up from the header of the provider page. */
async function signUpOnVendorPage(page: Page, prefix: string) {
  await page.goto(VENDOR_PATH);
  await page.getByRole('banner').getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await fillCustomerSignUp(dialog, uniqueEmail(prefix));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible();
}

test('a guest prices, schedules, signs up inside Checkout, pays, sees the live confirmation and the order; the next checkout offers the saved card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The order confirmation socket's frames, to see the live confirmation arrive.
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    if (matchesPath(ordersApi.confirmations, new URL(socket.url()).pathname))
      socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });

  await page.goto(VENDOR_PATH);
  const vendorName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const form = await price(page);
  await form.getByRole('textbox', { name: 'Additional Instructions (Optional)' }).fill('Gate code 1234');
  const summary = await schedule(page, form);
  await expect(figure(summary, 'Total')).toHaveText('$237.15');
  await expect(summary.getByText('next release')).toHaveCount(0);
  await checkout(summary);

  // Step 1 of 2: Booking Information, creating the account inside the flow.
  const booking = page.getByRole('dialog', { name: 'Booking Information' });
  await expect(booking.getByText('Step 1 of 2')).toBeVisible();
  await fillCustomerSignUp(booking, uniqueEmail('checkout'));

  // Step 2 of 2: the payment, for the same booking.
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await expect(payment.getByText('Step 2 of 2')).toBeVisible();
  await expect(payment.getByText('$237.15', { exact: true })).toBeVisible();
  await expect(
    payment.getByText(/^We are holding this time for you until \d{1,2}:\d\d[ap]m \(Mountain Time\)/),
  ).toBeVisible();
  await expect(payment.getByText('4242 4242 4242 4242')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await payWithCard(payment, '4242 4242 4242 4242', { save: true });

  await expect(status(payment)).toHaveText('Payment success!');
  const confirmation = payment.getByRole('region', { name: 'Your booking is confirmed' });
  await expect(confirmation).toBeVisible();
  const confirmationId = (await figure(confirmation, 'Confirmation').textContent())!.trim();
  expect(confirmationId).toMatch(/^SG-[A-Z0-9]+$/);
  await expect(figure(confirmation, 'Total paid')).toHaveText('$237.15 · Visa ending in 4242');
  // The live confirmation came over OrderConfirmationChannel with the order.
  await expect
    .poll(() =>
      frames.some((f) => f.includes(`"confirmationId":"${confirmationId}"`) && f.includes('"confirmed"')),
    )
    .toBe(true);

  await payment.getByRole('link', { name: 'View your orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await page
    .getByRole('button', { name: new RegExp(`^${vendorName}`) })
    .first()
    .click();
  await expect(page.getByText(confirmationId, { exact: true })).toBeVisible();

  // A second booking: the saved card is offered first and pays.
  await page.goto(VENDOR_PATH);
  const again = page.getByRole('form', { name: 'Instant pricing' });
  await page.getByRole('button', { name: /^(Get Price|Edit Service)$/ }).click();
  // The account's saved answers come back.
  await expect(again.getByRole('combobox', { name: 'Bedrooms' })).toHaveValue(/.+/);
  await expect(figure(again, 'Subtotal')).toHaveText('$234.60');
  await checkout(await schedule(page, again));
  const second = page.getByRole('dialog', { name: 'Payment' });
  const saved = second.getByRole('radio', { name: /^Visa ending in 4242 · expires 12\/\d\d$/ });
  await expect(saved).toBeChecked();
  await expect(second.getByLabel('Card number')).toHaveCount(0);
  await second.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(status(second)).toHaveText('Payment success!');

  const orders = await apiGet(page.request, ordersApi.customerOrders);
  expect(orders.orders).toHaveLength(2);
  expect(orders.orders.find((o) => o.confirmationId === confirmationId)?.customerNotes).toBe(
    'Gate code 1234',
  );
});

test('a declined card shows its message, keeps the form, and leaves no order', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpOnVendorPage(page, 'declined');
  await checkout(await schedule(page, await price(page)));
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await expect(payment.getByText('Step 2 of 2')).toHaveCount(0);

  // A number outside the test cards is refused here and never sent.
  await payWithCard(payment, '4111 1111 1111 1111');
  await expect(payment.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(payment.getByText('Test mode accepts only the test card numbers listed below.')).toBeVisible();

  await payment.getByLabel('Card number').fill('4000 0000 0000 0002');
  await payment.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(payment.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(payment.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await expect(payment.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();

  const orders = await apiGet(page.request, ordersApi.customerOrders);
  expect(orders.orders).toEqual([]);
});

test('the 3-D Secure card goes through the sandbox authentication page and comes back to the payment modal', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpOnVendorPage(page, 'three-d-secure');
  await checkout(await schedule(page, await price(page)));
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await payWithCard(payment, '4000 0025 0000 3155');

  await expect(page).toHaveURL(/\/sandbox\/authenticate\/pi_/);
  await expect(page.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  // Back on the provider page with open_payment_gateway=true: the modal reopens with the outcome, and
  // the provider's parameters leave the address.
  const back = page.getByRole('dialog', { name: 'Payment' });
  await expect(status(back)).toHaveText('Payment success!');
  await expect(back.getByRole('region', { name: 'Your booking is confirmed' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${VENDOR_PATH}$`));
  const orders = await apiGet(page.request, ordersApi.customerOrders);
  expect(orders.orders).toHaveLength(1);
});

test("a guest's answers survive signing in in the middle of pricing", async ({ page }) => {
  await page.goto(VENDOR_PATH);
  const form = await price(page);
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill('customer@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Bedrooms' })).toHaveValue(/.+/);
  await expect(form.getByRole('combobox', { name: 'Bedrooms' }).locator('option:checked')).toHaveText(
    '5 bedrooms',
  );
  await expect(form.getByRole('combobox', { name: 'Bathrooms' }).locator('option:checked')).toHaveText(
    '3 bathrooms',
  );
  await expect(figure(form, 'Subtotal')).toHaveText('$234.60');
});

for (const width of [1280, 375]) {
  test(`${width === 375 ? '@mobile ' : ''}the payment modal fits ${width} px with nothing cut off`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await signUpOnVendorPage(page, `screens-${width}`);
    await checkout(await schedule(page, await price(page)));
    const payment = page.getByRole('dialog', { name: 'Payment' });
    await expect(payment.getByRole('button', { name: /^Pay \$/ })).toBeVisible();
    // Show the field messages too.
    await payment.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(payment.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // No label, button or line of text inside the modal is wider than its box.
    const clipped = await payment.evaluate((dialog) =>
      Array.from(dialog.querySelectorAll('*'))
        .filter((el): el is HTMLElement => el instanceof HTMLElement && el.offsetParent !== null)
        .filter((el) => getComputedStyle(el).display !== 'inline')
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.tagName}.${el.className}: ${(el.textContent ?? '').slice(0, 40)}`),
    );
    expect(clipped).toEqual([]);
    const box = (await payment.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await payment.screenshot({ path: testInfo.outputPath(`payment-modal-${width}.png`) });
    await page.screenshot({ path: testInfo.outputPath(`payment-page-${width}.png`) });

    await payWithCard(payment, '4242 4242 4242 4242');
    await expect(status(payment)).toHaveText('Payment success!');
    await payment.screenshot({ path: testInfo.outputPath(`payment-success-${width}.png`) });
  });
}

test('right after paying, the provider page lets the new customer review the vendor, without a reload (issue 23 #17)', async ({
  page,
}) => {
  const noOrder = 'You must place an order with this vendor to leave them a review';
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpOnVendorPage(page, 'review-after-paying');
  const reviews = page.getByRole('region', { name: 'Reviews' });
  const write = reviews.getByRole('button', { name: 'Write a Review' });
  await expect(write).toBeDisabled();
  await expect(reviews.getByText(noOrder)).toBeVisible();

  await checkout(await schedule(page, await price(page)));
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await payWithCard(payment, '4242 4242 4242 4242');
  await expect(status(payment)).toHaveText('Payment success!');
  await payment.getByRole('button', { name: 'Close' }).click();
  await expect(payment).toBeHidden();

  // The same page, never reloaded: the order made the customer eligible.
  await expect(reviews.getByText(noOrder)).toHaveCount(0);
  await expect(write).toBeEnabled();
});
