/**
 * The forgotten-password endpoints (spec §7): mail a reset link, and set a new password with it. One
 * object each (ADR 0031); their schemas are in ./password.
 */
import { endpoint } from './endpoint';

const schemas = () => Promise.all([import('./password'), import('./errors')]);
const tags = ['password'];

export const passwordApi = {
  forgot: endpoint({
    method: 'POST',
    path: '/api/password/forgot',
    tags,
    summary:
      'Mail a single-use link to reset the password (valid 1 hour). The answer is the same whether or not the account exists',
    schemas: () =>
      schemas().then(([m, e]) => ({
        body: m.forgotPasswordRequestSchema,
        responses: { 200: m.messageResponseSchema, 422: e.errorsResponseSchema },
      })),
  }),
  reset: endpoint({
    method: 'POST',
    path: '/api/password/reset',
    tags,
    summary:
      'Set a new password with the mailed token; ends every session of the account and signs the user in',
    schemas: () =>
      schemas().then(([m, e]) => ({
        body: m.resetPasswordRequestSchema,
        responses: { 200: m.resetPasswordResponseSchema, 422: e.errorsResponseSchema },
      })),
  }),
};
