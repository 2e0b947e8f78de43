/**
 * Which server messages each account form shows (spec §8 "Hidden messages"). Pure functions: the forms
 * pass the `errors` list of a failed save and show what is left.
 *
 * - "Password digest can't be blank" is never shown.
 * - "Addresses" reads as "Address".
 * - The address form hides messages mentioning First, Last, Phone, Email or password.
 * - The general form hides messages mentioning password, street, city, state or zip.
 */

const ALWAYS_HIDDEN = /^password digest can't be blank\.?$/i;

const ADDRESS_FORM_HIDDEN = /\b(first|last|phone|email|password)\b/i;
const GENERAL_FORM_HIDDEN = /\b(password|street|city|state|zip)\b/i;

/** "Addresses street address can't be blank" → "Address street address can't be blank". */
export function normalizeServerMessage(message: string): string {
  return message.replace(/Addresses/g, 'Address').replace(/addresses/g, 'address');
}

function filterWith(hidden: RegExp | null, messages: readonly string[]): string[] {
  const shown = messages
    .map((m) => m.trim())
    .filter((m) => m !== '' && !ALWAYS_HIDDEN.test(m))
    .map(normalizeServerMessage)
    .filter((m) => hidden === null || !hidden.test(m));
  return [...new Set(shown)];
}

/** The messages the account page's address form shows. */
export function addressFormErrors(messages: readonly string[]): string[] {
  return filterWith(ADDRESS_FORM_HIDDEN, messages);
}

/** The messages the account page's general form (name, phone, email) shows. */
export function generalFormErrors(messages: readonly string[]): string[] {
  return filterWith(GENERAL_FORM_HIDDEN, messages);
}

/** Messages any form shows: only the always-hidden ones are dropped, and Addresses reads as Address. */
export function visibleServerErrors(messages: readonly string[]): string[] {
  return filterWith(null, messages);
}
