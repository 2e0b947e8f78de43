/**
 * Validation schemas shared by the web forms and the API, with the exact messages of spec §5.
 * The server parses every request with these, so the UI and the API can never disagree.
 */
import { z } from 'zod';
import { CATEGORIES, LIMITS, STATE, ZIP_CODES } from './constants';
import { isOneOf } from './is-one-of';
import { tooLongMessage } from './zod-messages';

/**
 * The longest text each form field takes (issue 23, finding 6): the schemas refuse more with
 * tooLongMessage ("Last name must be at most 100 characters."), and the forms give their inputs the
 * same maxLength, so the limit shows before it is hit.
 */
export const TEXT_LIMITS = {
  firstName: 100,
  lastName: 100,
  email: 254,
  password: 200,
  streetAddress: 200,
  streetAddress2: 200,
  city: 100,
  businessName: 120,
  contactName: 200,
  contactSubject: 200,
  contactMessage: 5000,
} as const;

/** A string of at most `max` characters, refused in plain words naming the field. */
export const maxText = (label: string, max: number) =>
  z.string().max(max, { error: tooLongMessage(label, max) });
import { isPrintableText, unprintableMessage } from './printable-text';

export const MESSAGES = {
  phoneRequired: 'Phone number is required.',
  phoneInvalid: 'Please enter a valid 10-digit phone number.',
  emailRequired: 'Email address is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordConfirmationMismatch: 'Confirm Password field must be the same as the Password field.',
  passwordTooShort: `Password must be at least ${LIMITS.passwordMinLength} characters.`,
  passwordNeedsLetter: 'Password must contain at least 1 letter.',
  passwordNeedsNumberOrSpecial: 'Password must contain at least 1 number or special character.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  streetRequired: 'Street address is required.',
  cityRequired: 'City is required.',
  stateInvalid: `State must be ${STATE}.`,
  zipRequired: 'Zip code is required.',
  zipInvalid: `Zip code must be one of ${ZIP_CODES.join(', ')}.`,
  categoryRequired: 'Category is required.',
  businessNameRequired: 'Business name is required.',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'Email has already been taken',
  invalidAuthenticityToken: 'Invalid Authenticity Token',
  unexpected: 'An unexpected error occurred',
  notSignedIn: 'You must be signed in to do that.',
  forbidden: 'You are not allowed to do that.',
  vendorNotFound: 'Vendor not found',
  notFound: 'Not found',
  currentPasswordRequired: 'Current password is required.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  resetLinkSent: 'If an account exists for that email, we have sent a link to reset your password.',
  nameRequired: 'Name is required.',
  subjectRequired: 'Subject is required.',
  messageRequired: 'Message is required.',
} as const;

/** Whole seconds until `retryAt`, at least 1: what a 429's Retry-After header says. */
export function retryAfterSeconds(retryAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
}

