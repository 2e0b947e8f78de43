/** Forgot and reset password (spec §2 Forgot Password; issue 14): the API contract. */
import { z } from 'zod';
import { forgotPasswordSchema, resetPasswordSchema } from '../validation';
import { userSchema } from './users';
import { vendorSchema } from './vendors';

/** POST /api/password/forgot: the same answer whether or not the account exists. */
export const forgotPasswordRequestSchema = forgotPasswordSchema;
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.output<typeof messageResponseSchema>;

/** POST /api/password/reset: the mailed token and the new password; the user is signed in. */
export const resetPasswordRequestSchema = resetPasswordSchema;
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** 200 of POST /api/password/reset: the user, and their vendor as its owner sees it. */
export const resetPasswordResponseSchema = z.object({ user: userSchema, vendor: vendorSchema.nullable() });
export type ResetPasswordResponse = z.output<typeof resetPasswordResponseSchema>;
