/**
 * The vendor-sign-up-form's values, step by step (spec §4 "Vendor sign-up wizard", §5 vendor sign-up
 * steps), checked with the shared contract of POST /api/vendors, and the request it sends (spec §7).
 */
import type { z } from 'zod';
import { CATEGORIES, CATEGORY_LABELS, STATE, ZIP_CODES } from '@stg/domain/constants';
import {
  vendorAdminSchema,
  vendorBusinessSchema,
  vendorPasswordSchema,
  vendorSignUpSchema,
} from '@stg/domain/api/vendors';
import { MESSAGES } from '@stg/domain/validation';

export const STEP_COUNT = 3;
export type Step = 1 | 2 | 3;

export interface AdminValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
}

export interface BusinessValues {
  category: string;
  name: string;
  phone_number: string;
  email: string;
  address_attributes: {
    street_address: string;
    street_address_2: string;
    city: string;
    zip_code: string;
  };
}

export interface PasswordValues {
  password: string;
  password_confirmation: string;
}

export interface VendorSignUpValues {
  admin: AdminValues;
  business: BusinessValues;
  password: PasswordValues;
}

export const EMPTY_VALUES: VendorSignUpValues = {
  admin: { first_name: '', last_name: '', email: '', phone_number: '' },
  business: {
    category: '',
    name: '',
    phone_number: '',
    email: '',
    address_attributes: { street_address: '', street_address_2: '', city: '', zip_code: '' },
  },
  password: { password: '', password_confirmation: '' },
};

/** All six categories, with the labels of spec §1. */
export const CATEGORY_OPTIONS = CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
export const ZIP_OPTIONS = ZIP_CODES.map((value) => ({ value, label: value }));

/** Step 2: the business and its address (street 2 optional, state always UT, zip from the four). */
const businessStepSchema = vendorBusinessSchema.extend({
  address_attributes: vendorSignUpSchema.shape.address_attributes,
});

/** Field errors keyed by path ("email", "address_attributes.zip_code"), the first message per field. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The errors of one step's fields, as the server would find them; empty when the step is complete. */
export function stepErrors(step: Step, values: VendorSignUpValues): Record<string, string> {
  if (step === 1) return errorsOf(vendorAdminSchema, values.admin);
  if (step === 2) return errorsOf(businessStepSchema, values.business);
  const errors = errorsOf(vendorPasswordSchema, values.password);
  // The confirmation is checked even while the password itself still misses a tip.
  const { password, password_confirmation } = values.password;
  if (password !== password_confirmation && errors.password_confirmation === undefined)
    errors.password_confirmation = MESSAGES.passwordConfirmationMismatch;
  return errors;
}

/**
 * POST /api/vendors (spec §7): the business with its address_attributes, and the account admin in
 * users_attributes (user_type vendor, the same address in addresses_attributes). Text is trimmed;
 * passwords are sent as typed.
 */
export function toVendorSignUpRequest(values: VendorSignUpValues) {
  const { admin, business, password } = values;
  const a = business.address_attributes;
  const address = {
    street_address: a.street_address.trim(),
    street_address_2: a.street_address_2.trim(),
    city: a.city.trim(),
    state: STATE,
    zip_code: a.zip_code.trim(),
  };
  return {
    vendor: {
      name: business.name.trim(),
      category: business.category,
      email: business.email.trim(),
      phone_number: business.phone_number.trim(),
      address_attributes: address,
      users_attributes: [
        {
          first_name: admin.first_name.trim(),
          last_name: admin.last_name.trim(),
          email: admin.email.trim(),
          phone_number: admin.phone_number.trim(),
          password: password.password,
          password_confirmation: password.password_confirmation,
          user_type: 'vendor' as const,
          addresses_attributes: [{ ...address }],
        },
      ],
    },
  };
}
