/**
 * A plan visit's mailed pay link (ADR 0037): read what is owed, and confirm the payment. The link's token
 * is the credential (it is only mailed, and stored hashed). One object each (ADR 0031); schemas in ./plan-visits.
 */
import { endpoint } from './endpoint';

const schemas = () => Promise.all([import('./plan-visits'), import('./errors')]);
const tags = ['plans'];

export const planVisitsApi = {
  payment: endpoint({
    method: 'GET',
    path: '/api/plan-visits/pay/:token',
    tags,
    summary:
      "The plan visit a mailed pay link names (after a declined or authentication-required off-session charge): amount, vendor, appointment, deadline, and the intent's client secret for the card form while it can be paid",
    schemas: () =>
      schemas().then(([m, e]) => ({
        responses: { 200: m.planVisitPaymentSchema, 404: e.errorsResponseSchema },
      })),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/plan-visits/pay/:token/confirm',
    tags,
    summary:
      "Confirm the pay link's payment: the sandbox's card confirmation (a test card, or the saved card with 3-D Secure), else the provider is asked; a success settles the visit into its order exactly once",
    schemas: () =>
      schemas().then(([m, e]) => ({
        body: m.planVisitConfirmRequestSchema,
        responses: {
          200: m.planVisitConfirmResponseSchema,
          404: e.errorsResponseSchema,
          422: e.errorsResponseSchema,
        },
      })),
  }),
};
