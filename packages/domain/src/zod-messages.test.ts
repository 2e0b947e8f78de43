import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { vendorAdminSchema, vendorSignUpSchema } from './api/vendors';
import {
  contactMessageSchema,
  customerSignUpSchema,
  errorMessages,
  TEXT_LIMITS,
  userUpdateSchema,
} from './validation';
import { fieldLabel, plainZodMessage } from './zod-messages';

const long = (n: number) => 'x'.repeat(n);
const raw = /Too (big|small)|expected .* to have/;

/** Issue 23, finding 6: every text limit of the forms' schemas speaks plain words, naming the field. */
describe('text limits in plain words', () => {
  const address = { streetAddress: '1 Main St', city: 'St George', zipCode: '84770' };
  const signUp = {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    phoneNumber: '4355551234',
    password: 'Password123!',
    passwordConfirmation: 'Password123!',
    address,
  };

  it('customer sign-up: names, street and city', () => {
    const messages = (patch: Record<string, unknown>) => {
      const r = customerSignUpSchema.safeParse({ ...signUp, ...patch });
      return r.success ? [] : errorMessages(r.error);
    };
    expect(messages({ lastName: long(150) })).toEqual(['Last name must be at most 100 characters.']);
    expect(messages({ firstName: long(101) })).toEqual(['First name must be at most 100 characters.']);
    expect(messages({ lastName: long(100) })).toEqual([]);
    expect(messages({ address: { ...address, streetAddress: long(201) } })).toEqual([
      'Street address must be at most 200 characters.',
    ]);
    expect(messages({ address: { ...address, street_address_2: long(201) } })).toEqual([
      'Street address 2 must be at most 200 characters.',
    ]);
    expect(messages({ address: { ...address, city: long(101) } })).toEqual([
      'City must be at most 100 characters.',
    ]);
    expect(messages({ email: `${long(250)}@example.com` })).toEqual([
      'Email address must be at most 254 characters.',
    ]);
    expect(messages({ password: `a1${long(199)}`, passwordConfirmation: `a1${long(199)}` })).toEqual([
      'Password must be at most 200 characters.',
    ]);
  });

  it('account (general form): first and last name', () => {
    const r = userUpdateSchema.safeParse({
      firstName: long(101),
      lastName: long(101),
      email: 'ann@example.com',
      phoneNumber: '4355551234',
    });
    expect(r.success || errorMessages(r.error)).toEqual([
      'First name must be at most 100 characters.',
      'Last name must be at most 100 characters.',
    ]);
  });

  it('contact: name, subject and message', () => {
    const r = contactMessageSchema.safeParse({
      name: long(201),
      email: 'ann@example.com',
      subject: long(201),
      message: long(5001),
    });
    expect(r.success || errorMessages(r.error)).toEqual([
      'Name must be at most 200 characters.',
      'Subject must be at most 200 characters.',
      'Message must be at most 5000 characters.',
    ]);
    expect(
      contactMessageSchema.safeParse({
        name: long(TEXT_LIMITS.contactName),
        email: 'ann@example.com',
        subject: long(TEXT_LIMITS.contactSubject),
        message: long(TEXT_LIMITS.contactMessage),
      }).success,
    ).toBe(true);
  });

  it('vendor sign-up: the admin, the business and its address', () => {
    const admin = vendorAdminSchema.safeParse({
      first_name: 'Ann',
      last_name: long(150),
      email: 'ann@example.com',
      phone_number: '4355551234',
    });
    expect(admin.success || errorMessages(admin.error)).toEqual([
      'Last name must be at most 100 characters.',
    ]);
    const r = vendorSignUpSchema.safeParse({
      category: 'cleaning',
      name: long(121),
      email: 'biz@example.com',
      phone_number: '4355551234',
      address_attributes: {
        street_address: long(201),
        street_address_2: long(201),
        city: long(101),
        zip_code: '84770',
      },
      users_attributes: [
        {
          first_name: long(101),
          last_name: 'Lee',
          email: 'ann@example.com',
          phone_number: '4355551234',
          password: 'Password123!',
          password_confirmation: 'Password123!',
        },
      ],
    });
    const messages = r.success ? [] : errorMessages(r.error);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Business name must be at most 120 characters.',
        'Street address must be at most 200 characters.',
        'Street address 2 must be at most 200 characters.',
        'City must be at most 100 characters.',
        'First name must be at most 100 characters.',
      ]),
    );
    for (const m of messages) expect(m).not.toMatch(raw);
  });
});

describe('plainZodMessage: the fallback for a limit without a message', () => {
  const parse = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value, { error: plainZodMessage }).error?.issues.map((i) => i.message);

  it('names the field from its key', () => {
    expect(fieldLabel(['vendor', 'lastName'])).toBe('Last name');
    expect(fieldLabel(['street_address_2'])).toBe('Street address 2');
    expect(fieldLabel(['items', 3])).toBe('Items');
    expect(fieldLabel([])).toBe('This value');
  });

  it('words strings, lists and numbers', () => {
    expect(parse(z.object({ subject: z.string().max(200) }), { subject: long(201) })).toEqual([
      'Subject must be at most 200 characters.',
    ]);
    expect(parse(z.object({ code: z.string().min(4) }), { code: 'ab' })).toEqual([
      'Code must be at least 4 characters.',
    ]);
    expect(parse(z.object({ tags: z.array(z.string()).max(2) }), { tags: ['a', 'b', 'c'] })).toEqual([
      'Tags can have at most 2 items.',
    ]);
    expect(parse(z.object({ limit: z.number().max(200) }), { limit: 201 })).toEqual([
      'Limit must be at most 200.',
    ]);
    expect(parse(z.object({ amount: z.number().positive() }), { amount: 0 })).toEqual([
      'Amount must be greater than 0.',
    ]);
    // Other issues keep zod's words; a schema's own message is kept.
    expect(parse(z.object({ a: z.string().max(1, { error: 'Mine.' }) }), { a: 'xy' })).toEqual(['Mine.']);
    expect(plainZodMessage({ code: 'invalid_type', expected: 'string', input: 1, path: [] } as never)).toBe(
      undefined,
    );
  });
});
