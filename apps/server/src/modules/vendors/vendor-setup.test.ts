/**
 * Issue 11 through the API: a business signs up, uploads its images, connects sandbox payouts, submits
 * for review; an operator approves or sends it back; the vendor manages the listing after. Every rule
 * the UI enforces is checked here again, and only the owner acts on a vendor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { reviewQueueResponseSchema, VENDOR_MESSAGES, vendorSchema } from '@stg/domain/api/vendors';
import { defaultPricingFor } from '@stg/domain/pricing-defaults';
import { unprintableMessage } from '@stg/domain/printable-text';
import { MESSAGES } from '@stg/domain/validation';
import type { MemoryStorage } from '../../adapters/storage/local-storage';
import { images, pricingInputs, users, vendorCalendars, vendorEvents, vendors } from '../../db/schema';
import { hashPassword } from '../auth/password';
import { GOOGLE_REVIEWS_MESSAGES } from '../reviews/google';
import { createTestApp, outbox, TestClient } from '../../../test/test-app';
import { multipartBody, pictureFile } from '../../../test/multipart';

let app: FastifyInstance;
let operator: TestClient;
const PASSWORD = 'Sunny-Day-2026';

beforeAll(async () => {
  app = await createTestApp({ now: () => new Date('2026-11-23T17:00:00Z') });
  await app.deps.db.insert(users).values({
    firstName: 'Olivia',
    lastName: 'Reyes',
    email: 'ops@example.com',
    phoneNumber: '4355550199',
    passwordDigest: await hashPassword(PASSWORD),
    isOperator: true,
  });
  operator = new TestClient(app);
  expect((await operator.signIn('ops@example.com', PASSWORD)).statusCode).toBe(200);
}, 60_000);
afterAll(() => app.close());

const address = {
  street_address: '100 N Main St',
  street_address_2: 'Suite 2',
  city: 'St George',
  state: 'UT',
  zip_code: '84770',
};

function signUpPayload(
  email: string,
  over: Record<string, unknown> = {},
  userOver: Record<string, unknown> = {},
) {
  return {
    vendor: {
      name: 'Zion Window Pros',
      category: 'window_cleaning',
      email: `office+${email}`,
      phone_number: '4355551234',
      address_attributes: address,
      users_attributes: [
        {
          first_name: 'Dana',
          last_name: 'Lund',
          email,
          phone_number: ' 4355554321 ',
          password: PASSWORD,
          password_confirmation: PASSWORD,
          user_type: 'vendor',
          addresses_attributes: [address],
          ...userOver,
        },
      ],
      ...over,
    },
  };
}

async function signUp(email: string) {
  const client = new TestClient(app);
  await client.session();
  const res = await client.request({ method: 'POST', url: '/api/vendors', payload: signUpPayload(email) });
  expect(res.statusCode).toBe(201);
  const body = res.json<{ user: { id: number; vendorId: number }; vendor: { id: number } }>();
  return { client, vendorId: body.vendor.id, userId: body.user.id, body };
}

async function upload(
  client: TestClient,
  vendorId: number,
  files: { field: string; data: Buffer; name?: string }[],
) {
  const { payload, headers } = await multipartBody(
    files.map((f, i) => ({ ...f, name: f.name ?? `photo-${i}.png` })),
  );
  return client.request({ method: 'PATCH', url: `/api/vendors/${vendorId}`, payload, headers });
}

const galleryFiles = async (n: number) =>
  Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      field: 'vendor[galleryImages][]',
      data: await pictureFile('png', 80, 60, i * 20),
    })),
  );

async function events(vendorId: number) {
  return app.deps.db
    .select()
    .from(vendorEvents)
    .where(eq(vendorEvents.vendorId, vendorId))
    .orderBy(asc(vendorEvents.id));
}

/**
 * Setup through the API: logo, banner, four gallery images, calendar skipped, sandbox payouts, and the
 * service description (issue 25: the pricing and scheduling rules are the sign-up's defaults).
 */