/** A wait in words, as Retry-After counts it (rounded up): seconds under a minute, minutes beyond. */
export function waitInWords(waitSeconds: number): string {
  const s = Math.max(1, Math.ceil(waitSeconds));
  const minutes = Math.ceil(s / 60);
  return s < 60 ? `${s} second${s === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * What each limited action calls itself in its refusal ("Too many password attempts…"): every 429 names
 * what was throttled and how long to wait, the same wait as its Retry-After header.
 */
export const THROTTLED_ACTIONS = {
  signIn: 'sign-in attempts',
  password: 'password attempts',
  signUp: 'sign-ups',
  passwordForgot: 'password reset requests',
  passwordReset: 'password reset attempts',
  contact: 'messages',
  reviews: 'reviews',
  payments: 'payment attempts',
  uploads: 'uploads',
} as const;
export type ThrottledAction = keyof typeof THROTTLED_ACTIONS;

/** A 429's message: "Too many <action>. Please wait <wait> and try again." */
export function tooManyMessage(action: ThrottledAction, waitSeconds: number): string {
  return `Too many ${THROTTLED_ACTIONS[action]}. Please wait ${waitInWords(waitSeconds)} and try again.`;
}

/** The sign-in throttle's refusal, naming the wait the Retry-After header gives. */
export const tooManyLoginsMessage = (waitSeconds: number) => tooManyMessage('signIn', waitSeconds);

/** A password confirmation's refusal (password change, deactivate, calendar disconnect, business details). */
export const tooManyPasswordAttemptsMessage = (waitSeconds: number) =>
  tooManyMessage('password', waitSeconds);

const trimmed = (required: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true });

/**
 * Text that reaches a work order must be printable there (issue 23 #13, ADR 0029): refused with a
 * message naming `field` otherwise. For a zod string: `.refine(...printableOnly('Business name'))`.
 */
export const printableOnly = (field: string) =>
  [
    (value: string | null | undefined) => value == null || isPrintableText(value),
    {
      error: (issue: { input?: unknown }) =>
        unprintableMessage(field, typeof issue.input === 'string' ? issue.input : ''),
    },
  ] as const;

export const phoneSchema = z
  .string({ error: MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: MESSAGES.phoneRequired, abort: true })
  .regex(/^\d{10}$/, { error: MESSAGES.phoneInvalid });

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, { error: MESSAGES.emailRequired, abort: true })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: MESSAGES.emailInvalid })
  .max(TEXT_LIMITS.email, { error: tooLongMessage('Email address', TEXT_LIMITS.email) })
  .refine(isPrintableText, { error: MESSAGES.emailInvalid })
  .transform((e) => e.toLowerCase());

/**
 * The password tips of spec §5 as one pattern: at least 1 letter, 1 number or special character (any
 * character that is not a letter) and 10 characters. The API document shows it as the field's single
 * `pattern` (two patterns became an `allOf` that validators merged into one no password matched).
 */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=[\\s\\S]*[A-Za-z])(?=[\\s\\S]*[^A-Za-z])[\\s\\S]{${LIMITS.passwordMinLength},}$`,
);

/**
 * Password tips of spec §5: 1 letter, 1 number or special character, 10 characters. Each tip is checked
 * on its own, so a refusal names every tip missed (the same messages as the tips); the document shows
 * them together as PASSWORD_PATTERN.
 */
export const newPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired, abort: true })
  .min(LIMITS.passwordMinLength, { error: MESSAGES.passwordTooShort })
  .max(TEXT_LIMITS.password, { error: tooLongMessage('Password', TEXT_LIMITS.password) })
  .refine((p) => /[A-Za-z]/.test(p), { error: MESSAGES.passwordNeedsLetter })
  .refine((p) => /[^A-Za-z]/.test(p), { error: MESSAGES.passwordNeedsNumberOrSpecial })
  .meta({ pattern: PASSWORD_PATTERN.source });

export function passwordTips(password: string) {
  return [
    { label: '1 letter', met: /[A-Za-z]/.test(password) },
    { label: '1 number or special character', met: /[^A-Za-z]/.test(password) },
    { label: `${LIMITS.passwordMinLength} characters`, met: password.length >= LIMITS.passwordMinLength },
  ];
}

export const zipSchema = z
  .string({ error: MESSAGES.zipRequired })
  .trim()
  .min(1, { error: MESSAGES.zipRequired, abort: true })
  .refine((z): z is (typeof ZIP_CODES)[number] => isOneOf(ZIP_CODES, z), {
    error: MESSAGES.zipInvalid,
  });

/** Runs a cross-field check whenever both fields are strings, even if other fields are invalid. */
function bothStrings(a: string, b: string) {
  return (payload: { value: unknown }) => {
    const v = payload.value as Record<string, unknown> | null | undefined;
    return typeof v?.[a] === 'string' && typeof v?.[b] === 'string';
  };
}

const street2 = maxText('Street address 2', TEXT_LIMITS.streetAddress2);
/** Street 2, optional, under either of its two names. */
const street2Field = z
  .string()
  .trim()
  .pipe(street2)
  .optional()
  .nullable()
  .refine(...printableOnly('Street address 2'));
const firstName = trimmed(MESSAGES.firstNameRequired)
  .pipe(maxText('First name', TEXT_LIMITS.firstName))
  .refine(...printableOnly('First name'));
const lastName = trimmed(MESSAGES.lastNameRequired)
  .pipe(maxText('Last name', TEXT_LIMITS.lastName))
  .refine(...printableOnly('Last name'));

