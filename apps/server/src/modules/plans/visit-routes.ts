import type { FastifyInstance } from 'fastify';
import { planVisitsApi } from '@stg/domain/api/plan-visits.endpoints';
import { routeFrom } from '../../http/endpoint-route';
import type { PaymentsDeps } from '../../deps';
import { confirmVisitPayment, visitPayment } from './visit-pay';

/** A plan visit's mailed pay link (ADR 0037): the token in the path is the credential. */
export async function planVisitRoutes(app: FastifyInstance, opts: { deps: PaymentsDeps }) {
  const { deps } = opts;
  await routeFrom(app, planVisitsApi.payment, {}, async (req) => visitPayment(deps, req.params.token));
  await routeFrom(app, planVisitsApi.confirm, {}, async (req) =>
    confirmVisitPayment(deps, req.params.token, req.body),
  );
}
