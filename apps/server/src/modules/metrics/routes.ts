/**
 * GET /metrics, Prometheus' text format (issue 27, ADR 0039). Not an endpoint of the API contract (it is
 * not under /api/ and not JSON), and not public: it answers a request straight from this machine
 * (`isLocalRequest`: the loopback address and no proxy's forwarding header), or one that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Anyone else gets 404 when no token is configured (the address
 * does not exist for them, as with the development tools) and 401 when one is (a scraper with a wrong
 * token should be told so). nginx answers 404 for /metrics itself (deploy/nginx.conf): Prometheus scrapes
 * each instance directly, never through the proxy that spreads requests across them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@stg/domain/validation';
import type { Database } from '../../db/client';
import { isLocalRequest } from '../../http/local-request';
import { AppMetrics } from './registry';

export const METRICS_PATH = '/metrics';
export const METRICS_TOKEN_MESSAGE = 'A valid metrics token is required.';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request's bearer token is `token` (compared in constant time). */
export function hasBearerToken(req: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return !!match && timingSafeEqual(digest(match[1]!), digest(token));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics (GET /metrics); the job worker reports its jobs to it. */
    metrics: AppMetrics;
  }
}

export interface MetricsOptions {
  database: Database;
  now: () => Date;
  /** METRICS_TOKEN: a scraper from elsewhere sends it as a bearer token; without it, only this machine. */
  token?: string;
}

/** Counts every answer by route and serves /metrics. Registered before the routes it counts. */
export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): AppMetrics {
  const metrics = new AppMetrics({
    database: opts.database,
    websockets: () => (app.hasDecorator('websocketServer') ? app.websocketServer.clients.size : 0),
  });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (req, reply) => {
    metrics.observeRequest(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', async () => metrics.close());
  // A scrape every 15 s from each Prometheus would fill the logs: only warnings and errors are logged.
  app.get(METRICS_PATH, { logLevel: 'warn' }, async (req, reply) => {
    const allowed = isLocalRequest(req) || (opts.token !== undefined && hasBearerToken(req, opts.token));
    reply.header('Cache-Control', 'no-store');
    if (!allowed) {
      if (opts.token === undefined) return reply.status(404).send({ errors: [MESSAGES.notFound] });
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ errors: [METRICS_TOKEN_MESSAGE] });
    }
    const text = await metrics.scrape(opts.database.db, opts.now());
    return reply.type(metrics.registry.contentType).send(text);
  });
  return metrics;
}