/** An address as forms send it. street_address_2 is accepted in snake_case as spec §7 shows. */
export const addressInputSchema = z
  .object({
    streetAddress: trimmed(MESSAGES.streetRequired)
      .pipe(maxText('Street address', TEXT_LIMITS.streetAddress))
      .refine(...printableOnly('Street address')),
    streetAddress2: street2Field,
    street_address_2: street2Field,
    city: trimmed(MESSAGES.cityRequired)
      .pipe(maxText('City', TEXT_LIMITS.city))
      .refine(...printableOnly('City')),
    state: z
      .string()
      .trim()
      .optional()
      .refine((s) => s === undefined || s === '' || s.toUpperCase() === STATE, {
        error: MESSAGES.stateInvalid,
      }),
    zipCode: zipSchema,
  })
  .transform(({ street_address_2, streetAddress2, state: _state, ...rest }) => ({
    ...rest,
    streetAddress2: (streetAddress2 ?? street_address_2 ?? '') || null,
    state: STATE,
  }));
export type AddressInput = z.output<typeof addressInputSchema>;

export const customerSignUpSchema = z
  .object({
    firstName,
    lastName,
    email: emailSchema,
    phoneNumber: phoneSchema,
    password: newPasswordSchema,
    passwordConfirmation: z.string({ error: MESSAGES.passwordConfirmationMismatch }),
    address: addressInputSchema,
  })
  .refine((u) => u.password === u.passwordConfirmation, {
    error: MESSAGES.passwordConfirmationMismatch,
    path: ['passwordConfirmation'],
    when: bothStrings('password', 'passwordConfirmation'),
  });
export type CustomerSignUp = z.output<typeof customerSignUpSchema>;

/**
 * Sign-in: no account has an email longer than 254 or a password longer than 200 characters, so
 * longer ones are refused as wrong before any password is hashed (issue 14, finding 3).
 */
export const signInSchema = z.object({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, { error: MESSAGES.emailRequired, abort: true })
    .max(254, { error: MESSAGES.invalidCredentials })
    .transform((e) => e.toLowerCase()),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, { error: MESSAGES.passwordRequired, abort: true })
    .max(200, { error: MESSAGES.invalidCredentials }),
});
export type SignIn = z.output<typeof signInSchema>;

/** The account page's general form (PATCH /api/users/{id}). */
export const userUpdateSchema = z.object({
  firstName,
  lastName,
  email: emailSchema,
  phoneNumber: phoneSchema,
});
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** The update-password form: current password, new password and its confirmation. */
export const passwordUpdateSchema = z
  .object({
    password: z
      .string({ error: MESSAGES.currentPasswordRequired })
      .min(1, { error: MESSAGES.currentPasswordRequired })
      .max(TEXT_LIMITS.password, { error: MESSAGES.currentPasswordIncorrect }),
    newPassword: newPasswordSchema,
    newPasswordConfirmation: z.string({ error: MESSAGES.passwordConfirmationMismatch }),
  })
  .refine((p) => p.newPassword === p.newPasswordConfirmation, {
    error: MESSAGES.passwordConfirmationMismatch,
    path: ['newPasswordConfirmation'],
    when: bothStrings('newPassword', 'newPasswordConfirmation'),
  });
export type PasswordUpdate = z.output<typeof passwordUpdateSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: MESSAGES.resetTokenInvalid })
      .min(1, { error: MESSAGES.resetTokenInvalid })
      .max(200, { error: MESSAGES.resetTokenInvalid }),
    password: newPasswordSchema,
    passwordConfirmation: z.string({ error: MESSAGES.passwordConfirmationMismatch }),
  })
  .refine((p) => p.password === p.passwordConfirmation, {
    error: MESSAGES.passwordConfirmationMismatch,
    path: ['passwordConfirmation'],
    when: bothStrings('password', 'passwordConfirmation'),
  });

/** The contact form: all four fields non-blank. */
export const contactMessageSchema = z.object({
  name: trimmed(MESSAGES.nameRequired).pipe(maxText('Name', TEXT_LIMITS.contactName)),
  email: emailSchema,
  subject: trimmed(MESSAGES.subjectRequired).pipe(maxText('Subject', TEXT_LIMITS.contactSubject)),
  message: trimmed(MESSAGES.messageRequired).pipe(maxText('Message', TEXT_LIMITS.contactMessage)),
});
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const categorySchema = z.enum(CATEGORIES, { error: MESSAGES.categoryRequired });

/** Collects a ZodError's messages as the API's `errors` list, without duplicates, in order. */
export function errorMessages(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((i) => i.message))];
}
