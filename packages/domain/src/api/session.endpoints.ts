/**
 * The session endpoints (spec §7, §8): the current session (and its CSRF token), sign-in and sign-out.
 * One object each (ADR 0031); their schemas are in ./session.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./session');
const errors = () => import('./errors');
const tags = ['session'];

export const sessionApi = {
  current: endpoint({
    method: 'GET',
    path: '/api/session',
    tags,
    summary: 'The current session; the CSRF token is in the X-CSRF-Token header',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.sessionResponseSchema } })),
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/api/session',
    tags,
    summary:
      "Sign in (wrong guesses are throttled); a new session replaces the request's, a guest's bookings and answers come along",
    schemas: () =>
      Promise.all([schemas(), errors()]).then(([m, e]) => ({
        body: m.signInRequestSchema,
        responses: {
          200: m.sessionResponseSchema,
          401: e.errorsResponseSchema,
          422: e.errorsResponseSchema,
          429: e.errorsResponseSchema,
        },
      })),
  }),
  signOut: endpoint({
    method: 'DELETE',
    path: '/api/session',
    tags,
    summary: 'Sign out',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.sessionResponseSchema } })),
  }),
};
