/**
 * Issue 27: instances die in the middle of a customer's checkout, behind nginx (playwright.cluster.config.ts
 * runs this against `npm run cluster`: two servers, one PostgreSQL, one S3 bucket). One instance is killed
 * outright (SIGKILL, a crash) just before the customer pays; once it is back (the cluster restarts it, as
 * compose's `restart: unless-stopped` does), the other is stopped as a rolling upgrade stops it (SIGTERM)
 * while the customer goes on to the orders page and pays a second time. The customer never sees an error:
 * nginx sends each request to the instance that is up, the confirmation socket reconnects to it, and both
 * orders are there afterwards.
 */
import fs from 'node:fs';
import { matchesPath } from '@stg/domain/api/endpoint';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { pathOf } from '@stg/domain/api/endpoint';
import { apiGet } from './api';
import { checkout, figure, payWithCard, price, schedule, status, VENDOR_PATH } from './checkout-journey';
import { expect, test } from './csp-guard';
import { fillCustomerSignUp, uniqueEmail } from './helpers';

interface Instance {
  name: string;
  port: number;
  pid: number | null;
}
/** What scripts/cluster.mjs wrote: each instance's port and current pid. */
function instances(): Instance[] {
  return (JSON.parse(fs.readFileSync(process.env.CLUSTER_STATE!, 'utf8')) as { instances: Instance[] })
    .instances;
}

/** Stops one instance's process (as it is now) and answers its pid. */
function stop(name: string, signal: NodeJS.Signals): number {
  const { pid } = instances().find((i) => i.name === name)!;
  process.kill(pid!, signal);
  return pid!;
}

/** Waits until the cluster has started the instance again (a new pid) and it answers its health check. */
async function backUp(name: string, oldPid: number) {
  await expect
    .poll(
      async () => {
        const now = instances().find((i) => i.name === name)!;
        if (now.pid === oldPid || now.pid === null) return false;
        const res = await fetch(`http://127.0.0.1:${now.port}${pathOf(supportApi.health)}`).catch(() => null);
        return res?.ok ?? false;
      },
      { timeout: 90_000, message: `${name} started again and healthy` },
    )
    .toBe(true);
}

test.skip(!process.env.CLUSTER_STATE, 'runs against npm run cluster (playwright.cluster.config.ts)');

test('instances die during a checkout through nginx: the customer sees no error, and both orders are kept', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const [first, second] = instances().map((i) => i.name);
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    if (matchesPath(ordersApi.confirmations, new URL(socket.url()).pathname))
      socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  const failures: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 500) failures.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });

  // A guest prices, schedules, and creates the account inside Checkout: the payment step is open.
  await page.goto(VENDOR_PATH);
  const summary = await schedule(page, await price(page));
  await checkout(summary);
  await fillCustomerSignUp(
    page.getByRole('dialog', { name: 'Booking Information' }),
    uniqueEmail('failover'),
  );
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await expect(payment.getByText('Step 2 of 2')).toBeVisible();
  // The payment form is ready (the payment intent made, the time held).
  await expect(payment.getByText('Test mode', { exact: true })).toBeVisible();

  // The first instance crashes just before the customer pays.
  const crashed = stop(first!, 'SIGKILL');
  await payWithCard(payment, '4242 4242 4242 4242', { save: true });
  await expect(status(payment)).toHaveText('Payment success!');
  const confirmation = payment.getByRole('region', { name: 'Your booking is confirmed' });
  await expect(confirmation).toBeVisible();
  const confirmationId = (await figure(confirmation, 'Confirmation').textContent())!.trim();
  // The live confirmation came over the socket (to whichever instance is up).
  await expect
    .poll(() => frames.some((f) => f.includes(`"confirmationId":"${confirmationId}"`)), { timeout: 30_000 })
    .toBe(true);

  // Back up; then the other instance is stopped gracefully (a rolling upgrade) while the customer goes on.
  await backUp(first!, crashed);
  const stopped = stop(second!, 'SIGTERM');
  await payment.getByRole('link', { name: 'View your orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await page
    .getByRole('button', { name: /^Red Rock Maids/ })
    .first()
    .click();
  await expect(page.getByText(confirmationId, { exact: true })).toBeVisible();

  // A second booking while that instance is still on its way back: the saved card pays.
  await page.goto(VENDOR_PATH);
  await page.getByRole('button', { name: /^(Get Price|Edit Service)$/ }).click();
  const again = page.getByRole('form', { name: 'Instant pricing' });
  await expect(figure(again, 'Subtotal')).toHaveText('$234.60');
  await checkout(await schedule(page, again));
  const secondPayment = page.getByRole('dialog', { name: 'Payment' });
  await expect(secondPayment.getByRole('radio', { name: /^Visa ending in 4242/ })).toBeChecked();
  await secondPayment.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(status(secondPayment)).toHaveText('Payment success!');
  await backUp(second!, stopped);

  // Nothing lost: both orders, each confirmed once; no request failed on the way.
  const orders = await apiGet(page.request, ordersApi.customerOrders);
  expect(orders.orders).toHaveLength(2);
  expect(orders.orders.map((o) => o.confirmationId)).toContain(confirmationId);
  expect(failures).toEqual([]);
});
