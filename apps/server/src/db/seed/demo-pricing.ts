/**
 * Pricing questions and formulas of the demo vendors, one builder per category. Every formula is in
 * dollars and uses only numbers, the inputs' UPPERCASE aliases, + - * / ( ), min, max, round, ceil, floor.
 */
import { defaultPricingFor, type DefaultPricing } from '@stg/domain/pricing-defaults';

export type InputType = 'radio' | 'select' | 'range';
export type RangeOptionType = 'min' | 'max' | 'step' | 'default' | 'tooltip';

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

const range = (
  name: string,
  alias: string,
  r: { min: number; max: number; step: number; default: number; tooltip: string },
): DemoInput => ({
  name,
  alias,
  inputType: 'range',
  options: [
    { name: 'min', value: r.min, optionType: 'min' },
    { name: 'max', value: r.max, optionType: 'max' },
    { name: 'step', value: r.step, optionType: 'step' },
    { name: 'default', value: r.default, optionType: 'default' },
    { name: r.tooltip, value: 0, optionType: 'tooltip' },
  ],
});

const counted = (n: number, one: string, many: string, from = 1): [string, number][] =>
  Array.from({ length: n - from + 1 }, (_, i) => [`${i + from} ${i + from === 1 ? one : many}`, i + from]);

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
  const inputs = [
    select('Bedrooms', 'BEDROOMS', counted(6, 'bedroom', 'bedrooms')),
    select('Bathrooms', 'BATHROOMS', [
      ['1 bathroom', 1],
      ['1.5 bathrooms', 1.5],
      ['2 bathrooms', 2],
      ['2.5 bathrooms', 2.5],
      ['3 bathrooms', 3],
      ['3.5 bathrooms', 3.5],
      ['4+ bathrooms', 4],
    ]),
    range('Home size (sq ft)', 'SQFT', {
      min: 600,
      max: 5000,
      step: 50,
      default: 1800,
      tooltip: 'Finished square footage, not counting the garage. Your county record or listing has it.',
    }),
    radio('Home condition', 'CONDITION', [
      ['Tidy - regular upkeep', 1],
      ['Needs extra attention', 1.3],
      ['Deep clean / move-out', 1.7],
    ]),
  ];
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
 * Pest control. Price = the chosen plan's visit price + a rate per square foot of home + a surcharge
 * per story above the first (max(0, STORIES - 1)) + a surcharge for the main pest concern.
 */
export function pestControl(p: {
  oneTime: number;
  quarterly: number;
  followUp: number;
  sqft: number;
  story: number;
}): DemoPricing {
  return {
    formula: `PLAN + SQFT * ${p.sqft} + max(0, STORIES - 1) * ${p.story} + TARGET`,
    inputs: [
      radio('Service plan', 'PLAN', [
        ['One-time treatment', p.oneTime],
        ['Quarterly plan (per visit)', p.quarterly],
        ['Initial treatment + 30-day follow-up', p.followUp],
      ]),
      range('Home size (sq ft)', 'SQFT', {
        min: 800,
        max: 6000,
        step: 100,
        default: 2000,
        tooltip: 'Include the garage: we treat the whole perimeter and entry points.',
      }),
      select('Number of stories', 'STORIES', counted(3, 'story', 'stories')),
      select('Main concern', 'TARGET', [
        ['General insects & spiders', 0],
        ['Ants', 15],
        ['Scorpions', 35],
        ['Rodent exclusion', 85],
      ]),
    ],
  };
}

/**
 * Window cleaning. Price = a trip charge + a rate per window times the sides cleaned (1 = outside only,
 * 1.8 = inside and outside) + a ladder surcharge per story above the first + screen washing per window.
 */
