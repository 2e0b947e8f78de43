/** The Min Price field's rules (spec §9: step 0.5), the server's own (validateMinPrice of @stg/domain). */
import { validateMinPrice } from '@stg/domain/pricing-inputs';

export const MIN_PRICE_STEP = 0.5;
export const MIN_PRICE_REQUIRED = 'Min price is required.';

/** The message for a Min Price entry, or null when it can be saved. */
export function minPriceError(text: string): string | null {
  const s = text.trim();
  if (s === '') return MIN_PRICE_REQUIRED;
  return validateMinPrice(Number(s))[0] ?? null;
}
