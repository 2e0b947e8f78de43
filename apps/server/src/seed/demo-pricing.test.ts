import { describe, expect, it } from 'vitest';
import { CATEGORIES, type Category } from '@stg/domain/constants';
import { defaultPricingFor } from '@stg/domain/pricing-defaults';
import {
  autoDetailing,
  carpetCleaning,
  defaultDemoPricing,
  fromDefaultPricing,
  garbageCans,
  houseCleaning,
  pestControl,
  windowCleaning,
  type DemoPricing,
} from './demo-pricing';
import { DEMO_VENDORS } from './demo-vendors';

/** Each builder given the domain default's own numbers and no question of the vendor's own. */
const WITH_DEFAULT_NUMBERS: Record<Category, () => DemoPricing> = {
  house_cleaning: () => houseCleaning({ base: 40, bed: 15, bath: 12, sqft: 0.03 }),
  pest_control: () => pestControl({ oneTime: 99, quarterly: 79, followUp: 149, sqft: 0.02, story: 20 }),
  window_cleaning: () => windowCleaning({ base: 30, pane: 4, story: 25 }),
  garbage_can_cleaning: () => garbageCans({ base: 20, perCan: 15, grime: 0.5 }),
  carpet_cleaning: () => carpetCleaning({ base: 30, room: 35, stair: 3 }),
  auto_detailing: () => autoDetailing({ exterior: 80, interior: 120, full: 180, soil: 15 }),
};

describe('demo pricing', () => {
  it.each(CATEGORIES)(
    '%s: the builder has the shape of the domain default (same questions, same formula)',
    (category) => {
      expect(WITH_DEFAULT_NUMBERS[category]()).toEqual(fromDefaultPricing(defaultPricingFor(category)));
      expect(defaultDemoPricing(category)).toEqual(fromDefaultPricing(defaultPricingFor(category)));
    },
  );

  it("every demo vendor asks its category's default questions first, in the defaults' order", () => {
    for (const v of DEMO_VENDORS) {
      const defaults = defaultDemoPricing(v.category).inputs;
      const asked = v.pricing.inputs.slice(0, defaults.length);
      expect(
        asked.map((i) => [i.alias, i.name, i.inputType]),
        v.name,
      ).toEqual(defaults.map((i) => [i.alias, i.name, i.inputType]));
    }
  });
});