export function windowCleaning(p: {
  base: number;
  pane: number;
  story: number;
  maxWindows?: number;
}): DemoPricing {
  return {
    formula: `${p.base} + WINDOWS * ${p.pane} * SIDES + max(0, STORIES - 1) * ${p.story} + WINDOWS * SCREENS`,
    inputs: [
      range('Number of windows', 'WINDOWS', {
        min: 4,
        max: p.maxWindows ?? 40,
        step: 1,
        default: 16,
        tooltip: 'Count each separate pane of glass; a slider door counts as two.',
      }),
      radio(
        'Which sides',
        'SIDES',
        [
          ['Outside only', 1],
          ['Inside & outside', 1.8],
        ],
        1,
      ),
      select('Stories', 'STORIES', counted(3, 'story', 'stories')),
      radio('Screen cleaning', 'SCREENS', [
        ['Skip screens', 0],
        ['Wash screens', 2],
      ]),
    ],
  };
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
  const inputs = [
    select('Number of cans', 'CANS', [
      ['1 can', 1],
      ['2 cans (trash + recycling)', 2],
      ['3 cans', 3],
      ['4 cans', 4],
    ]),
    radio('Service', 'FREQUENCY', [
      ['One-time cleaning', 1],
      ['3-month package (3 cleanings)', 2.7],
      ['6-month package (6 cleanings)', 5.1],
    ]),
    range('Weeks since last cleaning', 'WEEKS', {
      min: 0,
      max: 52,
      step: 1,
      default: 8,
      tooltip: 'Longer gaps mean more buildup to scrub. Never cleaned? Pick 52.',
    }),
  ];
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
 * treatment multiplier (1 = hot-water extraction … 1.35 = pet odor) + a rate per area rug.
 */
export function carpetCleaning(p: { base: number; room: number; stair: number; rug: number }): DemoPricing {
  return {
    formula: `(${p.base} + ROOMS * ${p.room} + STAIRS * ${p.stair}) * TREATMENT + RUGS * ${p.rug}`,
    inputs: [
      select('Rooms to clean', 'ROOMS', counted(8, 'room', 'rooms')),
      range('Carpeted stairs', 'STAIRS', {
        min: 0,
        max: 30,
        step: 1,
        default: 0,
        tooltip: 'Count each carpeted step; a typical flight has 13.',
      }),
      radio('Treatment', 'TREATMENT', [
        ['Hot-water extraction', 1],
        ['Extraction + stain guard', 1.2],
        ['Pet odor & stain treatment', 1.35],
      ]),
      select(
        'Area rugs',
        'RUGS',
        counted(3, 'rug', 'rugs', 0).map(([l, v]) => [v === 0 ? 'No area rugs' : l, v]),
      ),
    ],
  };
}

/**
 * Auto detailing. Price = the package price × the vehicle size factor + a surcharge per dirt level
 * above 2 + pet hair removal.
 */
export function autoDetailing(p: {
  exterior: number;
  interior: number;
  full: number;
  ceramic: number;
  soil: number;
  petHair: number;
}): DemoPricing {
  return {
    formula: `round(PACKAGE * VEHICLE) + max(0, SOIL - 2) * ${p.soil} + PETHAIR`,
    inputs: [
      radio(
        'Package',
        'PACKAGE',
        [
          ['Exterior wash & wax', p.exterior],
          ['Interior detail', p.interior],
          ['Full detail (inside & out)', p.full],
          ['Ceramic coating (1 year)', p.ceramic],
        ],
        2,
      ),
      select('Vehicle', 'VEHICLE', [
        ['Sedan / coupe', 1],
        ['Small SUV / crossover', 1.15],
        ['Truck', 1.25],
        ['Large SUV / minivan', 1.35],
      ]),
      range('How dirty is it? (1-5)', 'SOIL', {
        min: 1,
        max: 5,
        step: 1,
        default: 2,
        tooltip: '1 = weekly commuter, 5 = just back from the sand dunes at Sand Hollow.',
      }),
      radio('Pet hair', 'PETHAIR', [
        ['No pet hair', 0],
        ['Pet hair removal', p.petHair],
      ]),
    ],
  };
}

/** A new vendor's starting pricing (what vendor sign-up gives), in the seed's shape. */
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

/** The not-yet-submitted vendor starts where every new window cleaner does. */
export function starterWindowPricing(): DemoPricing {
  return fromDefaultPricing(defaultPricingFor('window_cleaning'));
}
