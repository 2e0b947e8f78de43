/**
 * Pricing of the demo vendors. Each starts from the domain's default questions for its category
 * (`defaultPricingFor`, @stg/domain/pricing-defaults), so the demo and a new vendor's starting point
 * cannot drift apart; a vendor then has its own prices (the formula's numbers, and the choices whose
 * values are prices) and, for some, a question of its own. Every formula has the domain default's
 * shape: with the default numbers and no question of its own, a builder gives exactly
 * `defaultPricingFor(category)` (demo-pricing.test.ts). Formulas are in dollars.
 */
import type { Category, InputType, RangeOptionType } from '@stg/domain/constants';
import { defaultPricingFor, type DefaultPricing } from '@stg/domain/pricing-defaults';

export interface DemoOption {
  name: string;
  value: number;
  isDefault?: boolean;
  optionType?: RangeOptionType;
}

export interface DemoInput {
  name: string;
  alias: string;
  inputType: InputType;
  recurring?: boolean;
  options: DemoOption[];
}

export interface DemoPricing {
  formula: string;
  inputs: DemoInput[];
}

/** A pricing of the domain's shape (questions without ids), in the seed's shape. */
export function fromDefaultPricing(pricing: DefaultPricing): DemoPricing {
  return {
    formula: pricing.pricingFormula,
    inputs: pricing.pricingInputs.map((input) => ({
      name: input.name,
      alias: input.alias,
      inputType: input.inputType as InputType,
      recurring: input.recurring === true,
      options: input.pricingInputOptions.map((o) => ({
        name: o.name,
        value: Number(o.value),
        isDefault: o.default === true,
        ...(o.optionType ? { optionType: o.optionType as RangeOptionType } : {}),
      })),
    })),
  };
}

/** What a new vendor of `category` starts with (the domain's defaults). */
export function defaultDemoPricing(category: Category): DemoPricing {
  return fromDefaultPricing(defaultPricingFor(category));
}

/** The category's default questions, with `change` applied to the question of each alias it names. */
function defaultInputs(
  category: Category,
  change: Record<string, (input: DemoInput) => DemoInput> = {},
): DemoInput[] {
  const inputs = defaultDemoPricing(category).inputs;
  for (const alias of Object.keys(change)) {
    if (!inputs.some((i) => i.alias === alias)) throw new Error(`No default ${category} question ${alias}`);
  }
  return inputs.map((input) => change[input.alias]?.(input) ?? input);
}

/** The choices' values replaced by the vendor's prices (in the defaults' order), `more` choices after them. */
const priced =
  (values: number[], more: [string, number][] = []) =>
  (input: DemoInput): DemoInput => {
    if (values.length !== input.options.length) {
      throw new Error(`${input.alias}: ${values.length} prices for ${input.options.length} choices`);
    }
    return {
      ...input,
      options: [
        ...input.options.map((o, i) => ({ ...o, value: values[i]! })),
        ...more.map(([name, value]) => ({ name, value, isDefault: false })),
      ],
    };
  };

// A vendor's own questions, beside the defaults.
const radio = (
  name: string,
  alias: string,
  choices: [string, number][],
  defaultIndex = 0,
  recurring = false,
): DemoInput => ({
  name,
  alias,
  inputType: 'radio',
  recurring,
  options: choices.map(([label, value], i) => ({ name: label, value, isDefault: i === defaultIndex })),
});

const select = (name: string, alias: string, choices: [string, number][]): DemoInput => ({
  name,
  alias,
  inputType: 'select',
  options: choices.map(([label, value]) => ({ name: label, value })),
});

/**
 * House cleaning. Price = a base visit + a rate per bedroom + a rate per bathroom + a rate per square
 * foot, the square-foot part scaled by the home's condition (1 = tidy … 1.7 = move-out); optionally a
 * flat pet surcharge.
 */
export function houseCleaning(p: {
  base: number;
  bed: number;
  bath: number;
  sqft: number;
  pets?: number;
}): DemoPricing {
  const inputs = defaultInputs('house_cleaning');
  let formula = `${p.base} + BEDROOMS * ${p.bed} + BATHROOMS * ${p.bath} + SQFT * ${p.sqft} * CONDITION`;
  if (p.pets) {
    inputs.push(
      radio('Pets in the home', 'PETS', [
        ['No pets', 0],
        ['Yes, pets', p.pets],
      ]),
    );
    formula += ' + PETS';
  }
  return { formula, inputs };
}

/**
 * Pest control. Price = the chosen plan's visit price (one-time, quarterly, with a follow-up) + a rate
 * per square foot of home + a surcharge per story above the first; optionally a surcharge for the main
 * pest concern.
 */
