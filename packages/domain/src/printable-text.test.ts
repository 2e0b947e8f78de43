import { describe, expect, it } from 'vitest';
import { vendorBusinessPatchSchema, vendorBusinessSchema } from './api/vendors';
import { createBookingRequestSchema } from './api/bookings';
import { isPrintableText, unprintableChars, unprintableMessage } from './printable-text';
import { validateVendorSchedulingFields } from './scheduling-preferences';
import { addressInputSchema, customerSignUpSchema, errorMessages, userUpdateSchema } from './validation';

describe('printable text (issue 23 #13)', () => {
  it('takes what the standard PDF fonts print: Latin letters with accents, quotes, dashes, €', () => {
    for (const text of [
      'Crème Brûlée Café',
      'Peña & Søn’s — “Best” €5',
      'O’Brien-Müller',
      'Line 1\nLine 2\tx',
    ])
      expect(isPrintableText(text)).toBe(true);
  });

  it('refuses emoji, other scripts and control characters, naming what it found', () => {
    expect(unprintableChars('Sparkle ✨ Clean 🐶🐶 日本\u0007')).toEqual(['✨', '🐶', '日', '本', '\u0007']);
    expect(unprintableMessage('Business name', 'Sparkle ✨ Clean 🐶')).toBe(
      'Business name can use letters, numbers and common punctuation only (no emoji or symbols like ✨ 🐶).',
    );
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
});
