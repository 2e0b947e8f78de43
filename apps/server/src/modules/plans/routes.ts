import type { FastifyInstance } from 'fastify';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { requireUser, signedInUser } from '../../http/auth';
import { routeFrom } from '../../http/endpoint-route';
import { customerPlans } from './queries';

/** The customer's plans (ADR 0037): only the signed-in customer's own. */
export async function planRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  await routeFrom(app, plansApi.customerPlans, { preValidation: [requireUser] }, async (req) => ({
    plans: await customerPlans(db, signedInUser(req).id),
  }));
}
