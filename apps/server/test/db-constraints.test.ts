import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BOOKING_STATUSES, LIMITS, LISTING_STATUSES } from '@stg/domain/constants';
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

interface DbError {
  /** SQLSTATE: 23514 check, 23505 unique, 23P01 exclusion, P0001 raised by a trigger. */
  code?: string;
  /** The violated constraint's (or unique index's) name. */
  constraint?: string;
  message: string;
}

/**
 * The database's refusal of `p`: drizzle wraps the driver's error, whose `code`, `constraint` and
 * `message` are its cause (PGlite's and pg's errors both carry them). Fails when `p` succeeds.
 */
async function refusal(p: Promise<unknown>): Promise<DbError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'the database accepted it').toBeInstanceOf(Error);
  const cause = (err as Error & { cause?: Partial<DbError> }).cause;
  return {
    code: cause?.code,
    constraint: cause?.constraint,
    message: cause?.message ?? (err as Error).message,
  };
}

const violates = (code: string, constraint: string) => ({ code, constraint });

const order = (confirmation: string, start: string, end: string, status = 'unfulfilled') => sql`
  insert into orders (confirmation_id, vendor_id, user_id, address_id, appointment_at, appointment_end_at,
    duration_mins, fulfillment_status, total_collected_cents, service_fee_cents, commission_cents, vendor_payout_cents)
  values (${confirmation}, 1, 1, 1, ${start}::timestamptz, ${end}::timestamptz, 60, ${status}, 10255, 255, 1000, 9000)`;

describe('database constraints', () => {
  it('refuses two overlapping live orders of one vendor, even by direct SQL', async () => {
    await database.db.execute(order('A1', '2030-01-07T16:00Z', '2030-01-07T17:00Z'));
    expect(
      await refusal(database.db.execute(order('A2', '2030-01-07T16:30Z', '2030-01-07T17:30Z'))),
    ).toMatchObject(violates('23P01', 'orders_no_overlap'));
    // Back-to-back is fine, and a cancelled order does not block the time.
    await database.db.execute(order('A3', '2030-01-07T17:00Z', '2030-01-07T18:00Z'));
    await database.db.execute(order('A4', '2030-01-07T16:15Z', '2030-01-07T16:45Z', 'cancelled'));
  });

  it('refuses money that does not balance', async () => {
    expect(
      await refusal(
        database.db.execute(sql`
        insert into orders (confirmation_id, vendor_id, user_id, address_id, appointment_at, appointment_end_at,
          duration_mins, total_collected_cents, service_fee_cents, commission_cents, vendor_payout_cents)
        values ('B1', 1, 1, 1, '2031-01-01T16:00Z', '2031-01-01T17:00Z', 60, 10000, 255, 1000, 9000)`),
      ),
    ).toMatchObject(violates('23514', 'orders_money_balances'));
  });

  it('keeps emails unique whatever their case', async () => {
    // Its own id: the identity sequence would give 1 again (taken by the row inserted with that id above),
    // and the refusal would be users_pkey's, not the email's.
    expect(
      await refusal(
        database.db.execute(sql`
        insert into users (id, first_name, last_name, email, phone_number, password_digest) overriding system value
        values (2, 'D', 'U', 'C@Example.COM', '4355550002', 'x')`),
      ),
    ).toMatchObject(violates('23505', 'users_email_lower_idx'));
  });

  it('refuses scores outside 1-5 and unknown statuses', async () => {
    expect(
      await refusal(
        database.db.execute(sql`
        insert into reviews (vendor_id, review_type, score, author_first_name) values (1, 'google', 6, 'G')`),
      ),
    ).toMatchObject(violates('23514', 'reviews_score_check'));
    expect(
      await refusal(database.db.execute(sql`update vendors set listing_status = 'deleted' where id = 1`)),
    ).toMatchObject(violates('23514', 'vendors_listing_status_check'));
  });

  it("accepts every status the domain lists (the checks are built from the domain's constants)", async () => {
    // Each write is read back: an update that matched no row would otherwise pass without meeting the check.
    for (const status of LISTING_STATUSES) {
      expect(
        await queryRows<{ listing_status: string }>(
          database.db,
          sql`update vendors set listing_status = ${status} where id = 1 returning listing_status`,
        ),
      ).toEqual([{ listing_status: status }]);
    }
    for (const status of BOOKING_STATUSES) {
      expect(
        await queryRows<{ status: string }>(
          database.db,
          sql`
        insert into bookings (user_id, vendor_id, status, price_cents, duration_mins) values (1, 1, ${status}, 3500, 60)
        returning status`,
        ),
      ).toEqual([{ status }]);
    }
  });

  it("keeps a booking's notes within the limit the form and the API have", async () => {
    const booking = (notes: string) => sql`
      insert into bookings (user_id, vendor_id, price_cents, duration_mins, customer_notes)
      values (1, 1, 3500, 60, ${notes})`;
    expect(
      await queryRows<{ n: number }>(
        database.db,
        sql`${booking('n'.repeat(LIMITS.customerNotesMax))} returning length(customer_notes) as n`,
      ),
    ).toEqual([{ n: LIMITS.customerNotesMax }]);
    expect(
      await refusal(database.db.execute(booking('n'.repeat(LIMITS.customerNotesMax + 1)))),
    ).toMatchObject(violates('23514', 'bookings_notes_length'));
  });

  it('keeps the order log append-only', async () => {
    const [o] = await queryRows<{ id: number }>(database.db, sql`select id from orders limit 1`);
    await database.db.execute(
      sql`insert into order_events (order_id, actor_role, action) values (${o!.id}, 'system', 'created')`,
    );
    // A trigger, not a constraint: its own message names the rule.
    for (const change of [sql`delete from order_events`, sql`update order_events set action = 'fulfilled'`]) {
      const refused = await refusal(database.db.execute(change));
      expect(refused.code).toBe('P0001');
      expect(refused.message).toBe('order_events is append-only');
    }
    expect(
      await queryRows<{ action: string }>(
        database.db,
        sql`select action from order_events where order_id = ${o!.id}`,
      ),
    ).toEqual([{ action: 'created' }]);
  });
});
