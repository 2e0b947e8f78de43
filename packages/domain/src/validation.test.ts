import fc from 'fast-check';
import { PROPERTY_TEST_TIMEOUT_MS, propertyOptions } from './test-support/property';
import { describe, expect, it } from 'vitest';
import {
  retryAfterSeconds,
  tooManyLoginsMessage,
  tooManyMessage,
  tooManyPasswordAttemptsMessage,
  contactMessageSchema,
  passwordUpdateSchema,
  customerSignUpSchema,
  errorMessages,
  MESSAGES,
  phoneSchema,
  emailSchema,
  passwordTips,
  newPasswordSchema,
  PASSWORD_PATTERN,
} from './validation';

const valid = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'Ann@Example.com ',
  phoneNumber: ' 4355551234 ',
  password: 'Password123!',
  passwordConfirmation: 'Password123!',
  address: {
    streetAddress: '1 Main St',
    street_address_2: 'Apt 2',
    city: 'St George',
    state: 'UT',
    zipCode: '84770',
  },
};

describe('customer sign-up', () => {
  it('normalises a valid sign-up', () => {
    const r = customerSignUpSchema.parse(valid);
    expect(r.email).toBe('ann@example.com');
    expect(r.phoneNumber).toBe('4355551234');
    expect(r.address.streetAddress2).toBe('Apt 2');
    expect(r.address.state).toBe('UT');
  });

  it.each([
    [{ zipCode: '90210' }, MESSAGES.zipInvalid],
    [{ zipCode: '' }, MESSAGES.zipRequired],
    [{ state: 'NV' }, MESSAGES.stateInvalid],
    [{ streetAddress: '  ' }, MESSAGES.streetRequired],
  ])('refuses address %o with %s', (patch, message) => {
    const r = customerSignUpSchema.safeParse({ ...valid, address: { ...valid.address, ...patch } });
    expect(r.success).toBe(false);
    if (!r.success) expect(errorMessages(r.error)).toContain(message);
  });

  it('refuses a mismatched confirmation with the spec message', () => {
    const r = customerSignUpSchema.safeParse({ ...valid, passwordConfirmation: 'Password123?' });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(errorMessages(r.error)).toEqual([
        'Confirm Password field must be the same as the Password field.',
      ]);
  });
});

describe('phone and email', () => {
  it.each([
    ['', 'Phone number is required.'],
    ['555-1234', 'Please enter a valid 10-digit phone number.'],
    ['43555512345', 'Please enter a valid 10-digit phone number.'],
  ])('phone %j -> %s', (input, message) => {
    const r = phoneSchema.safeParse(input);
    expect(r.success ? [] : errorMessages(r.error)).toEqual([message]);
  });
  it('phone is required when missing', () => {
    const r = phoneSchema.safeParse(undefined);
    expect(r.success ? [] : errorMessages(r.error)).toEqual(['Phone number is required.']);
  });
  it.each([
    ['', 'Email address is required.'],
    ['a@b', 'Please enter a valid email address.'],
    ['a b@c.d', 'Please enter a valid email address.'],
  ])('email %j -> %s', (input, message) => {
    const r = emailSchema.safeParse(input);
    expect(r.success ? [] : errorMessages(r.error)).toEqual([message]);
  });
});

describe('password tips', () => {
  it('reports each tip', () => {
    expect(passwordTips('abc').map((t) => t.met)).toEqual([true, false, false]);
    expect(passwordTips('abcdefghi1').map((t) => t.met)).toEqual([true, true, true]);
  });

  it('names every tip a password misses, one message each', () => {
    const messages = (p: string) => newPasswordSchema.safeParse(p).error?.issues.map((i) => i.message) ?? [];
    expect(messages('abc')).toEqual([MESSAGES.passwordTooShort, MESSAGES.passwordNeedsNumberOrSpecial]);
    expect(messages('1234567890')).toEqual([MESSAGES.passwordNeedsLetter]);
    expect(messages('abcdefghi1')).toEqual([]);
  });

  it(
    'the one pattern of the API document accepts exactly the passwords the tips accept',
    { timeout: PROPERTY_TEST_TIMEOUT_MS },
    () => {
      const unit = fc.constantFrom('a', 'Z', '1', '!', ' ', 'é', '\n');
      fc.assert(
        fc.property(fc.string({ unit, maxLength: 14 }), (p) => {
          const tips = passwordTips(p).every((t) => t.met);
          expect(PASSWORD_PATTERN.test(p)).toBe(tips);
          expect(newPasswordSchema.safeParse(p).success).toBe(tips);
        }),
        propertyOptions({ numRuns: 500 }),
      );
    },
  );
});

describe('cross-field confirmation', () => {
  it('reports a mismatched confirmation even when other fields are invalid', () => {
    const r = customerSignUpSchema.safeParse({ ...valid, email: 'bad', passwordConfirmation: 'other' });
    expect(r.success ? [] : errorMessages(r.error)).toEqual([
      'Please enter a valid email address.',
      'Confirm Password field must be the same as the Password field.',
    ]);
  });

  it('update password needs all three fields, matching', () => {
    const r = passwordUpdateSchema.safeParse({
      password: '',
      newPassword: 'Password456!',
      newPasswordConfirmation: 'x',
    });
    expect(r.success ? [] : errorMessages(r.error)).toEqual([
      'Current password is required.',
      'Confirm Password field must be the same as the Password field.',
    ]);
    expect(
      passwordUpdateSchema.safeParse({
        password: 'a',
        newPassword: 'Password456!',
        newPasswordConfirmation: 'Password456!',
      }).success,
    ).toBe(true);
  });

  it('contact needs all four fields non-blank', () => {
    const r = contactMessageSchema.safeParse({ name: ' ', email: '', subject: '', message: '  ' });
    expect(r.success ? [] : errorMessages(r.error)).toEqual([
      'Name is required.',
      'Email address is required.',
      'Subject is required.',
      'Message is required.',
    ]);
  });
});

describe('the password throttle names its wait', () => {
  it('in seconds under a minute, in minutes beyond, rounded up, as Retry-After counts it', () => {
    const now = new Date('2026-11-23T12:00:00.000Z');
    const wait = (ms: number) => tooManyLoginsMessage(retryAfterSeconds(new Date(now.getTime() + ms), now));
    expect(wait(1_000)).toBe('Too many sign-in attempts. Please wait 1 second and try again.');
    expect(wait(1)).toBe('Too many sign-in attempts. Please wait 1 second and try again.');
    expect(wait(-5_000)).toBe('Too many sign-in attempts. Please wait 1 second and try again.');
    expect(wait(3_200)).toBe('Too many sign-in attempts. Please wait 4 seconds and try again.');
    expect(wait(59_000)).toBe('Too many sign-in attempts. Please wait 59 seconds and try again.');
    expect(wait(60_000)).toBe('Too many sign-in attempts. Please wait 1 minute and try again.');
    expect(wait(61_000)).toBe('Too many sign-in attempts. Please wait 2 minutes and try again.');
    expect(wait(15 * 60_000)).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
  });
});

describe('every throttled action names itself (issue 23 #20)', () => {
  it('a password asked again is not called a sign-in', () => {
    expect(tooManyPasswordAttemptsMessage(900)).toBe(
      'Too many password attempts. Please wait 15 minutes and try again.',
    );
    expect(tooManyMessage('contact', 120)).toBe('Too many messages. Please wait 2 minutes and try again.');
    expect(tooManyMessage('signUp', 30)).toBe('Too many sign-ups. Please wait 30 seconds and try again.');
  });
});
