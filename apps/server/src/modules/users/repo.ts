import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { addresses, passwordResetTokens, userInputs, users } from '../../db/schema';
import type { AddressInput, UserUpdate } from '@stg/domain/validation';
import { oneRow } from '../../db/one-row';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function createCustomer(
  db: Db,
  input: { firstName: string; lastName: string; email: string; phoneNumber: string; passwordDigest: string },
  address: AddressInput,
) {
  return db.transaction(async (tx) => {
    const user = oneRow(
      await tx
        .insert(users)
        .values({ ...input, userType: 'customer' })
        .returning(),
      'user',
    );
    const addr = oneRow(
      await tx
        .insert(addresses)
        .values({ ...address, userId: user.id, isDefault: true })
        .returning(),
      'address',
    );
    const updated = oneRow(
      await tx.update(users).set({ currentAddressId: addr.id }).where(eq(users.id, user.id)).returning(),
      'user',
    );
    return { user: updated, address: addr };
  });
}

/** A user's addresses, default first, each with its saved pricing answers. */
export async function listAddressesWithInputs(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(sql`${addresses.isDefault} desc`, asc(addresses.id));
  if (rows.length === 0) return [];
  const inputs = await db
    .select()
    .from(userInputs)
    .where(
      inArray(
        userInputs.addressId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((address) => ({ address, inputs: inputs.filter((i) => i.addressId === address.id) }));
}

export async function isEmailTaken(db: Db, email: string, exceptUserId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId === undefined
        ? sql`lower(${users.email}) = ${email.toLowerCase()}`
        : and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.id} <> ${exceptUserId}`),
    )
    .limit(1);
  return row !== undefined;
}

/** True when an error is the unique index on lower(email) refusing a duplicate (a lost race). */
export function isEmailUniqueViolation(err: unknown): boolean {
  return /users_email_lower_idx/.test(String((err as { cause?: unknown }).cause ?? err));
}

/** A user's row (mails, sign-in; issue 27: built once). */
const userById = preparedPerDb((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id'),
);

export async function findUserById(db: Db, id: number) {
  const [row] = await userById(db).execute({ id });
  return row ?? null;
}

export async function updateUserProfile(db: Db, userId: number, fields: UserUpdate, now: Date) {
  const [row] = await db
    .update(users)
    .set({ ...fields, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

export async function updatePasswordDigest(db: Db | Tx, userId: number, passwordDigest: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({ passwordDigest, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/**
 * Updates an address only if it belongs to the user (a vendor's business address has no user and
 * so never matches). Null when there is no such address of theirs.
 */
export async function updateUserAddress(
  db: Db,
  addressId: number,
  userId: number,
  input: AddressInput,
  now: Date,
) {
  const [row] = await db
    .update(addresses)
    .set({ ...input, updatedAt: now })
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning();
  return row ?? null;
}

/** The saved pricing answers of one address. */
/**
 * Ends every unused password-reset token of a user (a newer token, a changed password). Here, below the
 * password module, because a password change (users) ends them too (ADR 0026).
 */
export async function invalidateResetTokens(db: Db | Tx, userId: number, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
