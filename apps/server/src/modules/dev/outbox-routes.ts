/**
 * Development outbox viewer: the latest mails the embedded outbox mailer "sent", so someone trying
 * the app locally can open a password-reset link. app.ts registers it only with the outbox mailer
 * and without TRUST_PROXY; each request must also come straight from this machine.
 */
import type { FastifyInstance } from 'fastify';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { listOutboxMessages } from '../../adapters/mail/outbox-repo';
import { notFound } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { isLocalRequest } from '../../http/local-request';

export async function devOutboxRoutes(app: FastifyInstance) {
  await routeFrom(app, supportApi.outbox, {}, async (req, reply) => {
    if (!isLocalRequest(req)) throw notFound();
    reply.header('Cache-Control', 'no-store');
    const rows = await listOutboxMessages(app.deps.db, 50);
    return {
      messages: rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        attachments: (m.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });
}
