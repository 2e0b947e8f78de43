import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/client';
import { createTestDatabase } from './test-db';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.execute(sql`
    insert into vendors (id, name, category, phone_number, email) overriding system value
      values (1, 'V', 'house_cleaning', '4355550000', 'v@example.com')`);
  await db.execute(sql`
    insert into users (id, first_name, last_name, email, phone_number, password_digest) overriding system value
      values (1, 'C', 'U', 'c@example.com', '4355550001', 'x')`);
  await db.execute(sql`
    insert into addresses (id, user_id, street_address, city, zip_code) overriding system value
      values (1, 1, '1 Main', 'St George', '84770')`);
});
afterAll(() => database.close());

/** drizzle wraps the driver's error: the database's own message is its cause. */
async function expectDbError(p: Promise<unknown>, pattern: RegExp) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  const cause = (err as Error & { cause?: Error }).cause;
  expect(
    `${(err as Error).message} ${cause?.message ?? ''} ${(cause as { constraint?: string })?.constraint ?? ''}`,
  ).toMatch(pattern);
}

const order = (confirmation: string, start: string, end: string, status = 'unfulfilled') => sql`
  insert into orders (confirmation_id, vendor_id, user_id, address_id, appointment_at, appointment_end_at,
    duration_mins, fulfillment_status, total_collected_cents, service_fee_cents, commission_cents, vendor_payout_cents)
  values (${confirmation}, 1, 1, 1, ${start}::timestamptz, ${end}::timestamptz, 60, ${status}, 10255, 255, 1000, 9000)`;

describe('database constraints', () => {
  it('refuses two overlapping live orders of one vendor, even by direct SQL', async () => {
    await database.db.execute(order('A1', '2030-01-07T16:00Z', '2030-01-07T17:00Z'));
    await expectDbError(
      database.db.execute(order('A2', '2030-01-07T16:30Z', '2030-01-07T17:30Z')),
      /orders_no_overlap/,
    );
    // Back-to-back is fine, and a cancelled order does not block the time.
    await database.db.execute(order('A3', '2030-01-07T17:00Z', '2030-01-07T18:00Z'));
    await database.db.execute(order('A4', '2030-01-07T16:15Z', '2030-01-07T16:45Z', 'cancelled'));
  });

  it('refuses money that does not balance', async () => {
    await expect(
      database.db.execute(sql`
        insert into orders (confirmation_id, vendor_id, user_id, address_id, appointment_at, appointment_end_at,
          duration_mins, total_collected_cents, service_fee_cents, commission_cents, vendor_payout_cents)
        values ('B1', 1, 1, 1, '2031-01-01T16:00Z', '2031-01-01T17:00Z', 60, 10000, 255, 1000, 9000)`),
    ).rejects.toThrow();
  });

  it('keeps emails unique whatever their case', async () => {
    await expect(
      database.db.execute(sql`
        insert into users (first_name, last_name, email, phone_number, password_digest)
        values ('D', 'U', 'C@Example.COM', '4355550002', 'x')`),
    ).rejects.toThrow();
  });

  it('refuses scores outside 1-5 and unknown statuses', async () => {
    await expect(
      database.db.execute(sql`
        insert into reviews (vendor_id, review_type, score, author_first_name) values (1, 'google', 6, 'G')`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`update vendors set listing_status = 'deleted' where id = 1`),
    ).rejects.toThrow();
  });

  it('keeps the order log append-only', async () => {
    const [o] = await queryRows<{ id: number }>(database.db, sql`select id from orders limit 1`);
    await database.db.execute(
      sql`insert into order_events (order_id, actor_role, action) values (${o!.id}, 'system', 'created')`,
    );
    await expectDbError(database.db.execute(sql`delete from order_events`), /append-only/);
    await expectDbError(
      database.db.execute(sql`update order_events set action = 'fulfilled'`),
      /append-only/,
    );
  });
});
