/**
 * The web's shared test fixtures are answers the server could send: each is read with the API contract
 * (@stg/domain/api), so a change of an answer's shape on the server fails here as well as in the server's
 * own tests (issue 16).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bookingSchema } from '@stg/domain/api/bookings';
import { customerOrderSchema } from '@stg/domain/api/orders';
import { sessionResponseSchema } from '@stg/domain/api/session';
import { addressSchema, userSchema } from '@stg/domain/api/users';
import { reviewSchema, vendorCardSchema, vendorSchema } from '@stg/domain/api/vendors';
import {
  customerAddress,
  customerSession,
  customerUser,
  makeBooking,
  makeCard,
  makeOrder,
  makeReview,
  makeVendor,
  signedOut,
  vendorSession,
  vendorUser,
} from './fixtures';

/** The contract's complaints about a value, as "path: message" lines (empty when it fits). */
function problems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('test fixtures follow the API contract', () => {
  it.each([
    ['customerUser', userSchema, customerUser],
    ['vendorUser', userSchema, vendorUser],
    ['customerAddress', addressSchema, customerAddress],
    ['makeVendor()', vendorSchema, makeVendor()],
    ['makeCard()', vendorCardSchema, makeCard()],
    ['makeReview()', reviewSchema, makeReview()],
    ['makeBooking()', bookingSchema, makeBooking()],
    ['makeOrder()', customerOrderSchema, makeOrder()],
    ['signedOut', sessionResponseSchema, signedOut],
    ['customerSession', sessionResponseSchema, customerSession],
    ['vendorSession()', sessionResponseSchema, vendorSession()],
  ] as const)('%s', (_name, schema, value) => {
    expect(problems(schema, value)).toEqual([]);
  });
});
