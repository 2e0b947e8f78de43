/**
 * Payouts onboarding on Stripe (issue 11): the real `stripe` SDK against the local Stripe-protocol
 * server. create_account_session makes one connected account per vendor (controller properties: no
 * Stripe Dashboard, the platform collects requirements, so Connect's embedded components can run) and an
 * account session; Connect's signed account.updated webhook turns payouts on; a failure sets inactive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { VENDOR_MESSAGES } from '@stg/domain/api/vendors';
import { vendorEvents, vendors } from '../src/db/schema';
import { signedWebhook, startFakeStripe, type FakeStripe } from './fake-stripe';
import { createTestApp, TestClient } from './test-app';

const CONNECT_SECRET = 'whsec_connect_endpoint_onboarding';
const PASSWORD = 'Sunny-Day-2026';
let fake: FakeStripe;
let app: FastifyInstance;

beforeAll(async () => {
  fake = await startFakeStripe();
  app = await createTestApp({
    now: () => new Date('2026-11-23T17:00:00Z'),
    payments: fake.provider({ webhookSecret: `${fake.webhookSecret},${CONNECT_SECRET}` }),
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

async function signUp(email: string) {
  const client = new TestClient(app);
  await client.session();
  const address = { street_address: '1 Main St', city: 'St George', state: 'UT', zip_code: '84770' };
  const res = await client.request({
    method: 'POST',
    url: '/api/vendors',
    payload: {
      vendor: {
        name: 'Red Rock Detail',
        category: 'auto_detailing',
        email,
        phone_number: '4355551111',
        address_attributes: address,
        users_attributes: [
          {
            first_name: 'Sam',
            last_name: 'Ortiz',
            email,
            phone_number: '4355552222',
            password: PASSWORD,
            password_confirmation: PASSWORD,
          },
        ],
      },
    },
  });
  expect(res.statusCode).toBe(201);
  return { client, vendorId: res.json().vendor.id as number };
}

const vendorRow = async (id: number) =>
  (await app.deps.db.select().from(vendors).where(eq(vendors.id, id)))[0]!;

describe('payouts onboarding on Stripe', () => {
  it('one connected account, an onboarding session, and account.updated turns payouts on', async () => {
    const { client, vendorId } = await signUp('stripe-onboard@example.com');
    const first = await client.request({
      method: 'POST',
      url: '/api/vendors/create_account_session',
      payload: { id: vendorId },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      provider: 'stripe',
      publishableKey: fake.publishableKey,
      client_secret: expect.stringMatching(/^accs_secret__/),
      currentlyDue: expect.arrayContaining(['external_account']),
    });
    const row = await vendorRow(vendorId);
    expect(row.stripeIntegrated).toBe('onboarding');
    const account = fake.accounts.get(row.paymentAccountId!)!;
    expect(account.controller).toMatchObject({
      stripe_dashboard: { type: 'none' },
      requirement_collection: 'application',
    });
    expect(account.metadata).toEqual({ vendorId: String(vendorId) });
    expect(fake.accountSessions.at(-1)).toMatchObject({
      account: account.id,
      components: { account_onboarding: { enabled: true }, notification_banner: { enabled: true } },
    });

    // A second click (or a second tab) reuses the account.
    await client.request({ method: 'POST', url: '/api/vendors/create_account_session', payload: {} });
    expect(fake.count('/v1/accounts', 'POST')).toBe(1);

    // Earnings (issue 25 §2): no bank payouts to show before payouts are on.
    const stripePayouts = () =>
      client.request({ method: 'POST', url: `/api/vendors/${vendorId}/earnings/stripe-payouts` });
    expect((await stripePayouts()).json()).toEqual({
      provider: 'stripe',
      clientSecret: null,
      publishableKey: null,
    });

    fake.completeOnboarding(account.id, { last4: '6789', bankName: 'STRIPE TEST BANK' });
    const event = [...fake.events].reverse().find((e) => e.type === 'account.updated')!;
    const { body, headers } = signedWebhook(CONNECT_SECRET, event);
    const hook = await app.inject({ method: 'POST', url: '/api/payments/webhook', headers, payload: body });
    expect(hook.statusCode).toBe(200);
    expect(await vendorRow(vendorId)).toMatchObject({
      stripeIntegrated: 'active',
      payoutLast4: '6789',
      payoutBankName: 'STRIPE TEST BANK',
    });

    // Once active, the session is for account management and the notification banner.
    await client.request({ method: 'POST', url: '/api/vendors/create_account_session', payload: {} });
    expect(Object.keys((fake.accountSessions.at(-1) as { components: object }).components).sort()).toEqual([
      'account_management',
      'notification_banner',
    ]);

    // Earnings: Connect's own payouts component shows the account's bank payouts (an account session for it).
    const payoutsView = await stripePayouts();
    expect(payoutsView.statusCode).toBe(200);
    expect(payoutsView.json()).toEqual({
      provider: 'stripe',
      clientSecret: expect.stringMatching(/^accs_secret__/),
      publishableKey: fake.publishableKey,
    });
    expect(fake.accountSessions.at(-1)).toMatchObject({
      account: account.id,
      components: { payouts: { enabled: true } },
    });
    expect(Object.keys((fake.accountSessions.at(-1) as { components: object }).components)).toEqual([
      'payouts',
    ]);
  });

  it('a provider failure sets payouts inactive, is logged, and answers an error', async () => {
    const down = await startFakeStripe();
    await down.close();
    const broken = await createTestApp({ payments: down.provider() });
    try {
      // An app whose Stripe cannot be reached.
      const other = new TestClient(broken);
      await other.session();
      const address = { street_address: '1 Main St', city: 'St George', state: 'UT', zip_code: '84770' };
      const created = await other.request({
        method: 'POST',
        url: '/api/vendors',
        payload: {
          vendor: {
            name: 'Broken Stripe Co',
            category: 'pest_control',
            email: 'broken@example.com',
            phone_number: '4355553333',
            address_attributes: address,
            users_attributes: [
              {
                first_name: 'Lee',
                last_name: 'Park',
                email: 'broken@example.com',
                phone_number: '4355554444',
                password: PASSWORD,
                password_confirmation: PASSWORD,
              },
            ],
          },
        },
      });
      const brokenVendorId = created.json().vendor.id as number;
      await broken.deps.db
        .update(vendors)
        .set({ stripeIntegrated: 'onboarding' })
        .where(eq(vendors.id, brokenVendorId));
      const res = await other.request({
        method: 'POST',
        url: '/api/vendors/create_account_session',
        payload: {},
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().errors).toEqual([VENDOR_MESSAGES.accountSessionFailed]);
      const [row] = await broken.deps.db.select().from(vendors).where(eq(vendors.id, brokenVendorId));
      expect(row!.stripeIntegrated).toBe('inactive');
      const log = await broken.deps.db
        .select()
        .from(vendorEvents)
        .where(eq(vendorEvents.vendorId, brokenVendorId));
      expect(log.map((e) => e.action)).toContain('payouts_onboarding_failed');
    } finally {
      await broken.close();
    }
  });
});