async function completeSetup(client: TestClient, vendorId: number) {
  expect(
    (
      await client.request({
        method: 'PATCH',
        url: `/api/vendors/${vendorId}`,
        payload: { vendor: { serviceDescription: 'Streak-free windows, screens and tracks.' } },
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await upload(client, vendorId, [
        { field: 'vendor[logoImageUrl]', data: await pictureFile('png', 300, 300) },
        { field: 'vendor[thumbnailImageUrl]', data: await pictureFile('jpeg', 1200, 400) },
      ])
    ).statusCode,
  ).toBe(200);
  expect((await upload(client, vendorId, await galleryFiles(4))).statusCode).toBe(200);
  expect(
    (
      await client.request({
        method: 'PATCH',
        url: `/api/vendors/${vendorId}`,
        payload: { vendor: { calendarSkipped: true } },
      })
    ).statusCode,
  ).toBe(200);
  const session = await client.request({
    method: 'POST',
    url: '/api/vendors/create_account_session',
    payload: { id: vendorId },
  });
  expect(session.statusCode).toBe(200);
  const onboard = await client.request({
    method: 'POST',
    url: '/api/payments/sandbox/account-onboarding',
    payload: {
      clientSecret: session.json().client_secret,
      accountHolderName: 'Dana Lund',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      tosAccepted: true,
    },
  });
  expect(onboard.statusCode).toBe(200);
  await app.deps.background.drain();
}

describe('POST /api/vendors (vendor sign-up)', () => {
  it('creates the vendor user and the vendor awaiting submission in one go, and signs them in', async () => {
    const { client, body, vendorId } = await signUp('dana@example.com');
    expect(body.user).toMatchObject({
      userType: 'vendor',
      vendorId,
      firstName: 'Dana',
      phoneNumber: '4355554321',
    });
    expect(vendorSchema.parse(body.vendor)).toMatchObject({
      name: 'Zion Window Pros',
      category: 'window_cleaning',
      email: 'office+dana@example.com',
      listingStatus: 'awaiting_submission',
      stripeIntegrated: 'inactive',
      address: { streetAddress: '100 N Main St', streetAddress2: 'Suite 2', state: 'UT', zipCode: '84770' },
    });
    expect((body as unknown as { addresses: unknown[] }).addresses).toHaveLength(1);
    const session = (await client.session()).json();
    expect(session.user.vendorId).toBe(vendorId);
    expect(session.vendor.listingStatus).toBe('awaiting_submission');
    const [calendar] = await app.deps.db
      .select()
      .from(vendorCalendars)
      .where(eq(vendorCalendars.vendorId, vendorId));
    expect(calendar).toBeDefined();
    expect((await events(vendorId)).map((e) => e.action)).toEqual(['signed_up']);
    // Not in the catalog, and unknown to others.
    const list = (await app.inject({ method: 'GET', url: '/api/vendors' })).json<{ id: number }[]>();
    expect(list.some((v) => v.id === vendorId)).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/api/vendors/${vendorId}` })).statusCode).toBe(404);
  });

  it('answers every rule of the form with the spec message, and creates nothing', async () => {
    const client = new TestClient(app);
    await client.session();
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ name: ' ' }, {}, MESSAGES.businessNameRequired],
      [{ category: 'lawn_care' }, {}, MESSAGES.categoryRequired],
      [{ phone_number: '435555' }, {}, MESSAGES.phoneInvalid],
      [{ email: 'nope' }, {}, MESSAGES.emailInvalid],
      [{ address_attributes: { ...address, zip_code: '84101' } }, {}, MESSAGES.zipInvalid],
      [{ address_attributes: { ...address, state: 'NV' } }, {}, MESSAGES.stateInvalid],
      [{ address_attributes: { ...address, city: '' } }, {}, MESSAGES.cityRequired],
      [{}, { first_name: '' }, MESSAGES.firstNameRequired],
      [{}, { phone_number: '' }, MESSAGES.phoneRequired],
      [{}, { password_confirmation: 'Different-2026' }, MESSAGES.passwordConfirmationMismatch],
      [{}, { password: 'short1', password_confirmation: 'short1' }, MESSAGES.passwordTooShort],
    ];
    for (const [over, userOver, message] of cases) {
      const res = await client.request({
        method: 'POST',
        url: '/api/vendors',
        payload: signUpPayload('rules@example.com', over, userOver),
      });
      expect(res.statusCode, message).toBe(422);
      expect(res.json().errors, message).toContain(message);
    }
    const [row] = await app.deps.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, 'rules@example.com'));
    expect(row!.n).toBe(0);
  });

  it('refuses an email that already has an account', async () => {
    await signUp('taken@example.com');
    const client = new TestClient(app);
    await client.session();
    const res = await client.request({
      method: 'POST',
      url: '/api/vendors',
      payload: signUpPayload('TAKEN@example.com'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([MESSAGES.emailTaken]);
  });
});

describe('images', () => {
  it('uploads a logo, a banner and gallery images (re-encoded), deletes one, and replaces the logo', async () => {
    const { client, vendorId } = await signUp('images@example.com');
    const storage = app.deps.storage as MemoryStorage;
    const res = await upload(client, vendorId, [
      { field: 'vendor[logoImageUrl]', data: await pictureFile('jpeg', 900, 900) },
      { field: 'vendor[thumbnailImageUrl]', data: await pictureFile('png', 2400, 800) },
      ...(await galleryFiles(5)),
    ]);
    expect(res.statusCode).toBe(200);
    const vendor = vendorSchema.parse(res.json());
    expect(vendor.logoImageUrl).toMatch(/^\/uploads\/logo\/.+\.webp$/);
    expect(vendor.bannerImageUrl).toMatch(/^\/uploads\/banner\/.+\.webp$/);
    expect(vendor.thumbnailImageUrl).toMatch(/-thumb\.webp$/);
    expect(vendor.galleryImageUrls).toHaveLength(5);
    const logoKey = vendor.logoImageUrl!.replace('/uploads/', '');
    expect(storage.files.get(logoKey)?.contentType).toBe('image/webp');

    const del = await client.request({
      method: 'DELETE',
      url: `/api/vendors/${vendorId}/images`,
      payload: { blob_id: vendor.galleryImageUrls[0]!.blobId },
    });
    expect(del.statusCode).toBe(200);
    expect(vendorSchema.parse(del.json()).galleryImageUrls).toHaveLength(4);
    expect(storage.files.has(vendor.galleryImageUrls[0]!.url.replace('/uploads/', ''))).toBe(false);

    const replaced = await upload(client, vendorId, [
      { field: 'vendor[logoImageUrl]', data: await pictureFile('webp', 200, 200, 90) },
    ]);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().logoImageUrl).not.toBe(vendor.logoImageUrl);
    expect(storage.files.has(logoKey)).toBe(false);
    const [logos] = await app.deps.db
      .select({ n: count() })
      .from(images)
      .where(and(eq(images.vendorId, vendorId), eq(images.kind, 'logo')));
    expect(logos!.n).toBe(1);
  });

  it('refuses a file that is not an image, and a gallery past 20, leaving nothing behind', async () => {
    const { client, vendorId } = await signUp('refused@example.com');
    const storage = app.deps.storage as MemoryStorage;
    const before = storage.files.size;
    const notImage = await upload(client, vendorId, [
      ...(await galleryFiles(2)),
      {
        field: 'vendor[galleryImages][]',
        data: Buffer.from('PK\u0003\u0004 not really a picture'),
        name: 'notes.txt',
      },
    ]);
    expect(notImage.statusCode).toBe(422);
    // Issue 23: the refused file is named; every refused file, not only the first.
    expect(notImage.json().errors).toEqual(['notes.txt is not an image (JPEG, PNG or WebP).']);
    expect(storage.files.size).toBe(before);
    const twoBad = await upload(client, vendorId, [
      { field: 'vendor[galleryImages][]', data: Buffer.from('hello'), name: 'C:\\docs\\notes.txt' },
      ...(await galleryFiles(1)),
      { field: 'vendor[galleryImages][]', data: Buffer.from('<svg/>'), name: 'logo.svg' },
    ]);
    expect(twoBad.json().errors).toEqual([
      'notes.txt is not an image (JPEG, PNG or WebP).',
      'logo.svg is not an image (JPEG, PNG or WebP).',
    ]);
    const tooLarge = await upload(client, vendorId, [
      { field: 'vendor[galleryImages][]', data: Buffer.alloc(10 * 1024 * 1024 + 1), name: 'huge.png' },
    ]);
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors).toEqual(['huge.png is too large (max 10 MB).']);
    expect(storage.files.size).toBe(before);

    expect((await upload(client, vendorId, await galleryFiles(18))).statusCode).toBe(200);
    const tooMany = await upload(client, vendorId, await galleryFiles(3));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual([VENDOR_MESSAGES.galleryFull]);
    const [gallery] = await app.deps.db
      .select({ n: count() })
      .from(images)
      .where(and(eq(images.vendorId, vendorId), eq(images.kind, 'gallery')));
    expect(gallery!.n).toBe(18);
    expect(storage.files.size).toBe(before + 18 * 2);
  });

  it('refuses a multipart body that cannot be read with 400, not 500 (issue 14 fuzzing)', async () => {
    const { client, vendorId } = await signUp('torn-upload@example.com');
    for (const payload of [
      '--x\r\n\r\n',
      '--x\r\nContent-Disposition: form-data; name="vendor[logoImageUrl]"; filename="a.png"\r\n\r\nabc',
    ]) {
      const res = await client.request({
        method: 'PATCH',
        url: `/api/vendors/${vendorId}`,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload,
      });
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(res.json().errors).toEqual([VENDOR_MESSAGES.uploadUnreadable]);
    }
  });

  it('only the owner uploads or deletes, and only their own images', async () => {
    const owner = await signUp('owner-img@example.com');
    const other = await signUp('other-img@example.com');
    await upload(owner.client, owner.vendorId, await galleryFiles(1));
    const [img] = await app.deps.db.select().from(images).where(eq(images.vendorId, owner.vendorId));
    const files = await galleryFiles(1);
    expect((await upload(other.client, owner.vendorId, files)).statusCode).toBe(403);
    const del = await other.client.request({
      method: 'DELETE',
      url: `/api/vendors/${other.vendorId}/images`,
      payload: { blob_id: img!.blobId },
    });
    expect(del.statusCode).toBe(404);
    expect(del.json().errors).toEqual([VENDOR_MESSAGES.imageNotFound]);
    const anonymous = new TestClient(app);
    await anonymous.session();
    expect((await upload(anonymous, owner.vendorId, files)).statusCode).toBe(401);
  });
});

describe('payouts onboarding (sandbox)', () => {
  it('makes one connected account, answers a client secret, and the sandbox form turns payouts on', async () => {
    const { client, vendorId } = await signUp('payouts@example.com');
    const first = await client.request({
      method: 'POST',
      url: '/api/vendors/create_account_session',
      payload: { id: vendorId },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      provider: 'sandbox',
      publishableKey: null,
      currentlyDue: expect.arrayContaining(['external_account']),
    });
    const second = await client.request({
      method: 'POST',
      url: '/api/vendors/create_account_session',
      payload: {},
    });
    const [row] = await app.deps.db.select().from(vendors).where(eq(vendors.id, vendorId));
    expect(row!.stripeIntegrated).toBe('onboarding');
    expect(row!.paymentAccountId).toMatch(/^acct_/);
    expect(second.json().client_secret).not.toBe(first.json().client_secret);

    const bad = await client.request({
      method: 'POST',
      url: '/api/payments/sandbox/account-onboarding',
      payload: {
        clientSecret: first.json().client_secret,
        accountHolderName: '',
        routingNumber: '021000021',
        accountNumber: '123',
        tosAccepted: false,
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        VENDOR_MESSAGES.sandboxAccountHolderRequired,
        VENDOR_MESSAGES.sandboxRoutingInvalid,
        VENDOR_MESSAGES.sandboxAccountInvalid,
        VENDOR_MESSAGES.sandboxTermsRequired,
      ]),
    );
    const forged = await client.request({
      method: 'POST',
      url: '/api/payments/sandbox/account-onboarding',
      payload: {
        clientSecret: 'accs_sbxforged_secret_abc',
        accountHolderName: 'Dana',
        routingNumber: '110000000',
        accountNumber: '000123456789',
        tosAccepted: true,
      },
    });
    expect(forged.statusCode).toBe(422);
    const ok = await client.request({
      method: 'POST',
      url: '/api/payments/sandbox/account-onboarding',
      payload: {
        clientSecret: second.json().client_secret,
        accountHolderName: 'Dana Lund',
        routingNumber: '110000000',
        accountNumber: '000123456789',
        tosAccepted: true,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      stripeIntegrated: 'active',
      payoutDestination: { last4: '6789', bankName: 'STRIPE TEST BANK' },
    });
    const actions = (await events(vendorId)).map((e) => e.action);
    expect(actions).toContain('payouts_onboarding_started');
  });

  it('only a vendor gets an account session, and only for their own vendor', async () => {
    const { client, vendorId } = await signUp('session-owner@example.com');
    expect(
      (
        await client.request({
          method: 'POST',
          url: '/api/vendors/create_account_session',
          payload: { id: vendorId + 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await operator.request({ method: 'POST', url: '/api/vendors/create_account_session', payload: {} }))
        .statusCode,
    ).toBe(403);
  });
});

describe('submit for review and the operator decision', () => {
  it('refuses to submit for each missing requirement, then submits once everything is done', async () => {
    const { client, vendorId } = await signUp('submit@example.com');
    const submit = () =>
      client.request({ method: 'POST', url: `/api/vendors/${vendorId}/submit-for-review` });
    let res = await submit();
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      VENDOR_MESSAGES.logoRequired,
      VENDOR_MESSAGES.bannerRequired,
      VENDOR_MESSAGES.galleryRequired,
      VENDOR_MESSAGES.calendarRequired,
      VENDOR_MESSAGES.payoutsRequired,
      VENDOR_MESSAGES.descriptionRequired,
    ]);
    await upload(client, vendorId, [{ field: 'vendor[logoImageUrl]', data: await pictureFile() }]);
    await upload(client, vendorId, await galleryFiles(3));
    res = await submit();
    expect(res.json().errors).toEqual([
      VENDOR_MESSAGES.bannerRequired,
      VENDOR_MESSAGES.galleryRequired,
      VENDOR_MESSAGES.calendarRequired,
      VENDOR_MESSAGES.payoutsRequired,
      VENDOR_MESSAGES.descriptionRequired,
    ]);
    await completeSetup(client, vendorId);
    res = await submit();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ listingStatus: 'under_review', submittedAt: expect.any(String) });
    // A double click changes nothing.
    expect((await submit()).statusCode).toBe(200);
    expect((await events(vendorId)).filter((e) => e.action === 'submitted')).toHaveLength(1);
    // Under review, a gallery image can no longer take the gallery under 4.
    const [img] = await app.deps.db
      .select()
      .from(images)
      .where(and(eq(images.vendorId, vendorId), eq(images.kind, 'gallery')))
      .limit(1);
    const del = await client.request({
      method: 'DELETE',
      url: `/api/vendors/${vendorId}/images`,
      payload: { blob_id: img!.blobId },
    });
    expect(del.statusCode).toBe(200); // 7 images: 3 + 4
  });

  it('refuses to submit, and operators to approve, a listing that cannot sell, naming what is missing (issue 25)', async () => {
    const { client, vendorId } = await signUp('cannot-sell@example.com');
    await completeSetup(client, vendorId);
    // As a vendor signed up before issue 25 was: no description, the formula x, no questions, no rules.
    const db = app.deps.db;
    await db
      .update(vendors)
      .set({ serviceDescription: null, pricingFormula: 'x' })
      .where(eq(vendors.id, vendorId));
    await db.delete(pricingInputs).where(eq(pricingInputs.vendorId, vendorId));
    await db.delete(vendorCalendars).where(eq(vendorCalendars.vendorId, vendorId));
    const missing = [
      VENDOR_MESSAGES.descriptionRequired,
      VENDOR_MESSAGES.pricingQuestionRequired,
      VENDOR_MESSAGES.schedulingRequired,
    ];
    const submit = () =>
      client.request({ method: 'POST', url: `/api/vendors/${vendorId}/submit-for-review` });
    let res = await submit();
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(missing);

    // Submitted before the rule existed: the operator's Approve is refused, server-side, for the same reasons.
    await db
      .update(vendors)
      .set({ listingStatus: 'under_review', submittedAt: new Date('2026-11-22T17:00:00Z') })
      .where(eq(vendors.id, vendorId));
    const approve = () =>
      operator.request({ method: 'POST', url: `/api/operator/listings/${vendorId}/approve` });
    res = await approve();
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(missing);
    // The operator's review card says so before the click, with the price every customer would get.
    const queue = await operator.request({ method: 'GET', url: '/api/operator/listings' });
    const item = queue.json().listings.find((l: { vendor: { id: number } }) => l.vendor.id === vendorId);
    expect(item).toMatchObject({ missing, sampleQuote: { price: 35, durationMinutes: 60, answers: [] } });
    const [row] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
    expect(row!.listingStatus).toBe('under_review');
    expect((await events(vendorId)).some((e) => e.action === 'approved')).toBe(false);

    // Questions but a formula that does not price them: still refused.
    await db.update(vendors).set({ listingStatus: 'awaiting_submission' }).where(eq(vendors.id, vendorId));
    res = await client.request({
      method: 'PATCH',
      url: `/api/vendors/${vendorId}/update_pricing_input_options`,
      payload: { pricing_input_options: defaultPricingFor('window_cleaning').pricingInputs },
    });
    expect(res.statusCode, res.body).toBe(200);
    await db.insert(vendorCalendars).values({ vendorId });
    res = await submit();
    expect(res.json().errors).toEqual([
      VENDOR_MESSAGES.descriptionRequired,
      VENDOR_MESSAGES.pricingFormulaInvalid,
    ]);
    res = await client.request({
      method: 'PATCH',
      url: `/api/vendors/${vendorId}`,
      payload: {
        vendor: {
          serviceDescription: 'Windows, screens and tracks.',
          pricingFormula: defaultPricingFor('window_cleaning').pricingFormula,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Complete: it submits, and is approved.
    expect((await submit()).statusCode).toBe(200);
    res = await approve();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: vendorId, listingStatus: 'active' });
  });

  it("a listing in setup, and one sent back, changes what Setup's Pricing and Scheduling steps change (ADR 0032)", async () => {
    const { client, vendorId } = await signUp('setup-steps@example.com');
    const patchVendor = (vendor: Record<string, unknown>) =>
      client.request({ method: 'PATCH', url: `/api/vendors/${vendorId}`, payload: { vendor } });
    const me = async () => vendorSchema.parse((await client.session()).json().vendor);
    const calendarId = (await me()).calendar!.id;
    const defaults = defaultPricingFor('window_cleaning');

    const changeEverything = async (minPrice: number, gap: number, instructions: string) => {
      let res = await patchVendor({ minPrice, pricingFormula: `${defaults.pricingFormula} + 5` });
      expect(res.statusCode, res.body).toBe(200);
      res = await client.request({
        method: 'PATCH',
        url: `/api/vendors/${vendorId}/update_pricing_input_options`,
        payload: { pricing_input_options: defaults.pricingInputs.slice(0, 2) },
      });
      // The formula uses every default question: dropping one it uses is refused, naming why.
      expect(res.statusCode).toBe(422);
      res = await client.request({
        method: 'PATCH',
        url: `/api/vendors/${vendorId}/update_pricing_input_options`,
        payload: { pricing_input_options: defaults.pricingInputs },
      });
      expect(res.statusCode, res.body).toBe(200);
      res = await client.request({ method: 'POST', url: `/api/vendors/${vendorId}/revert_formula` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().pricingFormula).toBe(defaults.pricingFormula);
      res = await client.request({
        method: 'PATCH',
        url: `/api/vendor_calendars/${calendarId}`,
        payload: {
          vendorCalendar: { workdayStartTime: '07:30', workdayEndTime: '16:00', driveTimeBufferMins: gap },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      res = await patchVendor({ cancelationPolicyHours: 12, appointmentInstructions: instructions });
      expect(res.statusCode, res.body).toBe(200);
      expect(await me()).toMatchObject({
        minPrice,
        pricingFormula: defaults.pricingFormula,
        cancelationPolicyHours: 12,
        appointmentInstructions: instructions,
        calendar: { workdayStartTime: '07:30', workdayEndTime: '16:00', driveTimeBufferMins: gap },
      });
    };

    // Awaiting submission: only Setup is usable, and each of its steps saves.
    expect((await me()).listingStatus).toBe('awaiting_submission');
    await changeEverything(40, 45, 'Park on the street.');

    // Sent back by an operator: every step it may name can be changed again.
    await completeSetup(client, vendorId);
    expect(
      (await client.request({ method: 'POST', url: `/api/vendors/${vendorId}/submit-for-review` }))
        .statusCode,
    ).toBe(200);
    const rejected = await operator.request({
      method: 'POST',
      url: `/api/operator/listings/${vendorId}/reject`,
      payload: { reason: 'Your minimum price is too low for a real visit.' },
    });
    expect(rejected.json()).toEqual({ id: vendorId, listingStatus: 'awaiting_submission' });
    await changeEverything(60, 15, 'Ring the bell twice.');
    // Still only its owner: another vendor's session is refused.
    const other = await signUp('setup-steps-other@example.com');
    const res = await other.client.request({
      method: 'PATCH',
      url: `/api/vendor_calendars/${calendarId}`,
      payload: { vendorCalendar: { driveTimeBufferMins: 0 } },
    });
    expect([403, 404]).toContain(res.statusCode);
  });

  it('operators see the queue; a rejection sends the listing back with the reason and a mail', async () => {
    const { client, vendorId } = await signUp('rejected@example.com');
    await completeSetup(client, vendorId);
    await client.request({ method: 'POST', url: `/api/vendors/${vendorId}/submit-for-review` });

    expect((await client.request({ method: 'GET', url: '/api/operator/listings' })).statusCode).toBe(403);
    const queue = await operator.request({ method: 'GET', url: '/api/operator/listings' });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().listings.find((l: { vendor: { id: number } }) => l.vendor.id === vendorId);
    expect(item).toMatchObject({
      admin: { firstName: 'Dana', email: 'rejected@example.com' },
      vendor: { galleryImageUrls: expect.any(Array), stripeIntegrated: 'active' },
      // Issue 25: a typical customer's price from the default questions (30 + 15 windows × 4 × 1.8
      // inside & outside + 0 for one story = $138; at $35 an hour, 237 minutes), and nothing missing.
      sampleQuote: {
        price: 138,
        durationMinutes: 237,
        answers: [
          { question: 'Number of windows', answer: '15' },
          { question: 'Which sides', answer: 'Inside & outside' },
          { question: 'Stories', answer: '1 story' },
        ],
      },
      missing: [],
    });
    expect(reviewQueueResponseSchema.parse(queue.json()).listings.length).toBeGreaterThan(0);

    const empty = await operator.request({
      method: 'POST',
      url: `/api/operator/listings/${vendorId}/reject`,
      payload: { reason: '  ' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual([VENDOR_MESSAGES.rejectReasonRequired]);
    const rejected = await operator.request({
      method: 'POST',
      url: `/api/operator/listings/${vendorId}/reject`,
      payload: { reason: 'Please use photos of your own work.' },
    });
    expect(rejected.json()).toEqual({ id: vendorId, listingStatus: 'awaiting_submission' });
    const vendor = (await client.session()).json().vendor;
    expect(vendor).toMatchObject({
      listingStatus: 'awaiting_submission',
      reviewNote: 'Please use photos of your own work.',
    });
    const mail = (await outbox(app)).find((m) => m.to === 'rejected@example.com');
    expect(mail?.subject).toMatch(/Changes needed/);
    expect(mail?.text).toContain('Please use photos of your own work.');
    const log = (await events(vendorId)).at(-1)!;
    expect(log).toMatchObject({
      action: 'rejected',
      actorRole: 'operator',
      details: { reason: 'Please use photos of your own work.' },
    });
    // Approving a listing that is not under review is refused.
    const late = await operator.request({
      method: 'POST',
      url: `/api/operator/listings/${vendorId}/approve`,
    });
    expect(late.statusCode).toBe(409);
  });

  it('the queue shows the first week of open times a customer would see, or none (issue 25)', async () => {
    const { client, vendorId } = await signUp('first-week@example.com');
    await completeSetup(client, vendorId);
    expect(
      (await client.request({ method: 'POST', url: `/api/vendors/${vendorId}/submit-for-review` }))
        .statusCode,
    ).toBe(200);
    const itemOf = async () => {
      const queue = await operator.request({ method: 'GET', url: '/api/operator/listings' });
      expect(queue.statusCode).toBe(200);
      return reviewQueueResponseSchema.parse(queue.json()).listings.find((l) => l.vendor.id === vendorId)!;
    };
    const item = await itemOf();
    // Monday Nov 23rd, 10:00am; 2 days' notice: Wednesday Nov 25th to Tuesday Dec 1st, weekdays only, for
    // the sample quote's 237-minute job in one-minute steps, 8:00am to 1:03pm (ends by 5:00pm).
    expect(item.firstWeek).toMatchObject({
      firstDate: '2026-11-25',
      lastDate: '2026-12-01',
      jobMinutes: 237,
      stepMinutes: 1,
      unavailableReason: null,
    });
    expect(item.firstWeek!.days.map((d) => d.date)).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(item.firstWeek!.days[0]!.ranges).toEqual([
      { start_time: '2026-11-25T08:00:00-07:00', end_time: '2026-11-25T13:03:00-07:00' },
    ]);
    // The same starts the provider page's scheduler gets for that job (its owner may read it in setup).
    const scheduler = await client.request({
      method: 'GET',
      url: `/api/vendors/${vendorId}/vendor_calendars?duration=8&minutes=237`,
    });
    expect(scheduler.statusCode).toBe(200);
    expect(scheduler.json().days).toEqual(item.firstWeek!.days);

    // A workday too short for the job: no open times, said plainly by the card.
    await app.deps.db
      .update(vendorCalendars)
      .set({ workdayStartMinutes: 8 * 60, workdayEndMinutes: 9 * 60 })
      .where(eq(vendorCalendars.vendorId, vendorId));
    expect((await itemOf()).firstWeek).toMatchObject({ days: [], firstDate: '2026-11-25' });
  });

  it('a send-back names what to fix: checked, operators only, kept until the vendor submits again, logged', async () => {
    const { client, vendorId } = await signUp('send-back@example.com');
    await completeSetup(client, vendorId);
    const submit = () =>
      client.request({ method: 'POST', url: `/api/vendors/${vendorId}/submit-for-review` });
    expect((await submit()).statusCode).toBe(200);
    const reject = (who: TestClient, payload: object) =>
      who.request({ method: 'POST', url: `/api/operator/listings/${vendorId}/reject`, payload });

    for (const [payload, message] of [
      [{}, VENDOR_MESSAGES.rejectReasonRequired],
      [{ reason: ' ', fixes: [] }, VENDOR_MESSAGES.rejectReasonRequired],
      [{ fixes: ['logo', 'website'] }, VENDOR_MESSAGES.rejectFixUnknown],
      [{ fixes: 'logo' }, VENDOR_MESSAGES.rejectFixUnknown],
      [{ reason: 'x'.repeat(1001) }, 'Reason must be at most 1000 characters.'],
      [{ reason: 'Fix it 😀' }, unprintableMessage('Reason', 'Fix it 😀')],
    ] as const) {
      const res = await reject(operator, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual([message]);
    }
    // Only operators send back, never the vendor itself.
    expect((await reject(client, { fixes: ['logo'] })).statusCode).toBe(403);
    let [row] = await app.deps.db.select().from(vendors).where(eq(vendors.id, vendorId));
    expect(row).toMatchObject({ listingStatus: 'under_review', reviewNote: null, reviewFixes: [] });

    // Items are kept once each, in Setup's order; the reason beside them.
    const sent = await reject(operator, {
      fixes: ['scheduling', 'logo', 'pricing', 'logo'],
      reason: '  Your banner is a stock photo.  ',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ id: vendorId, listingStatus: 'awaiting_submission' });
    const fixes = ['logo', 'pricing', 'scheduling'];
    // It survives a reload: the vendor's session answer names them.
    expect((await client.session()).json().vendor).toMatchObject({
      listingStatus: 'awaiting_submission',
      reviewNote: 'Your banner is a stock photo.',
      reviewFixes: fixes,
    });
    const mail = (await outbox(app)).find((m) => m.to === 'send-back@example.com');
    expect(mail?.text).toContain(
      'Please fix:\n- Logo and banner\n- Pricing questions and formula\n- Scheduling rules',
    );
    expect(mail?.text).toContain('Your banner is a stock photo.');
    expect(mail?.html).toContain('<li>Pricing questions and formula</li>');
    expect((await events(vendorId)).at(-1)).toMatchObject({
      action: 'rejected',
      actorRole: 'operator',
      details: { reason: 'Your banner is a stock photo.', fixes },
    });

    // Submitted again: the row forgets what was asked, the log keeps it.
    expect((await submit()).statusCode).toBe(200);
    [row] = await app.deps.db.select().from(vendors).where(eq(vendors.id, vendorId));
    expect(row).toMatchObject({ listingStatus: 'under_review', reviewNote: null, reviewFixes: [] });
    expect((await events(vendorId)).at(-1)).toMatchObject({
      action: 'submitted',
      details: { afterSendBack: { reason: 'Your banner is a stock photo.', fixes } },
    });

    // Items alone are enough; the mail then has no reason paragraph.
    expect((await reject(operator, { fixes: ['description'] })).statusCode).toBe(200);
    expect((await client.session()).json().vendor).toMatchObject({
      reviewNote: null,
      reviewFixes: ['description'],
    });
  });

  it('approval puts the listing in the catalog; the vendor deactivates with the password and it leaves', async () => {
    const { client, vendorId } = await signUp('approved@example.com');
    await completeSetup(client, vendorId);
    await client.request({ method: 'POST', url: `/api/vendors/${vendorId}/submit-for-review` });
    const approved = await operator.request({
      method: 'POST',
      url: `/api/operator/listings/${vendorId}/approve`,
    });
    expect(approved.json()).toEqual({ id: vendorId, listingStatus: 'active' });
    // A second click is harmless.
    expect(
      (await operator.request({ method: 'POST', url: `/api/operator/listings/${vendorId}/approve` }))
        .statusCode,
    ).toBe(200);
    expect((await events(vendorId)).filter((e) => e.action === 'approved')).toHaveLength(1);
    const mail = (await outbox(app)).find((m) => m.to === 'approved@example.com');
    expect(mail?.subject).toBe('Zion Window Pros is live');
    const list = (await app.inject({ method: 'GET', url: '/api/vendors' })).json<{ id: number }[]>();
    expect(list.some((v) => v.id === vendorId)).toBe(true);
    const page = await app.inject({ method: 'GET', url: `/api/vendors/${vendorId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().galleryImageUrls).toHaveLength(4);
    expect(page.json()).not.toHaveProperty('payoutDestination');

    // Deactivate needs the password.
    const patch = (payload: Record<string, unknown>) =>
      client.request({ method: 'PATCH', url: `/api/vendors/${vendorId}`, payload });
    let res = await patch({ vendor: { listingStatus: 'inactive' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([VENDOR_MESSAGES.passwordRequired]);
    res = await patch({ vendor: { listingStatus: 'inactive' }, password: 'wrong-password-1' });
    expect(res.json().errors).toEqual([VENDOR_MESSAGES.passwordIncorrect]);
    res = await patch({ vendor: { listingStatus: 'inactive' }, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().listingStatus).toBe('inactive');
    const after = (await app.inject({ method: 'GET', url: '/api/vendors' })).json<{ id: number }[]>();
    expect(after.some((v) => v.id === vendorId)).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/api/vendors/${vendorId}` })).statusCode).toBe(404);
    // Reactivate needs no password; under review or awaiting cannot be set by the vendor.
    res = await patch({ vendor: { listingStatus: 'active' } });
    expect(res.json().listingStatus).toBe('active');
    expect((await events(vendorId)).map((e) => e.action).slice(-2)).toEqual(['deactivated', 'reactivated']);
  });
});

describe('names a work order cannot print (issue 23 #13)', () => {
  const EMOJI_NAME = 'Zion 🪟 Window Pros';
  it('refuses a business name with an emoji at sign-up and in General Settings, saying why', async () => {
    const client = new TestClient(app);
    await client.session();
    let res = await client.request({
      method: 'POST',
      url: '/api/vendors',
      payload: signUpPayload('emoji-name@example.com', { name: EMOJI_NAME }, { first_name: 'Dana 😀' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      unprintableMessage('Business name', EMOJI_NAME),
      unprintableMessage('First name', 'Dana 😀'),
    ]);
    expect(await app.deps.db.select().from(users).where(eq(users.email, 'emoji-name@example.com'))).toEqual(
      [],
    );

    const { client: owner, vendorId } = await signUp('plain-name@example.com');
    res = await owner.request({
      method: 'PATCH',
      url: `/api/vendors/${vendorId}`,
      payload: { vendor: { name: EMOJI_NAME }, password: PASSWORD },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([unprintableMessage('Business name', EMOJI_NAME)]);
    const [row] = await app.deps.db.select().from(vendors).where(eq(vendors.id, vendorId));
    expect(row!.name).toBe('Zion Window Pros');
    // Accented Latin names print, so they are taken.
    res = await owner.request({
      method: 'PATCH',
      url: `/api/vendors/${vendorId}`,
      payload: { vendor: { name: 'Peña & Søn’s Windows' }, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Peña & Søn’s Windows');
  });
});

describe('PATCH /api/vendors/{id} (business details)', () => {
  it('refuses a change of business details and a bad price or place whole: nothing of it is saved', async () => {
    const { client, vendorId } = await signUp('whole@example.com');
    const patch = (payload: Record<string, unknown>) =>
      client.request({ method: 'PATCH', url: `/api/vendors/${vendorId}`, payload });
    const before = (await patch({ vendor: {} })).json<{ name: string; minPrice: number }>();
    let res = await patch({ vendor: { name: 'Half Saved Windows', minPrice: 'abc' }, password: PASSWORD });
    expect(res.statusCode).toBe(422);
    res = await patch({ vendor: { name: 'Half Saved Windows', minPrice: 49.25 }, password: PASSWORD });
    expect(res.statusCode).toBe(422);
    res = await patch({ vendor: { serviceDescription: 'Changed', pricingFormula: 'NOPE * 2' } });
    expect(res.statusCode).toBe(422);
    res = await patch({ vendor: { serviceDescription: 'Changed', googlePlaceId: 'not a place id!' } });
    expect(res.json().errors).toEqual([GOOGLE_REVIEWS_MESSAGES.badPlaceId]);
    const after = (await patch({ vendor: {} })).json<{
      name: string;
      minPrice: number;
      serviceDescription: string | null;
    }>();
    expect(after.name).toBe(before.name);
    expect(after.minPrice).toBe(before.minPrice);
    expect(after.serviceDescription).not.toBe('Changed');
    // Both parts valid: both saved.
    res = await patch({ vendor: { name: 'Whole Windows', minPrice: 49.5 }, password: PASSWORD });
    expect(res.json()).toMatchObject({ name: 'Whole Windows', minPrice: 49.5 });
  });

  it('needs the password for name, phone and email; not for the description, which is cut to 500', async () => {
    const { client, vendorId } = await signUp('details@example.com');
    const patch = (payload: Record<string, unknown>) =>
      client.request({ method: 'PATCH', url: `/api/vendors/${vendorId}`, payload });
    let res = await patch({ vendor: { name: 'Zion Windows' } });
    expect(res.json().errors).toEqual([VENDOR_MESSAGES.passwordRequired]);
    res = await patch({
      vendor: { id: vendorId, name: 'Zion Windows', phoneNumber: '4355550000' },
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Zion Windows', phoneNumber: '4355550000' });
    res = await patch({ vendor: { phoneNumber: '12' }, password: PASSWORD });
    expect(res.json().errors).toEqual([MESSAGES.phoneInvalid]);
    res = await patch({ vendor: { serviceDescription: 'x'.repeat(600) } });
    expect(res.statusCode).toBe(200);
    expect(res.json().serviceDescription).toHaveLength(500);
    res = await patch({ vendor: { listingStatus: 'active' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([VENDOR_MESSAGES.listingStatusNotAllowed]);
    // The Google place for Google reviews: checked, stored, cleared.
    res = await patch({ vendor: { googlePlaceId: 'ChIJ9cBvXl2vyoARnJ7kD3x2r0s' } });
    expect(res.json().googlePlaceId).toBe('ChIJ9cBvXl2vyoARnJ7kD3x2r0s');
    res = await patch({ vendor: { googlePlaceId: 'not a place id!' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([GOOGLE_REVIEWS_MESSAGES.badPlaceId]);
    res = await patch({ vendor: { googlePlaceId: null } });
    expect(res.json().googlePlaceId).toBeNull();
    // Pricing fields still go through the same route.
    res = await patch({ vendor: { minPrice: 49.5 } });
    expect(res.json().minPrice).toBe(49.5);
    const other = await signUp('details-other@example.com');
    expect(
      (
        await other.client.request({
          method: 'PATCH',
          url: `/api/vendors/${vendorId}`,
          payload: { vendor: { serviceDescription: 'hi' } },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('concurrency', () => {
  it('two uploads racing for the last gallery places: one wins, the gallery never passes 20', async () => {
    const { client, vendorId } = await signUp('race-gallery@example.com');
    expect((await upload(client, vendorId, await galleryFiles(15))).statusCode).toBe(200);
    const [a, b] = await Promise.all([
      upload(client, vendorId, await galleryFiles(4)),
      upload(client, vendorId, await galleryFiles(4)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const [gallery] = await app.deps.db
      .select({ n: count() })
      .from(images)
      .where(and(eq(images.vendorId, vendorId), eq(images.kind, 'gallery')));
    expect(gallery!.n).toBe(19);
    const storage = app.deps.storage as MemoryStorage;
    const keys = [...storage.files.keys()].filter((k) => k.startsWith('gallery/'));
    const rows = await app.deps.db
      .select({ key: images.storageKey })
      .from(images)
      .where(eq(images.kind, 'gallery'));
    // Every stored gallery file belongs to a row (the loser's files were removed).
    const known = new Set(rows.map((r) => r.key));
    expect(keys.filter((k) => !k.endsWith('-thumb.webp') && !known.has(k))).toEqual([]);
  });

  it('double clicks make one connected account, one submission and one decision', async () => {
    const { client, vendorId } = await signUp('race-submit@example.com');
    const sessions = await Promise.all(
      [1, 2, 3].map(() =>
        client.request({ method: 'POST', url: '/api/vendors/create_account_session', payload: {} }),
      ),
    );
    expect(sessions.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const [row] = await app.deps.db.select().from(vendors).where(eq(vendors.id, vendorId));
    const accounts = await app.deps.sandbox!.retrieveAccount(row!.paymentAccountId!);
    expect(accounts.id).toBe(row!.paymentAccountId);
    await completeSetup(client, vendorId);
    const submits = await Promise.all(
      [1, 2].map(() => client.request({ method: 'POST', url: `/api/vendors/${vendorId}/submit-for-review` })),
    );
    expect(submits.map((r) => r.statusCode)).toEqual([200, 200]);
    const decisions = await Promise.all(
      [1, 2].map(() =>
        operator.request({ method: 'POST', url: `/api/operator/listings/${vendorId}/approve` }),
      ),
    );
    expect(decisions.map((r) => r.statusCode)).toEqual([200, 200]);
    const log = (await events(vendorId)).map((e) => e.action);
    expect(log.filter((a) => a === 'submitted')).toHaveLength(1);
    expect(log.filter((a) => a === 'approved')).toHaveLength(1);
    expect(log.filter((a) => a === 'payouts_onboarding_started')).toHaveLength(1);
  });
});
