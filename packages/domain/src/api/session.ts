/**
 * The session's API contract (spec §7; ADR 0005): GET /api/session (the CSRF token is in the X-CSRF-Token
 * header), sign-in (POST) and sign-out (DELETE) all answer the session. One contract for server and web
 * (ARCHITECTURE §3).
 */
import { z } from 'zod';
import { signInSchema } from '../validation';
import { bookingSchema } from './bookings';
import { customerOrderSchema } from './orders';
import { addressSchema, userSchema } from './users';
import { vendorSchema } from './vendors';

/** POST /api/session. */
export const signInRequestSchema = z.object({ user: signInSchema });
export type SignInRequest = z.input<typeof signInRequestSchema>;

/** 200 of GET, POST and DELETE /api/session. */
export const sessionResponseSchema = z.object({
  /** Null for a guest. */
  user: userSchema.nullable(),
  /** The user's addresses, default first; empty for a guest. */
  addresses: z.array(addressSchema),
  /** The customer's orders, newest first; empty for a guest. */
  orders: z.array(customerOrderSchema),
  /** The user's vendor as its owner sees it. */
  vendor: vendorSchema.nullable(),
  /** The caller's open bookings (priced, scheduled, pending), newest first; a guest's are the session's. */
  bookings: z.array(bookingSchema),
  /** A guest's saved answers (pricing input id → valueString); `{}` when none or signed in. */
  guestInputs: z.record(z.string(), z.string()),
});
export type SessionResponse = z.output<typeof sessionResponseSchema>;

/** The web's name for the session's answer. */
export type Session = SessionResponse;
