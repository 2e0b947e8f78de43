import type { FastifyInstance } from 'fastify';
import { operatorApi } from '@stg/domain/api/operator.endpoints';
import { OPERATOR_MESSAGES } from '@stg/domain/api/operator';
import { requireOperator, requireUser, signedInUser } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import type { PaymentsDeps } from '../../deps';
import { failedRefunds, openDisputes, operatorDashboard, payoutsDue } from './service';
import { readAt } from '../public-read-cache/cache';
import { markRefundHandled, retryFailedRefund } from './refund-actions';

const refundIdOf = (raw: string) => {
  const id = parseId(raw);
  if (id === null) throw new HttpError(404, [OPERATOR_MESSAGES.refundNotFound]);
  return id;
};

/**
 * The operator's console (issue 25 §3): operators only, no-store; the answers come from the signed-in
 * reads' cache while nothing they show has changed (ADR 0040).
 */
export async function operatorConsoleRoutes(app: FastifyInstance, opts: { deps: PaymentsDeps }) {
  const { deps } = opts;
  const operatorsOnly = () => ({ preValidation: [requireUser, requireOperator] });

  await routeFrom(app, operatorApi.dashboard, operatorsOnly(), async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return operatorDashboard(deps, readAt(app, req));
  });
  await routeFrom(app, operatorApi.payoutsDue, operatorsOnly(), async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return payoutsDue(deps, req.query.page, readAt(app, req));
  });
  await routeFrom(app, operatorApi.failedRefunds, operatorsOnly(), async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return failedRefunds(deps, req.query.page, readAt(app, req));
  });
  await routeFrom(app, operatorApi.openDisputes, operatorsOnly(), async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return openDisputes(deps, req.query.page, readAt(app, req));
  });
  await routeFrom(app, operatorApi.retryRefund, operatorsOnly(), async (req) =>
    retryFailedRefund(deps, { refundId: refundIdOf(req.params.refundId), operatorId: signedInUser(req).id }),
  );
  await routeFrom(app, operatorApi.markRefundHandled, operatorsOnly(), async (req) =>
    markRefundHandled(deps, {
      refundId: refundIdOf(req.params.refundId),
      operatorId: signedInUser(req).id,
      note: req.body.note,
    }),
  );
}
