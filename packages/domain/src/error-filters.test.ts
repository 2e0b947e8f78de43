import { describe, expect, it } from 'vitest';
import {
  addressFormErrors,
  generalFormErrors,
  normalizeServerMessage,
  visibleServerErrors,
} from './error-filters';
import { MESSAGES } from './validation';

describe('account form error filters (spec §8)', () => {
  it('always hides "Password digest can\'t be blank"', () => {
    for (const filter of [addressFormErrors, generalFormErrors, visibleServerErrors])
      expect(filter(["Password digest can't be blank", 'Something else'])).toEqual(['Something else']);
  });

  it('reads "Addresses" as "Address"', () => {
    expect(normalizeServerMessage("Addresses zip code can't be blank")).toBe(
      "Address zip code can't be blank",
    );
    expect(visibleServerErrors(['Addresses is invalid'])).toEqual(['Address is invalid']);
    expect(addressFormErrors(['Addresses is invalid'])).toEqual(['Address is invalid']);
  });

  it.each([
    [MESSAGES.firstNameRequired, false, true],
    [MESSAGES.lastNameRequired, false, true],
    [MESSAGES.phoneInvalid, false, true],
    [MESSAGES.phoneRequired, false, true],
    [MESSAGES.emailInvalid, false, true],
    [MESSAGES.emailTaken, false, true],
    ['Current password is incorrect.', false, false],
    [MESSAGES.streetRequired, true, false],
    [MESSAGES.cityRequired, true, false],
    [MESSAGES.stateInvalid, true, false],
    [MESSAGES.zipInvalid, true, false],
    [MESSAGES.zipRequired, true, false],
    ["Addresses street address can't be blank", true, false],
    [MESSAGES.unexpected, true, true],
    [MESSAGES.notSignedIn, true, true],
  ])('%s: address form shows %s, general form shows %s', (message, inAddress, inGeneral) => {
    expect(addressFormErrors([message]).length === 1).toBe(inAddress);
    expect(generalFormErrors([message]).length === 1).toBe(inGeneral);
  });

  it('keeps order, drops blanks and duplicates', () => {
    expect(generalFormErrors(['B', '', 'A', 'B', '  '])).toEqual(['B', 'A']);
  });
});
