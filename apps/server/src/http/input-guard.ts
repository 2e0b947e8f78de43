/**
 * Input that no route should see: checked for every request before its schema runs (issue 14,
 * finding 4). Filled in by the fuzz work.
 */
import type { FastifyInstance } from 'fastify';

export function registerInputGuard(_app: FastifyInstance) {}
