import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { healthResponseSchema } from '@stg/domain/api/support';

export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (req, reply) => {
      try {
        await app.deps.db.execute(sql`select 1`);
        return { status: 'ok', database: app.deps.database.kind };
      } catch (err) {
        req.log.error({ err }, 'health check failed');
        return reply.status(503).send({ status: 'unavailable', database: app.deps.database.kind });
      }
    },
  );
}
