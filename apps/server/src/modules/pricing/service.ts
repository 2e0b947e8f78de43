/**
 * A vendor's pricing (spec §2 Pricing Preferences, §5 Calculator): minimum price, formula with its
 * previous save and staged draft, and the questions; and customers' saved answers (spec §6:
 * answers are saved to the active address; a guest's are kept in the session).
 * Every rule is the domain's (pricing-inputs.ts), so the editor and the API agree.
 */
import { INPUT_TYPES, RANGE_OPTION_TYPES } from '@stg/domain/constants';
import { isOneOf } from '@stg/domain/is-one-of';
import type { DefaultPricing } from '@stg/domain/pricing-defaults';
import { parseFormula } from '@stg/domain/pricing-formula';
import {
  canonicalAnswer,
  checkSavedAnswers,
  minPriceCents,
  PRICING_MESSAGES,
  validateFormula,
  validateMinPrice,
  validatePricingInputs,
  type PricingInputDraft,
} from '@stg/domain/pricing-inputs';
import { dollarsToCents } from '@stg/domain/money';
import {
  validateVendorSchedulingFields,
  type VendorSchedulingFields,
} from '@stg/domain/scheduling-preferences';
import { MESSAGES } from '@stg/domain/validation';
import type { Db, Tx } from '../../db/client';
import { notFound, unprocessable } from '../../http/errors';
import { queuePlanPriceCheck } from './price-changes';
import { presentPricingInput, type PricingInputJson } from './presenter';
import {
  findInputsByIds,
  findUserAddress,
  listVendorInputs,
  lockVendor,
  mergeGuestInputs,
  replaceVendorInputs,
  updateVendorPricingRow,
  upsertAddressInputs,
  type InputPlan,
  type VendorRow,
  listAddressInputs,
} from './repo';

export interface PricingPatch extends VendorSchedulingFields {
  minPrice?: number;
  pricingFormula?: string;
  stagedFormula?: string | null;
}

async function lockedVendor(tx: Tx, vendorId: number): Promise<VendorRow> {
  const vendor = await lockVendor(tx, vendorId);
  if (!vendor) throw notFound(MESSAGES.vendorNotFound);
  return vendor;
}

const questionsOf = async (db: Db | Tx, vendorId: number): Promise<PricingInputJson[]> =>
  (await listVendorInputs(db, vendorId)).map(presentPricingInput);

/**
 * Saves the minimum price, the formula and/or the staged draft, and the scheduling screen's vendor
 * fields (rate, cancellation policy, appointment instructions). A formula must parse and use only
 * the vendor's aliases; saving one keeps the one it replaces as the previous save (for Revert) and
 * clears the draft. The draft is stored as typed, unvalidated. Nothing is saved unless all is valid.
 */
/**
 * What a pricing patch would be refused with (empty: it may be saved). updateVendorPricing checks it again
 * with the vendor locked; PATCH /api/vendors/{id} also asks first, so a request that changes business
 * details too is refused whole rather than saved in part.
 */
export async function pricingPatchProblems(
  db: Db | Tx,
  vendorId: number,
  patch: PricingPatch,
): Promise<string[]> {
  const errors: string[] = [];
  if (patch.minPrice !== undefined) errors.push(...validateMinPrice(patch.minPrice));
  if (patch.pricingFormula !== undefined)
    errors.push(...validateFormula(patch.pricingFormula, await questionsOf(db, vendorId)));
  if (typeof patch.stagedFormula === 'string' && patch.stagedFormula.length > 2000)
    errors.push(PRICING_MESSAGES.stagedFormulaTooLong);
  errors.push(...validateVendorSchedulingFields(patch));
  return errors;
}

