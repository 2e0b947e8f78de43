import { describe, expect, it } from 'vitest';
import { vendorBusinessPatchSchema, vendorBusinessSchema } from './api/vendors';
import { createBookingRequestSchema } from './api/bookings';
import { isPrintableText, unprintableChars, unprintableMessage } from './printable-text';
import { PRINTABLE_RANGES } from './printable-ranges';
import { validateVendorSchedulingFields } from './scheduling-preferences';
import { addressInputSchema, customerSignUpSchema, errorMessages, userUpdateSchema } from './validation';

describe('printable text (issue 23 #13)', () => {
  it('takes what DejaVu Sans prints: Latin with every accent (Vietnamese too), Greek, Cyrillic, quotes, €', () => {
    for (const text of [
      'Crème Brûlée Café',
      'Peña & Søn’s — “Best” €5 ™',
      'O’Brien-Müller',
      'Line 1\nLine 2\tx',
      'Nguyễn Đức',
      'Łukasz',
      'Dvořák',
      'Şahin',
      'Ελένη',
      'Иван',
      'Peña',
      // Typed decomposed (e + combining circumflex + combining dot below): composed before the check.
      'Nguye\u0302\u0303n',
    ])
      expect(isPrintableText(text), text).toBe(true);
  });

  it('refuses emoji, Chinese, right-to-left scripts and control or invisible characters', () => {
    for (const text of [
      '😀',
      '🐶',
      '中文',
      '✨',
      '❤️',
      '👍🏽',
      '🇺🇸',
      'שלום',
      'سلام',
      'a\u0007',
      'a\u200bb',
      '\u202eabc',
    ])
      expect(isPrintableText(text), text).toBe(false);
    expect(unprintableChars('Sparkle ✨ Clean 🐶🐶 日本\u0007')).toEqual(['✨', '🐶', '日', '本', '\u0007']);
  });

  it('names the field and what it found, emoji and symbols or letters it cannot print', () => {
    expect(unprintableMessage('Business name', 'Sparkle ✨ Clean 🐶')).toBe(
      'Business name can use letters, numbers and common punctuation only (no emoji or symbols like ✨ 🐶).',
    );
    expect(unprintableMessage('First name', 'Ann 😀')).toBe(
      'First name can use letters, numbers and common punctuation only (no emoji or symbols like 😀).',
    );
    // The emoji's variation selector and the zero-width space are invisible: not shown.
    expect(unprintableMessage('Notes', 'Love ❤️\u200b')).toBe(
      'Notes can use letters, numbers and common punctuation only (no emoji or symbols like ❤).',
    );
    expect(unprintableMessage('Last name', '中文')).toBe(
      "Last name can't use 中 文: our printed documents can't show them.",
    );
  });

  it('keeps the generated table sorted, disjoint and in ranges', () => {
    expect(PRINTABLE_RANGES.length % 2).toBe(0);
    for (let i = 0; i < PRINTABLE_RANGES.length; i += 2) {
      expect(PRINTABLE_RANGES[i]!).toBeLessThanOrEqual(PRINTABLE_RANGES[i + 1]!);
      if (i > 0) expect(PRINTABLE_RANGES[i]!).toBeGreaterThan(PRINTABLE_RANGES[i - 1]! + 1);
    }
    expect(PRINTABLE_RANGES[0]).toBe(0x20);
  });

  const business = { category: 'house_cleaning', email: 'a@b.co', phone_number: '4355550100' };
  it('is asked of the business name at sign-up and in General Settings', () => {
    const signUp = vendorBusinessSchema.safeParse({ ...business, name: 'Sparkle 🐶 Cleaning' });
    expect(signUp.success || errorMessages(signUp.error)).toEqual([
      unprintableMessage('Business name', 'Sparkle 🐶 Cleaning'),
    ]);
    const patch = vendorBusinessPatchSchema.safeParse({ name: 'Sparkle 🐶 Cleaning' });
    expect(patch.success || errorMessages(patch.error)).toEqual([
      unprintableMessage('Business name', 'Sparkle 🐶 Cleaning'),
    ]);
    expect(vendorBusinessSchema.safeParse({ ...business, name: 'Señor Clean’s' }).success).toBe(true);
  });

  it('is asked of names, addresses, notes and appointment instructions', () => {
    const user = {
      firstName: 'Ann 😀',
      lastName: 'Lee',
      email: 'ann@example.com',
      phoneNumber: '4355551234',
    };
    const update = userUpdateSchema.safeParse(user);
    expect(update.success || errorMessages(update.error)).toEqual([
      unprintableMessage('First name', 'Ann 😀'),
    ]);
    const signUp = customerSignUpSchema.safeParse({
      ...user,
      firstName: 'Ann',
      lastName: 'Lee 😀',
      password: 'Password123!',
      passwordConfirmation: 'Password123!',
      address: { streetAddress: '1 Main St', city: 'St George 🌵', zipCode: '84770' },
    });
    expect(signUp.success || errorMessages(signUp.error)).toEqual([
      unprintableMessage('Last name', 'Lee 😀'),
      unprintableMessage('City', 'St George 🌵'),
    ]);
    const address = addressInputSchema.safeParse({
      streetAddress: '1 Main St',
      streetAddress2: '🏠',
      city: 'X',
      zipCode: '84770',
    });
    expect(address.success || errorMessages(address.error)).toEqual([
      unprintableMessage('Street address 2', '🏠'),
    ]);
    const booking = createBookingRequestSchema.safeParse({
      booking: { vendorId: 1, customerNotes: 'The dog is friendly 🐶' },
    });
    expect(booking.success || errorMessages(booking.error)).toEqual([
      unprintableMessage('Additional instructions', 'The dog is friendly 🐶'),
    ]);
    expect(validateVendorSchedulingFields({ appointmentInstructions: 'Park here 🚗' })).toEqual([
      unprintableMessage('Appointment instructions', 'Park here 🚗'),
    ]);
  });

  it("takes real customers' and businesses' names in the forms", () => {
    for (const [firstName, lastName] of [
      ['Ελένη', 'Nguyễn'],
      ['Łukasz', 'Dvořák'],
      ['Иван', 'Şahin'],
    ]) {
      const update = userUpdateSchema.safeParse({
        firstName,
        lastName,
        email: 'ann@example.com',
        phoneNumber: '4355551234',
      });
      expect(update.success || errorMessages(update.error)).toBe(true);
    }
    expect(vendorBusinessSchema.safeParse({ ...business, name: 'Nguyễn Đức Cleaning' }).success).toBe(true);
  });
});
