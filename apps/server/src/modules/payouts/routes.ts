import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  markPaperCheckPaidRequestSchema,
  markPaperCheckPaidResponseSchema,
  paperChecksOwedResponseSchema,
  retryTransferResponseSchema,
  transfersNeedingReviewResponseSchema,
} from '@stg/domain/api/payouts';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { errorsResponseSchema } from '@stg/domain/api/errors';
import { requireOperator, requireUser, signedInUser } from '../../http/auth';
import { HttpError } from '../../http/errors';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;

  r.get(
    '/api/operator/payouts/paper-checks',
    {
      preValidation: [requireUser, requireOperator],
      schema: {
        tags: ['payouts'],
        summary:
          'Orders whose vendor is owed a Paper Check (no active payout account, or the transfer was refused), oldest first, with the vendor, the amount and the fulfilled date; operators only',
        response: { 200: paperChecksOwedResponseSchema },
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return paperChecksOwed(deps);
    },
  );

  r.post(
    '/api/operator/payouts/paper-checks/:orderId/mark-paid',
    {
      preValidation: [requireUser, requireOperator],
      schema: {
        tags: ['payouts'],
        summary:
          'Record that the Paper Check owed for an order was sent (the order becomes processed; the operator is logged on it). A repeat changes nothing; operators only',
        params: z.object({ orderId: z.string() }),
        body: markPaperCheckPaidRequestSchema,
        response: {
          200: markPaperCheckPaidResponseSchema,
          404: errorsResponseSchema,
          409: errorsResponseSchema,
        },
      },
    },
    async (req) =>
      markPaperCheckPaid(deps, {
        orderId: orderIdOf(req.params.orderId),
        operatorId: signedInUser(req).id,
        checkReference: req.body.checkReference,
        note: req.body.note,
      }),
  );

  r.get(
    '/api/operator/payouts/needing-review',
    {
      preValidation: [requireUser, requireOperator],
      schema: {
        tags: ['payouts'],
        summary:
          'Transfers the payout job gave up on (the provider unreachable through every try; the transfer may or may not exist), oldest first, with the vendor, the amount, when it began and the last error; operators only',
        response: { 200: transfersNeedingReviewResponseSchema },
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return transfersNeedingReview(deps);
    },
  );

  r.post(
    '/api/operator/payouts/:orderId/retry',
    {
      preValidation: [requireUser, requireOperator],
      schema: {
        tags: ['payouts'],
        summary:
          'Retry a transfer the payout job gave up on: the job runs again at once with the same idempotency key (the provider never pays twice); the operator is logged on the order. A repeat while the retry is pending changes nothing; 409 when the payout is not a transfer given up on; operators only',
        params: z.object({ orderId: z.string() }),
        response: {
          200: retryTransferResponseSchema,
          404: errorsResponseSchema,
          409: errorsResponseSchema,
        },
      },
    },
    async (req) =>
      retryTransfer(deps, { orderId: orderIdOf(req.params.orderId), operatorId: signedInUser(req).id }),
  );

  r.get(
    '/api/orders/:id/work-order.pdf',
    {
      preValidation: [requireUser],
      schema: {
        tags: ['orders'],
        summary:
          "The order's printable work order as a PDF (customer, address, St George time, duration, options, notes, instructions, confirmation id); the order's vendor only, 404 for anyone else",
        params: z.object({ id: z.string() }),
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
