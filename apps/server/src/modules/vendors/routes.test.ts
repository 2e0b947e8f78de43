import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MemoryStorage } from '../../adapters/storage/local-storage';
import { buildApp } from '../../app';
import { users, vendors } from '../../db/schema';
import { seedDemoData } from '../../seed/seed-demo-data';
import { createTestDatabase } from '../../../test/test-db';
import { TestClient } from '../../../test/test-app';

let app: FastifyInstance;
beforeAll(async () => {
  const database = await createTestDatabase();
  const storage = new MemoryStorage();
  await seedDemoData(database.db, storage, { now: new Date('2026-11-16T17:00:00Z') });
  app = await buildApp({ database, storage });
}, 120_000);
afterAll(() => app.close());

async function vendorIdOf(email: string) {
  const [row] = await app.deps.db
    .select({ vendorId: users.vendorId })
    .from(users)
    .where(eq(users.email, email));
  return row!.vendorId!;
}

describe('GET /api/vendors', () => {
  it('lists only active vendors, with what a card needs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/vendors' });
    expect(res.statusCode).toBe(200);
    const list = res.json<Record<string, unknown>[]>();
    expect(list.length).toBeGreaterThanOrEqual(15);
    const active = await app.deps.db
      .select({ id: vendors.id })
      .from(vendors)
      .where(eq(vendors.listingStatus, 'active'));
    expect(list.map((v) => v.id).sort()).toEqual(active.map((v) => v.id).sort());
    for (const v of list) {
      expect(Object.keys(v).sort()).toEqual(
        [
          'avgRating',
          'bannerImageUrl',
          'category',
          'id',
          'logoImageUrl',
          'name',
          'reviewCount',
          'thumbnailImageUrl',
        ].sort(),
      );
      expect(v.logoImageUrl).toMatch(/^\/uploads\/logo\//);
      expect(v.thumbnailImageUrl).toMatch(/^\/uploads\/banner\//);
      if (v.reviewCount === 0) expect(v.avgRating).toBeNull();
      else expect(v.avgRating).toEqual(expect.any(Number));
    }
    expect(list.some((v) => v.reviewCount === 0)).toBe(true);
  });
});

describe('GET /api/vendors/{id}', () => {
  it('answers everything the provider page needs', async () => {
    const id = await vendorIdOf('vendor@example.com');
    const res = await app.inject({ method: 'GET', url: `/api/vendors/${id}` });
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({ id, listingStatus: 'active', phoneNumber: expect.stringMatching(/^\d{10}$/) });
    expect(v.galleryImageUrls.length).toBeGreaterThanOrEqual(4);
    expect(v.galleryImageUrls[0]).toEqual({
      blobId: expect.any(String),
      url: expect.any(String),
      thumbnailUrl: expect.any(String),
    });
    expect(new Set(v.pricingInputs.map((i: { inputType: string }) => i.inputType))).toEqual(
      new Set(['radio', 'select', 'range']),
    );
    expect(v.calendar).toMatchObject({ workdayStartTime: expect.stringMatching(/^\d\d:\d\d$/) });
    expect(v.calendar).not.toHaveProperty('integratedCalendarId');
    expect(v).not.toHaveProperty('stagedFormula');
    expect(v.minPrice).toEqual(expect.any(Number));
  });

  it('answers 404 with an errors list for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const res = await app.inject({ method: 'GET', url: `/api/vendors/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errors: ['Vendor not found'] });
    }
  });

  it('hides a listing still in setup from everyone but its owner', async () => {
    const id = await vendorIdOf('newvendor@example.com');
    expect((await app.inject({ method: 'GET', url: `/api/vendors/${id}` })).statusCode).toBe(404);
    const owner = new TestClient(app);
    expect((await owner.signIn('newvendor@example.com', 'Password123!')).statusCode).toBe(200);
    const res = await owner.request({ method: 'GET', url: `/api/vendors/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ listingStatus: 'awaiting_submission', stagedFormula: null });
  });
});

describe('demo accounts in the session', () => {
  it('signs in the demo customer with addresses and orders', async () => {
    const client = new TestClient(app);
    const res = await client.signIn('customer@example.com', 'Password123!');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.userType).toBe('customer');
    expect(body.addresses.length).toBeGreaterThan(0);
    expect(body.orders.length).toBeGreaterThan(0);
    expect(body.orders[0]).not.toHaveProperty('commission');
    expect(body.vendor).toBeNull();
  });

  it('signs in the demo vendor with their vendor', async () => {
    const client = new TestClient(app);
    const body = (await client.signIn('vendor@example.com', 'Password123!')).json();
    expect(body.user).toMatchObject({ userType: 'vendor', vendorId: body.vendor.id });
    expect(body.vendor.listingStatus).toBe('active');
  });

  it('signs in the vendor who is also a customer', async () => {
    const client = new TestClient(app);
    const body = (await client.signIn('both@example.com', 'Password123!')).json();
    expect(body.vendor).not.toBeNull();
    expect(body.orders.length).toBeGreaterThan(0);
  });
});
