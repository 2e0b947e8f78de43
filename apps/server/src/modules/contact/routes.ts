import type { FastifyInstance } from 'fastify';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { routeFrom } from '../../http/endpoint-route';
import { submitContactMessage } from './service';

export async function contactRoutes(app: FastifyInstance) {
  await routeFrom(app, supportApi.contact, {}, async (req, reply) => {
    await submitContactMessage(app.deps, req.body.message, {
      userId: req.user?.id ?? null,
      ip: req.ip,
      now: app.deps.now(),
    });
    reply.status(201);
    return { message: 'Message Sent' };
  });
}