export function pestControl(p: {
  oneTime: number;
  quarterly: number;
  followUp: number;
  sqft: number;
  story: number;
  concerns?: boolean;
}): DemoPricing {
  const inputs = defaultInputs('pest_control', { PLAN: priced([p.oneTime, p.quarterly, p.followUp]) });
  let formula = `PLAN + SQFT * ${p.sqft} + max(0, STORIES - 1) * ${p.story}`;
  if (p.concerns) {
    inputs.push(
      select('Main concern', 'TARGET', [
        ['General insects & spiders', 0],
        ['Ants', 15],
        ['Scorpions', 35],
        ['Rodent exclusion', 85],
      ]),
    );
    formula += ' + TARGET';
  }
  return { formula, inputs };
}

/**
 * Window cleaning. Price = a trip charge + a rate per window times the sides cleaned (1 = outside only,
 * 1.8 = inside and outside) + a ladder surcharge per story above the first; optionally screen washing
 * per window.
 */
export function windowCleaning(p: {
  base: number;
  pane: number;
  story: number;
  screens?: number;
}): DemoPricing {
  const inputs = defaultInputs('window_cleaning');
  let formula = `${p.base} + WINDOWS * ${p.pane} * SIDES + max(0, STORIES - 1) * ${p.story}`;
  if (p.screens) {
    inputs.push(
      radio('Screen cleaning', 'SCREENS', [
        ['Skip screens', 0],
        ['Wash screens', p.screens],
      ]),
    );
    formula += ' + WINDOWS * SCREENS';
  }
  return { formula, inputs };
}

/**
 * Garbage can cleaning. Price = a trip charge + cans × price per can × the package's number of
 * cleanings (with its discount built in) + a grime surcharge for the weeks since the last cleaning
 * (capped at 26 weeks) per can; optionally × an auto-renew discount (a recurring input, hidden from
 * the calculator, so it counts as 1 there).
 */
export function garbageCans(p: {
  base: number;
  perCan: number;
  grime: number;
  autoRenew?: boolean;
}): DemoPricing {
  const inputs = defaultInputs('garbage_can_cleaning');
  let formula = `${p.base} + CANS * ${p.perCan} * FREQUENCY + min(WEEKS, 26) * ${p.grime} * CANS`;
  if (p.autoRenew) {
    inputs.push(
      radio(
        'Auto-renew package',
        'RENEW',
        [
          ['Auto-renew (5% off)', 0.95],
          ['No auto-renew', 1],
        ],
        1,
        true,
      ),
    );
    formula = `(${formula}) * RENEW`;
  }
  return { formula, inputs };
}

/**
 * Carpet cleaning. Price = (a trip charge + a rate per room + a rate per carpeted stair) × the
 * treatment multiplier (1 = hot-water extraction … 1.35 = pet odor); optionally a rate per area rug.
 */
export function carpetCleaning(p: { base: number; room: number; stair: number; rug?: number }): DemoPricing {
  const inputs = defaultInputs('carpet_cleaning');
  let formula = `(${p.base} + ROOMS * ${p.room} + STAIRS * ${p.stair}) * TREATMENT`;
  if (p.rug) {
    inputs.push(
      select('Area rugs', 'RUGS', [
        ['No area rugs', 0],
        ['1 rug', 1],
        ['2 rugs', 2],
        ['3 rugs', 3],
      ]),
    );
    formula += ` + RUGS * ${p.rug}`;
  }
  return { formula, inputs };
}

/**
 * Auto detailing. Price = the package price (optionally with a ceramic coating package) × the vehicle
 * size factor + a surcharge per dirt level above 2; optionally pet hair removal.
 */
export function autoDetailing(p: {
  exterior: number;
  interior: number;
  full: number;
  ceramic?: number;
  soil: number;
  petHair?: number;
}): DemoPricing {
  const ceramic: [string, number][] = p.ceramic ? [['Ceramic coating (1 year)', p.ceramic]] : [];
  const inputs = defaultInputs('auto_detailing', {
    PACKAGE: priced([p.exterior, p.interior, p.full], ceramic),
  });
  let formula = `round(PACKAGE * VEHICLE) + max(0, SOIL - 2) * ${p.soil}`;
  if (p.petHair) {
    inputs.push(
      radio('Pet hair', 'PETHAIR', [
        ['No pet hair', 0],
        ['Pet hair removal', p.petHair],
      ]),
    );
    formula += ' + PETHAIR';
  }
  return { formula, inputs };
}
