/**
 * The pricing answers' endpoints (spec §7): a signed-in user's answers on one of their addresses, and a
 * guest's answers on the session. One object each (ADR 0031); their schemas are in ./pricing.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./pricing');

export const pricingApi = {
  saveUserInputs: endpoint({
    method: 'POST',
    path: '/api/addresses/:id/user_inputs',
    tags: ['pricing'],
    summary:
      "Save pricing answers on one of the signed-in user's addresses (each must fit its question); all its answers after. 404 for any other address",
    schemas: () =>
      schemas().then((m) => ({
        body: m.userInputsRequestSchema,
        responses: { 200: m.userInputsResponseSchema },
      })),
  }),
  saveGuestInputs: endpoint({
    method: 'PUT',
    path: '/api/session/guest_inputs',
    tags: ['session'],
    summary:
      "Merge pricing answers into the session's guest answers (they move to the account on sign-in or sign-up)",
    schemas: () =>
      schemas().then((m) => ({
        body: m.userInputsRequestSchema,
        responses: { 200: m.guestInputsResponseSchema },
      })),
  }),
};
