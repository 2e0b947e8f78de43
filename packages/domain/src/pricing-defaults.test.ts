import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './constants';
import { defaultPricingFor } from './pricing-defaults';
import { parseFormula } from './pricing-formula';
import { validateFormula, validatePricingInputs } from './pricing-inputs';
import {
  answersFromSelections,
  defaultSelections,
  formulaCoversInputs,
  quotePrice,
  unknownFormulaVariables,
} from './pricing';

describe.each(CATEGORIES)('defaultPricingFor(%s)', (category) => {
  const pricing = defaultPricingFor(category);
  const inputs = pricing.pricingInputs.map((input, i) => ({
    ...input,
    id: i + 1,
    pricingInputOptions: input.pricingInputOptions.map((o, j) => ({ ...o, id: (i + 1) * 100 + j })),
  }));

  it('has questions of all three types that pass the editor rules', () => {
    expect(new Set(inputs.map((i) => i.inputType))).toEqual(new Set(['radio', 'select', 'range']));
    expect(validatePricingInputs(pricing.pricingInputs, { formulaVariables: [] })).toEqual([]);
  });

  it('has a formula that parses and uses exactly its own aliases', () => {
    const parsed = parseFormula(pricing.pricingFormula);
    expect(parsed.ok).toBe(true);
    expect(unknownFormulaVariables(pricing.pricingFormula, inputs)).toEqual([]);
    expect(formulaCoversInputs(pricing.pricingFormula, inputs)).toEqual([]);
    expect(validateFormula(pricing.pricingFormula, inputs)).toEqual([]);
    // Removing any of its questions is refused while the formula uses it.
    const variables = parsed.ok ? parsed.formula.variables : [];
    expect(
      validatePricingInputs(pricing.pricingInputs.slice(1), {
        formulaVariables: variables,
        currentAliases: inputs.map((i) => i.alias),
      }),
    ).toHaveLength(1);
  });

  it('prices the default answers at $35 or more without the minimum price', () => {
    const selections = defaultSelections(inputs);
    // A select starts at "Select One": take its first choice, the least a customer can pick.
    for (const input of inputs)
      if (input.inputType === 'select')
        selections[String(input.id)] = String(input.pricingInputOptions[0]!.value);
    const quote = quotePrice({
      formula: pricing.pricingFormula,
      minPriceCents: 0,
      answers: answersFromSelections(inputs, selections),
    });
    expect(quote.formulaOk).toBe(true);
    expect(quote.priceCents).toBeGreaterThanOrEqual(3500);
    expect(pricing.minPrice).toBe(35);
  });
});
