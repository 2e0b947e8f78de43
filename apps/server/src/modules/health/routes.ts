import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { routeFrom } from '../../http/endpoint-route';

export async function healthRoutes(app: FastifyInstance) {
  await routeFrom(app, supportApi.health, {}, async (req, reply) => {
    try {
      await app.deps.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.deps.database.kind };
    } catch (err) {
      req.log.error({ err }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable', database: app.deps.database.kind });
    }
  });
}
