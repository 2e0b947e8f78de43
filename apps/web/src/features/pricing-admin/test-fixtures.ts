/** A vendor with one question of each kind (and a recurring one), for the pricing-admin tests. */
import type { PricingInput, Vendor } from '@stg/domain/api/vendors';

export const PRICING_INPUTS: PricingInput[] = [
  {
    id: 11,
    name: 'Bedrooms',
    alias: 'BEDROOMS',
    inputType: 'radio',
    recurring: false,
    pricingInputOptions: [
      { id: 111, name: '1 bedroom', value: 1, default: false, optionType: null },
      { id: 112, name: '2 bedrooms', value: 2, default: true, optionType: null },
      { id: 113, name: '3 bedrooms', value: 3, default: false, optionType: null },
    ],
  },
  {
    id: 12,
    name: 'Bathrooms',
    alias: 'BATHROOMS',
    inputType: 'select',
    recurring: false,
    pricingInputOptions: [
      { id: 121, name: '1 bathroom', value: 1, default: false, optionType: null },
      { id: 122, name: '2 bathrooms', value: 2, default: false, optionType: null },
    ],
  },
  {
    id: 13,
    name: 'Square feet',
    alias: 'SQFT',
    inputType: 'range',
    recurring: false,
    pricingInputOptions: [
      { id: 131, name: 'min', value: 500, default: false, optionType: 'min' },
      { id: 132, name: 'max', value: 5000, default: false, optionType: 'max' },
      { id: 133, name: 'step', value: 100, default: false, optionType: 'step' },
      { id: 134, name: 'default', value: 1500, default: false, optionType: 'default' },
      { id: 135, name: 'Heated square feet only', value: 0, default: false, optionType: 'tooltip' },
    ],
  },
  {
    id: 14,
    name: 'Weekly service',
    alias: 'WEEKLY',
    inputType: 'radio',
    recurring: true,
    pricingInputOptions: [{ id: 141, name: 'Yes', value: 0.9, default: true, optionType: null }],
  },
];

/** 40 + 25×2 + 15×1 (no bathroom answer) + 0.02×1500 = 135 dollars; 135 / 35 × 60 = 231 min. */
export const FORMULA = '40 + 25 * BEDROOMS + 15 * BATHROOMS + 0.02 * SQFT';

export function pricingVendor(patch: Partial<Vendor> = {}): Partial<Vendor> {
  return {
    minPrice: 35,
    pricingFormula: FORMULA,
    stagedFormula: null,
    hasPreviousFormula: false,
    pricingInputs: PRICING_INPUTS,
    ...patch,
  };
}
