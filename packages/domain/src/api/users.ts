/**
 * The account's API contract (spec §3 User and Address, §7): customer sign-up, the account settings
 * (profile, password) and the user's addresses. One contract for server and web (ARCHITECTURE §3).
 */
import { z } from 'zod';
import { USER_TYPES } from '../constants';
import {
  addressInputSchema,
  customerSignUpSchema,
  passwordUpdateSchema,
  userUpdateSchema,
} from '../validation';

// ---------------------------------------------------------------------------------------------------
// The user and the address as the API answers them (field order is the answer's order)

export const userSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  userType: z.enum(USER_TYPES),
  vendorId: z.number().int().nullable(),
  /** Dollars added to the customer's bill. */
  serviceCharge: z.number(),
  currentAddressId: z.number().int().nullable(),
  /** Operators review listings (the marketplace's staff). */
  operator: z.boolean(),
});
export type UserJson = z.output<typeof userSchema>;

/** A saved pricing answer of an address. */
export const userInputSchema = z.object({ valueString: z.string() });

export const addressSchema = z.object({
  id: z.number().int(),
  streetAddress: z.string(),
  streetAddress2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  default: z.boolean(),
  /** Saved answers, keyed by pricing input id. */
  userInputs: z.record(z.string(), userInputSchema),
});
export type AddressJson = z.output<typeof addressSchema>;

/** The spec's payloads carry the id too; the path decides, so it is accepted and ignored. */
const ignoredId = z.union([z.number(), z.string()]).optional();

// ---------------------------------------------------------------------------------------------------
// POST /api/users: customer sign-up with an address; signs the new customer in

export const customerSignUpRequestSchema = z.object({ user: customerSignUpSchema });
export type CustomerSignUpRequest = z.input<typeof customerSignUpRequestSchema>;

/** 201 of POST /api/users. */
export const signUpResponseSchema = z.object({ user: userSchema, addresses: z.array(addressSchema) });
export type SignUpResponse = z.output<typeof signUpResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// PATCH /api/users/{id} and PATCH /api/users/{userId}/update_password (account settings)

export const userUpdateRequestSchema = z.object({ user: userUpdateSchema.extend({ id: ignoredId }) });
export type UserUpdateRequest = z.input<typeof userUpdateRequestSchema>;

export const passwordUpdateRequestSchema = passwordUpdateSchema.safeExtend({ userId: ignoredId });
export type PasswordUpdateRequest = z.input<typeof passwordUpdateRequestSchema>;

/** 200 of both. */
export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.output<typeof userResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// PATCH /api/addresses/{id} (street_address_2 or streetAddress2 accepted)

export const addressUpdateRequestSchema = z.object({ address: addressInputSchema });
export type AddressUpdateRequest = z.input<typeof addressUpdateRequestSchema>;

export const addressResponseSchema = z.object({ address: addressSchema });
export type AddressResponse = z.output<typeof addressResponseSchema>;

/** The names the web uses for the account's answers. */
export type User = UserJson;
export type Address = AddressJson;
