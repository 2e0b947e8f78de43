/**
 * GET /api/health (liveness: the process answers and reaches its database) and GET /api/ready (readiness:
 * database, migrations, storage; readiness.ts). Probes call them every few seconds: only warnings and
 * errors are logged.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { routeFrom } from '../../http/endpoint-route';
import { Readiness } from './readiness';

export async function healthRoutes(app: FastifyInstance) {
  await routeFrom(app, supportApi.health, { logLevel: 'warn' }, async (req, reply) => {
    try {
      await app.deps.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.deps.database.kind };
    } catch (err) {
      req.log.error({ err }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable', database: app.deps.database.kind });
    }
  });
  const readiness = new Readiness(app.deps.database, app.deps.storage);
  await routeFrom(app, supportApi.ready, { logLevel: 'warn' }, async (req, reply) => {
    const answer = await readiness.check(req.log);
    reply.header('Cache-Control', 'no-store');
    if (answer.status !== 'ready') return reply.status(503).send(answer);
    return answer;
  });
}
