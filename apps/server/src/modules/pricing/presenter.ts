import type { z } from 'zod';
import type { pricingInputSchema } from '@stg/domain/api/vendors';
import type { InputWithOptions } from './repo';

export type PricingInputJson = z.output<typeof pricingInputSchema>;

/** A question as the API shows it (and as the domain's pricing functions read it). */
export function presentPricingInput({ input, options }: InputWithOptions): PricingInputJson {
  return {
    id: input.id,
    name: input.name,
    alias: input.alias,
    // The database's check constraints hold these to the domain's lists.
    inputType: input.inputType,
    recurring: input.recurring,
    pricingInputOptions: options.map((o) => ({
      id: o.id,
      name: o.name,
      value: o.value,
      default: o.isDefault,
      optionType: o.optionType,
    })),
  };
}

/** Saved answers as the API shows them: `{ [pricingInputId]: { valueString } }`. */
export function presentUserInputs(rows: { pricingInputId: number; valueString: string }[]) {
  return Object.fromEntries(rows.map((r) => [String(r.pricingInputId), { valueString: r.valueString }]));
}