export async function updateVendorPricing(db: Db, vendorId: number, patch: PricingPatch, now: Date) {
  await db.transaction(async (tx) => {
    const vendor = await lockedVendor(tx, vendorId);
    const errors = await pricingPatchProblems(tx, vendorId, patch);
    if (errors.length > 0) throw unprocessable(...errors);

    const fields: Parameters<typeof updateVendorPricingRow>[2] = { updatedAt: now };
    if (patch.minPrice !== undefined) fields.minPriceCents = minPriceCents(patch.minPrice);
    if (patch.stagedFormula !== undefined) fields.stagedFormula = patch.stagedFormula;
    // Validated above: a number of dollars, an integer of hours, text or null.
    if (typeof patch.priceToDurationRate === 'number')
      fields.priceToDurationRateCents = dollarsToCents(patch.priceToDurationRate);
    if (typeof patch.cancelationPolicyHours === 'number')
      fields.cancelationPolicyHours = patch.cancelationPolicyHours;
    if (patch.appointmentInstructions !== undefined)
      fields.appointmentInstructions =
        typeof patch.appointmentInstructions === 'string' && patch.appointmentInstructions.trim() !== ''
          ? patch.appointmentInstructions.trim()
          : null;
    if (patch.pricingFormula !== undefined) {
      // Saving the formula that is already saved keeps the real previous save.
      if (patch.pricingFormula !== vendor.pricingFormula) {
        fields.previousFormula = vendor.pricingFormula;
        fields.pricingFormula = patch.pricingFormula;
      }
      fields.stagedFormula = null;
    }
    await updateVendorPricingRow(tx, vendorId, fields);
    // The price of a plan follows the formula and the minimum (ADR 0037): its customer may be told.
    if (fields.pricingFormula !== undefined || fields.minPriceCents !== undefined)
      await queuePlanPriceCheck(tx, vendorId, now);
  });
}

/** Revert to Previous Save: swaps the formula with the previous save (which must still fit the questions). */
export async function revertFormula(db: Db, vendorId: number, now: Date) {
  await db.transaction(async (tx) => {
    const vendor = await lockedVendor(tx, vendorId);
    if (vendor.previousFormula === null) throw unprocessable(PRICING_MESSAGES.noPreviousFormula);
    const errors = validateFormula(vendor.previousFormula, await questionsOf(tx, vendorId));
    if (errors.length > 0) throw unprocessable(...errors);
    await updateVendorPricingRow(tx, vendorId, {
      pricingFormula: vendor.previousFormula,
      previousFormula: vendor.pricingFormula,
      stagedFormula: null,
      updatedAt: now,
    });
    await queuePlanPriceCheck(tx, vendorId, now);
  });
}

const numberOr = (raw: number | string, fallback: number) => {
  const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
  return Number.isFinite(n) && String(raw).trim() !== '' ? n : fallback;
};

/**
 * Replaces the vendor's whole question set (spec §7 update_pricing_input_options) in one
 * transaction: items with an id update that question, items without create one, questions left
 * out are deleted. Refused (nothing changes) when any rule fails, an id is not one of the vendor's,
 * or a question the saved formula uses would go.
 */
export async function replacePricingInputs(
  db: Db,
  vendorId: number,
  items: PricingInputDraft[],
  now: Date = new Date(),
) {
  await db.transaction(async (tx) => {
    const vendor = await lockedVendor(tx, vendorId);
    const current = await listVendorInputs(tx, vendorId);
    const parsed = parseFormula(vendor.pricingFormula);
    const errors = validatePricingInputs(items, {
      formulaVariables: parsed.ok ? parsed.formula.variables : [],
      currentAliases: current.map((c) => c.input.alias),
    });

    const byId = new Map(current.map((c) => [c.input.id, c]));
    const seenInputs = new Set<number>();
    const seenOptions = new Set<number>();
    const plan: InputPlan[] = items.flatMap((item) => {
      // validatePricingInputs has reported a question of no known type: nothing to plan for it.
      if (!isOneOf(INPUT_TYPES, item.inputType)) return [];
      let id: number | undefined;
      if (item.id !== undefined && item.id !== null) {
        id = Number(item.id);
        if (!byId.has(id) || seenInputs.has(id)) errors.push('A question to update was not found.');
        seenInputs.add(id);
      }
      const own = id === undefined ? undefined : byId.get(id);
      const isRange = item.inputType === 'range';
      return {
        id,
        name: item.name.trim(),
        alias: item.alias.trim(),
        inputType: item.inputType,
        recurring: item.recurring === true,
        options: item.pricingInputOptions.map((o) => {
          let optionId: number | undefined;
          if (o.id !== undefined && o.id !== null) {
            optionId = Number(o.id);
            if (!own?.options.some((x) => x.id === optionId) || seenOptions.has(optionId))
              errors.push('A choice to update was not found.');
            seenOptions.add(optionId);
          }
          // A range setting of no known type is among the errors already.
          const optionType = isRange && isOneOf(RANGE_OPTION_TYPES, o.optionType) ? o.optionType : null;
          return {
            id: optionId,
            name: o.name.trim(),
            value: numberOr(o.value, 0),
            isDefault: !isRange && o.default === true,
            optionType,
          };
        }),
      };
    });
    if (errors.length > 0) throw unprocessable(...new Set(errors));
    await replaceVendorInputs(tx, vendorId, plan);
    await queuePlanPriceCheck(tx, vendorId, now);
  });
}

