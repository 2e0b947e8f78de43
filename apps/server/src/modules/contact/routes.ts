import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactRequestSchema, messageResponseSchema } from '@stg/domain/api/support';
import { submitContactMessage } from './service';

export async function contactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to support (at most 5 per address per hour)',
        body: contactRequestSchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (req, reply) => {
      await submitContactMessage(app.deps, req.body.message, {
        userId: req.user?.id ?? null,
        ip: req.ip,
        now: app.deps.now(),
      });
      reply.status(201);
      return { message: 'Message Sent' };
    },
  );
}
