import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { payoutsApi } from '@stg/domain/api/payouts.endpoints';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { requireOperator, requireUser, signedInUser } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import type { PaymentsDeps } from '../../deps';
import {
  markPaperCheckPaid,
  paperChecksOwed,
  retryTransfer,
  transfersNeedingReview,
} from './operator-actions';
import { vendorWorkOrderPdf } from './service';

const notFoundOrder = () => new HttpError(404, [ORDER_MESSAGES.orderNotFound]);
const orderIdOf = (raw: string) => {
  const id = parseId(raw);
  if (id === null) throw notFoundOrder();
  return id;
};

export async function payoutRoutes(app: FastifyInstance, opts: { deps: PaymentsDeps }) {
  const { deps } = opts;
  const operatorsOnly = () => ({ preValidation: [requireUser, requireOperator] });

  await routeFrom(app, payoutsApi.paperChecks, operatorsOnly(), async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return paperChecksOwed(deps);
  });

  await routeFrom(app, payoutsApi.markPaperCheckPaid, operatorsOnly(), async (req) =>
    markPaperCheckPaid(deps, {
      orderId: orderIdOf(req.params.orderId),
      operatorId: signedInUser(req).id,
      checkReference: req.body.checkReference,
      note: req.body.note,
    }),
  );

  await routeFrom(app, payoutsApi.needingReview, operatorsOnly(), async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return transfersNeedingReview(deps);
  });

  await routeFrom(app, payoutsApi.retry, operatorsOnly(), async (req) =>
    retryTransfer(deps, { orderId: orderIdOf(req.params.orderId), operatorId: signedInUser(req).id }),
  );

  await routeFrom(
    app,
    payoutsApi.workOrderPdf,
    {
      preValidation: [requireUser],
      schema: {
        // The PDF is named as its answer's media type; the errors answer JSON as everywhere ({ errors }).
        response: {
          200: {
            description: 'The work order',
            content: {
              'application/pdf': {
                schema: z
                  .custom<Buffer>((v) => Buffer.isBuffer(v))
                  .describe('The work order (application/pdf)'),
              },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const id = orderIdOf(req.params.id);
      const { pdf, confirmationId } = await vendorWorkOrderPdf(deps, signedInUser(req), id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `inline; filename="work-order-${confirmationId.replace(/[^A-Za-z0-9-]/g, '')}.pdf"`,
        )
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  );
}
