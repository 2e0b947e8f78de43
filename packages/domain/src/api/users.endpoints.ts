/**
 * The users endpoints (spec §7 sign-up, account settings): customer sign-up, the profile, the password
 * and an address. One object each (ADR 0031); their schemas are in ./users.
 */
import { endpoint } from './endpoint';

const schemas = () => Promise.all([import('./users'), import('./errors')]);
const tags = ['users'];

export const usersApi = {
  signUp: endpoint({
    method: 'POST',
    path: '/api/users',
    tags,
    summary: 'Customer sign-up with an address; signs the new customer in',
    schemas: () =>
      schemas().then(([m, e]) => ({
        body: m.customerSignUpRequestSchema,
        responses: { 201: m.signUpResponseSchema, 422: e.errorsResponseSchema },
      })),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/users/:id',
    tags,
    summary: "Update the signed-in user's name, email and phone (account settings)",
    schemas: () =>
      schemas().then(([m, e]) => ({
        body: m.userUpdateRequestSchema,
        responses: { 200: m.userResponseSchema, 422: e.errorsResponseSchema },
      })),
  }),
  updatePassword: endpoint({
    method: 'PATCH',
    path: '/api/users/:userId/update_password',
    tags,
    summary:
      "Change the signed-in user's password; ends the user's other sessions (wrong guesses are throttled like sign-in)",
    schemas: () =>
      schemas().then(([m, e]) => ({
        body: m.passwordUpdateRequestSchema,
        responses: { 200: m.userResponseSchema, 422: e.errorsResponseSchema, 429: e.errorsResponseSchema },
      })),
  }),
  updateAddress: endpoint({
    method: 'PATCH',
    path: '/api/addresses/:id',
    tags,
    summary:
      "Update one of the signed-in user's addresses (street_address_2 or streetAddress2 accepted); 404 for any other address",
    schemas: () =>
      schemas().then(([m, e]) => ({
        body: m.addressUpdateRequestSchema,
        responses: { 200: m.addressResponseSchema, 404: e.errorsResponseSchema, 422: e.errorsResponseSchema },
      })),
  }),
};
