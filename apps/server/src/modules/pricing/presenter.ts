import type { InputWithOptions } from './repo';

/** A question as the API shows it (and as the domain's pricing functions read it). */
export function presentPricingInput({ input, options }: InputWithOptions) {
  return {
    id: input.id,
    name: input.name,
    alias: input.alias,
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
export type PricingInputJson = ReturnType<typeof presentPricingInput>;

/** Saved answers as the API shows them: `{ [pricingInputId]: { valueString } }`. */
export function presentUserInputs(rows: { pricingInputId: number; valueString: string }[]) {
  return Object.fromEntries(rows.map((r) => [String(r.pricingInputId), { valueString: r.valueString }]));
}