/**
 * A new vendor's starting pricing (issue 25: never the formula `x`): the category's default questions,
 * formula and minimum price (`defaultPricingFor`), written inside the caller's transaction (the sign-up's),
 * checked by the same rules as the Pricing page so a default that breaks them fails loudly.
 */
export async function startVendorPricing(tx: Tx, vendorId: number, pricing: DefaultPricing, now: Date) {
  const errors = [
    ...validatePricingInputs(pricing.pricingInputs, { formulaVariables: [], currentAliases: [] }),
    // validateFormula prices the questions' default answers, keyed by id: the drafts have none yet.
    ...validateFormula(
      pricing.pricingFormula,
      pricing.pricingInputs.map((input, i) => ({
        ...input,
        id: -1 - i,
        pricingInputOptions: input.pricingInputOptions.map((o, j) => ({ ...o, id: j })),
      })),
    ),
    ...validateMinPrice(pricing.minPrice),
  ];
  if (errors.length > 0) throw new Error(`Default pricing is not valid: ${errors.join(' ')}`);
  const plan: InputPlan[] = pricing.pricingInputs.flatMap((item) => {
    if (!isOneOf(INPUT_TYPES, item.inputType)) return [];
    const isRange = item.inputType === 'range';
    return {
      name: item.name.trim(),
      alias: item.alias.trim(),
      inputType: item.inputType,
      recurring: item.recurring === true,
      options: item.pricingInputOptions.map((o) => ({
        name: o.name.trim(),
        value: numberOr(o.value, 0),
        isDefault: !isRange && o.default === true,
        optionType: isRange && isOneOf(RANGE_OPTION_TYPES, o.optionType) ? o.optionType : null,
      })),
    };
  });
  await replaceVendorInputs(tx, vendorId, plan);
  await updateVendorPricingRow(tx, vendorId, {
    pricingFormula: pricing.pricingFormula,
    previousFormula: null,
    stagedFormula: null,
    minPriceCents: minPriceCents(pricing.minPrice),
    updatedAt: now,
  });
}

// ---- Saved answers ---------------------------------------------------------------------------------

const inputIds = (answers: Record<string, string>) =>
  Object.keys(answers)
    .filter((k) => /^[1-9][0-9]{0,9}$/.test(k) && Number(k) <= 2_147_483_647)
    .map(Number);

/** The questions the answers name, keyed by id as text, as the domain's answer checks read them. */
async function questionsNamed(db: Db | Tx, answers: Record<string, string>) {
  const found = await findInputsByIds(db, inputIds(answers));
  return new Map(found.map((f) => [String(f.input.id), presentPricingInput(f)]));
}

/** Answers that each fit their question, canonical; 422 with the reasons otherwise. */
async function checkedAnswers(db: Db | Tx, given: Record<string, string>) {
  const checked = checkSavedAnswers(await questionsNamed(db, given), given);
  if (checked.errors.length > 0) throw unprocessable(...checked.errors);
  return checked.answers;
}

/** Only the answers that still fit their question (a guest's answers carried into an account). */
export async function fittingAnswers(db: Db | Tx, given: Record<string, string>) {
  const questions = await questionsNamed(db, given);
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(given)) {
    const input = questions.get(key);
    const checked = input ? canonicalAnswer(input, String(raw)) : null;
    if (checked?.ok) out[key] = checked.valueString;
  }
  return out;
}

/** Saves answers on one of the user's addresses (404 for anyone else's); all its answers after. */
export async function saveAddressAnswers(
  db: Db,
  userId: number,
  addressId: number,
  given: Record<string, string>,
  now: Date,
) {
  const address = await findUserAddress(db, addressId, userId);
  if (!address) throw notFound();
  await upsertAddressInputs(db, address.id, await checkedAnswers(db, given), now);
  return listAddressInputs(db, address.id);
}

/** Merges answers into the session's guest answers; all of them after. */
export async function saveGuestAnswers(db: Db, sessionId: number, given: Record<string, string>) {
  return mergeGuestInputs(db, sessionId, await checkedAnswers(db, given));
}
