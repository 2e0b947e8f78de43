import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, userInputs, users } from '../../db/schema';
import type { AddressInput } from '@stg/domain/validation';

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
    const [user] = await tx
      .insert(users)
      .values({ ...input, userType: 'customer' })
      .returning();
    const [addr] = await tx
      .insert(addresses)
      .values({ ...address, userId: user!.id, isDefault: true })
      .returning();
    const [updated] = await tx
      .update(users)
      .set({ currentAddressId: addr!.id })
      .where(eq(users.id, user!.id))
      .returning();
    return { user: updated!, address: addr! };
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
