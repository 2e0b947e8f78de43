/** Vendors' pricing (formula, minimum price, questions) and customers' saved answers. */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { InputType, RangeOptionType } from '@stg/domain/constants';
import type { Db, Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { oneRow } from '../../db/one-row';
import {
  addresses,
  pricingInputOptions,
  pricingInputs,
  sessions,
  userInputs,
  vendors,
} from '../../db/schema';

export type VendorRow = typeof vendors.$inferSelect;
export type PricingInputRow = typeof pricingInputs.$inferSelect;
export type PricingInputOptionRow = typeof pricingInputOptions.$inferSelect;
export interface InputWithOptions {
  input: PricingInputRow;
  options: PricingInputOptionRow[];
}

async function withOptions(db: Db | Tx, inputs: PricingInputRow[]): Promise<InputWithOptions[]> {
  if (inputs.length === 0) return [];
  const options = await db
    .select()
    .from(pricingInputOptions)
    .where(
      inArray(
        pricingInputOptions.pricingInputId,
        inputs.map((i) => i.id),
      ),
    )
    .orderBy(asc(pricingInputOptions.position), asc(pricingInputOptions.id));
  return inputs.map((input) => ({ input, options: options.filter((o) => o.pricingInputId === input.id) }));
}

/** A vendor's whole row (every checkout and vendor page reads it; issue 27: built once per database). */
const vendorById = preparedPerDb((db) =>
  db
    .select()
    .from(vendors)
    .where(eq(vendors.id, sql.placeholder('id')))
    .limit(1)
    .prepare('vendor_by_id'),
);

export async function findVendor(db: Db | Tx, id: number): Promise<VendorRow | null> {
  const [row] = await vendorById(db).execute({ id });
  return row ?? null;
}

/** The vendor row, locked until the transaction ends: formula and question edits run one at a time. */
export async function lockVendor(tx: Tx, id: number): Promise<VendorRow | null> {
  const [row] = await tx.select().from(vendors).where(eq(vendors.id, id)).for('update').limit(1);
  return row ?? null;
}

const vendorInputs = preparedPerDb((db) =>
  db
    .select({ input: pricingInputs, option: pricingInputOptions })
    .from(pricingInputs)
    .leftJoin(pricingInputOptions, eq(pricingInputOptions.pricingInputId, pricingInputs.id))
    .where(eq(pricingInputs.vendorId, sql.placeholder('vendorId')))
    .orderBy(
      asc(pricingInputs.position),
      asc(pricingInputs.id),
      asc(pricingInputOptions.position),
      asc(pricingInputOptions.id),
    )
    .prepare('vendor_inputs'),
);

/**
 * A vendor's questions in display order, each with its options (in their order): one statement (issue 27,
 * the reads before a checkout's lock), so the questions and their options are read from one snapshot.
 */
export async function listVendorInputs(db: Db | Tx, vendorId: number): Promise<InputWithOptions[]> {
  const rows = await vendorInputs(db).execute({ vendorId });
  const byId = new Map<number, InputWithOptions>();
  for (const { input, option } of rows) {
    let entry = byId.get(input.id);
    if (!entry) byId.set(input.id, (entry = { input, options: [] }));
    if (option) entry.options.push(option);
  }
  return [...byId.values()];
}

/** The questions with these ids (any vendor's), each with its options. */
export async function findInputsByIds(db: Db | Tx, ids: number[]): Promise<InputWithOptions[]> {
  if (ids.length === 0) return [];
  const inputs = await db.select().from(pricingInputs).where(inArray(pricingInputs.id, ids));
  return withOptions(db, inputs);
}

export async function updateVendorPricingRow(
  tx: Tx,
  id: number,
  fields: Partial<
    Pick<
      VendorRow,
      | 'minPriceCents'
      | 'pricingFormula'
      | 'previousFormula'
      | 'stagedFormula'
      | 'priceToDurationRateCents'
      | 'cancelationPolicyHours'
      | 'appointmentInstructions'
      | 'updatedAt'
    >
  >,
) {
  await tx.update(vendors).set(fields).where(eq(vendors.id, id));
}

export interface OptionPlan {
  id?: number;
  name: string;
  value: number;
  isDefault: boolean;
  optionType: RangeOptionType | null;
}
export interface InputPlan {
  id?: number;
  name: string;
  alias: string;
  inputType: InputType;
  recurring: boolean;
  options: OptionPlan[];
}

/**
 * Makes the vendor's questions exactly `plan`, in its order: questions with an id are updated,
 * those without are created, the others deleted (with their options and saved answers); the same
 * for each question's options. Run inside a transaction holding the vendor's lock. The caller has
 * checked that every id belongs to this vendor (and every option id to its question).
 */
export async function replaceVendorInputs(tx: Tx, vendorId: number, plan: InputPlan[]) {
  const keptIds = plan.flatMap((p) => (p.id === undefined ? [] : [p.id]));
  await tx
    .delete(pricingInputs)
    .where(
      keptIds.length === 0
        ? eq(pricingInputs.vendorId, vendorId)
        : and(eq(pricingInputs.vendorId, vendorId), notInArray(pricingInputs.id, keptIds)),
    );
  // Aliases are unique per vendor at every statement: park the kept questions on aliases no
  // question can have (a question's own id), so two questions may swap aliases.
  if (keptIds.length > 0) {
    await tx
      .update(pricingInputs)
      .set({ alias: sql`'Z__' || ${pricingInputs.id}::text` })
      .where(inArray(pricingInputs.id, keptIds));
  }
  for (const [position, p] of plan.entries()) {
    const fields = {
      name: p.name,
      alias: p.alias,
      inputType: p.inputType,
      recurring: p.recurring,
      position,
    };
    let inputId: number;
    if (p.id !== undefined) {
      await tx.update(pricingInputs).set(fields).where(eq(pricingInputs.id, p.id));
      inputId = p.id;
      const keptOptions = p.options.flatMap((o) => (o.id === undefined ? [] : [o.id]));
      await tx
        .delete(pricingInputOptions)
        .where(
          keptOptions.length === 0
            ? eq(pricingInputOptions.pricingInputId, inputId)
            : and(
                eq(pricingInputOptions.pricingInputId, inputId),
                notInArray(pricingInputOptions.id, keptOptions),
              ),
        );
    } else {
      const row = oneRow(
        await tx
          .insert(pricingInputs)
          .values({ ...fields, vendorId })
          .returning({ id: pricingInputs.id }),
        'pricing input',
      );
      inputId = row.id;
    }
    for (const [optionPosition, o] of p.options.entries()) {
      const optionFields = {
        name: o.name,
        value: o.value,
        isDefault: o.isDefault,
        optionType: o.optionType,
        position: optionPosition,
      };
      if (o.id !== undefined) {
        await tx.update(pricingInputOptions).set(optionFields).where(eq(pricingInputOptions.id, o.id));
      } else {
        await tx.insert(pricingInputOptions).values({ ...optionFields, pricingInputId: inputId });
      }
    }
  }
}

// ---- Saved answers ---------------------------------------------------------------------------------

/** One of the user's own addresses, or null (another user's or a vendor's address is not theirs). */
export async function findUserAddress(db: Db | Tx, addressId: number, userId: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Saves answers (valueString by pricing input id) on an address, replacing earlier ones. */
export async function upsertAddressInputs(
  db: Db | Tx,
  addressId: number,
  answers: Record<string, string>,
  now: Date,
) {
  const rows = Object.entries(answers).map(([pricingInputId, valueString]) => ({
    addressId,
    pricingInputId: Number(pricingInputId),
    valueString,
    updatedAt: now,
  }));
  if (rows.length === 0) return;
  await db
    .insert(userInputs)
    .values(rows)
    .onConflictDoUpdate({
      target: [userInputs.addressId, userInputs.pricingInputId],
      set: { valueString: sql`excluded.value_string`, updatedAt: sql`excluded.updated_at` },
    });
}

/** Merges answers into a session's guest answers in one statement; the merged answers. */
export async function mergeGuestInputs(
  db: Db | Tx,
  sessionId: number,
  answers: Record<string, string>,
): Promise<Record<string, string>> {
  const [row] = await db
    .update(sessions)
    .set({
      guestInputs: sql`coalesce(${sessions.guestInputs}, '{}'::jsonb) || ${JSON.stringify(answers)}::jsonb`,
    })
    .where(eq(sessions.id, sessionId))
    .returning({ guestInputs: sessions.guestInputs });
  return row?.guestInputs ?? {};
}

export async function findGuestInputs(db: Db | Tx, sessionId: number): Promise<Record<string, string>> {
  const [row] = await db
    .select({ guestInputs: sessions.guestInputs })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.guestInputs ?? {};
}

/** An address's saved pricing answers (the users' address answer shows them too). */
export async function listAddressInputs(db: Db, addressId: number) {
  return db.select().from(userInputs).where(eq(userInputs.addressId, addressId));
}
