/**
 * Attaches the request rate limits (http/rate-limit.ts, the table of policies by route) to their routes
 * as they are registered, counting in PostgreSQL through this module's counters (issue 14).
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { RATE_LIMITED_ROUTES, type RatePolicy } from '../../http/rate-limit';
import { tooManyRequests } from '../../http/errors';
import { hitInOrder } from './repo';

function limiter(app: FastifyInstance, policies: readonly RatePolicy[]): onRequestAsyncHookHandler {
  return async (req) => {
    const { db, now: clock, rateLimitScale } = app.deps;
    for (const policy of policies) {
      if (policy.applies && !policy.applies(req)) continue;
      const keys = policy.per.flatMap((p) =>
        p === 'address' ? [`ip:${req.ip}`] : req.user ? [`user:${req.user.id}`] : [],
      );
      // Every key of the policy in one statement, each counted only while the ones before it passed.
      const now = clock();
      const counted = await hitInOrder(
        db,
        keys.map((key) => `rate:${policy.name}:${key}`),
        { limit: policy.limit * rateLimitScale, windowMs: policy.windowMs },
        now,
      );
      const refused = counted.find((c) => !c.allowed);
      if (refused) throw tooManyRequests(policy.action, refused.resetAt, now);
    }
  };
}

/** Attaches the limits to their routes; must run before the routes are registered. */
export function registerRateLimits(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const policies = RATE_LIMITED_ROUTES[`${method} ${route.url}`];
      if (!policies) continue;
      route.onRequest = [...[route.onRequest ?? []].flat(), limiter(app, policies)];
    }
  });
}
