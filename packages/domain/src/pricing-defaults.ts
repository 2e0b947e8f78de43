/**
 * A sensible starting point for a new vendor's pricing, per category: a few questions (radio,
 * select and range) and a formula that uses exactly their aliases, so the pricing page never starts
 * empty. Shaped like the body of PATCH /api/vendors/{id}/update_pricing_input_options (no ids).
 * Every price is in dollars; the default answers price at or above the default minimum of $35.
 */
import { DEFAULT_MIN_PRICE_CENTS, type Category } from './constants';
import { centsToDollars } from './money';
import type { PricingInputDraft, PricingInputOptionDraft } from './pricing-inputs';

export interface DefaultPricing {
  pricingFormula: string;
  /** Dollars. */
  minPrice: number;
  pricingInputs: PricingInputDraft[];
}

const choice = (name: string, value: number, isDefault = false): PricingInputOptionDraft => ({
  name,
  value,
  default: isDefault,
  optionType: null,
});

const radio = (name: string, alias: string, choices: [string, number][], defaultIndex = 0) => ({
  name,
  alias,
  inputType: 'radio',
  recurring: false,
  pricingInputOptions: choices.map(([label, value], i) => choice(label, value, i === defaultIndex)),
});

const select = (name: string, alias: string, choices: [string, number][]) => ({
  name,
  alias,
  inputType: 'select',
  recurring: false,
  pricingInputOptions: choices.map(([label, value]) => choice(label, value)),
});

const range = (
  name: string,
  alias: string,
  r: { min: number; max: number; step: number; default: number; tooltip: string },
) => ({
  name,
  alias,
  inputType: 'range',
  recurring: false,
  pricingInputOptions: [
    { name: 'min', value: r.min, default: false, optionType: 'min' },
    { name: 'max', value: r.max, default: false, optionType: 'max' },
    { name: 'step', value: r.step, default: false, optionType: 'step' },
    { name: 'default', value: r.default, default: false, optionType: 'default' },
    { name: r.tooltip, value: 0, default: false, optionType: 'tooltip' },
  ],
});

const counted = (n: number, one: string, many: string, from = 1): [string, number][] =>
  Array.from({ length: n - from + 1 }, (_, i) => [`${i + from} ${i + from === 1 ? one : many}`, i + from]);

const stories = () => select('Stories', 'STORIES', counted(3, 'story', 'stories'));

const BUILDERS: Record<Category, () => Omit<DefaultPricing, 'minPrice'>> = {
  house_cleaning: () => ({
    pricingFormula: '40 + BEDROOMS * 15 + BATHROOMS * 12 + SQFT * 0.03 * CONDITION',
    pricingInputs: [
      select('Bedrooms', 'BEDROOMS', counted(6, 'bedroom', 'bedrooms')),
      select('Bathrooms', 'BATHROOMS', [
        ['1 bathroom', 1],
        ['1.5 bathrooms', 1.5],
        ['2 bathrooms', 2],
        ['2.5 bathrooms', 2.5],
        ['3 bathrooms', 3],
        ['4+ bathrooms', 4],
      ]),
      range('Home size (sq ft)', 'SQFT', {
        min: 500,
        max: 5000,
        step: 50,
        default: 1800,
        tooltip: 'Finished square footage, not counting the garage.',
      }),
      radio('Home condition', 'CONDITION', [
        ['Tidy - regular upkeep', 1],
        ['Needs extra attention', 1.3],
        ['Deep clean / move-out', 1.7],
      ]),
    ],
  }),
  pest_control: () => ({
    pricingFormula: 'PLAN + SQFT * 0.02 + max(0, STORIES - 1) * 20',
    pricingInputs: [
      radio('Service plan', 'PLAN', [
        ['One-time treatment', 99],
        ['Quarterly plan (per visit)', 79],
        ['Initial treatment + 30-day follow-up', 149],
      ]),
      range('Home size (sq ft)', 'SQFT', {
        min: 500,
        max: 6000,
        step: 100,
        default: 2000,
        tooltip: 'Include the garage: the whole perimeter is treated.',
      }),
      stories(),
    ],
  }),
  window_cleaning: () => ({
    pricingFormula: '30 + WINDOWS * 4 * SIDES + max(0, STORIES - 1) * 25',
    pricingInputs: [
      range('Number of windows', 'WINDOWS', {
        min: 1,
        max: 60,
        step: 1,
        default: 15,
        tooltip: 'Count each separate pane of glass; a sliding door counts as two.',
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
      stories(),
    ],
  }),
  garbage_can_cleaning: () => ({
    pricingFormula: '20 + CANS * 15 * FREQUENCY + min(WEEKS, 26) * 0.5 * CANS',
    pricingInputs: [
      select('Number of cans', 'CANS', [
        ['1 can', 1],
        ['2 cans', 2],
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
        tooltip: 'Longer gaps mean more buildup. Never cleaned? Pick 52.',
      }),
    ],
  }),
  carpet_cleaning: () => ({
    pricingFormula: '(30 + ROOMS * 35 + STAIRS * 3) * TREATMENT',
    pricingInputs: [
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
    ],
  }),
  auto_detailing: () => ({
    pricingFormula: 'round(PACKAGE * VEHICLE) + max(0, SOIL - 2) * 15',
    pricingInputs: [
      radio(
        'Package',
        'PACKAGE',
        [
          ['Exterior wash & wax', 80],
          ['Interior detail', 120],
          ['Full detail (inside & out)', 180],
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
        tooltip: '1 = weekly commuter, 5 = back from the dunes.',
      }),
    ],
  }),
};

/** A new vendor's starting questions, formula and minimum price for their category. */
export function defaultPricingFor(category: Category): DefaultPricing {
  const build = BUILDERS[category];
  if (!build) throw new RangeError(`Unknown category: ${String(category)}`);
  return { ...build(), minPrice: centsToDollars(DEFAULT_MIN_PRICE_CENTS) };
}
