import type { FastifyInstance } from 'fastify';
import { PLAN_MANAGE_MESSAGES } from '@stg/domain/api/plans';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import type { PaymentsDeps } from '../../deps';
import { requireOwnVendor, requireUser, signedInUser } from '../../http/auth';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import { isInstantInRange } from '@stg/domain/instants';
import { notFound, unprocessable } from '../../http/errors';
import { acceptPlanPrice } from './accept-price';
import { cancelPlan, pausePlan, skipVisit } from './manage';
import { changeSchedule, planAvailability, rescheduleVisit } from './manage-schedule';
import { customerPlans, vendorPlan, vendorPlansPage } from './queries';

const idOf = (raw: string, message: string) => {
  const id = parseId(raw);
  if (id === null) throw notFound(message);
  return id;
};
const planId = (raw: string) => idOf(raw, PLAN_MANAGE_MESSAGES.planNotFound);
const visitId = (raw: string) => idOf(raw, PLAN_MANAGE_MESSAGES.visitNotFound);

/** A start sent by the web: an ISO date and time with its offset (as the order reschedule takes it). */
function instantOf(raw: string): Date {
  const at = new Date(raw);
  if (!/[zZ]|[+-]\d\d:?\d\d$/.test(raw) || !isInstantInRange(at.getTime()))
    throw unprocessable(PLAN_MANAGE_MESSAGES.appointmentInvalid);
  return at;
}

/**
 * The customer's plans (ADR 0037): only the signed-in customer's own; skip, pause and cancel by the plan's
 * customer, cancel also by its vendor's users (404 for anyone else). The vendor reads one of its plans
 * (its users only: 403 for another vendor's id, 404 for another vendor's plan).
 */
export async function planRoutes(app: FastifyInstance, opts: { deps: PaymentsDeps }) {
  const { deps } = opts;
  await routeFrom(app, plansApi.customerPlans, { preValidation: [requireUser] }, async (req) => ({
    plans: await customerPlans(deps.db, signedInUser(req).id),
  }));
  await routeFrom(
    app,
    plansApi.vendorPlans,
    { preValidation: [requireUser, requireOwnVendor('id')] },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return vendorPlansPage(deps.db, signedInUser(req).vendorId!, req.query, deps.now());
    },
  );
  await routeFrom(
    app,
    plansApi.vendorPlan,
    { preValidation: [requireUser, requireOwnVendor('id')] },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { plan: await vendorPlan(deps.db, signedInUser(req).vendorId!, planId(req.params.planId)) };
    },
  );
  await routeFrom(app, plansApi.skipVisit, { preValidation: [requireUser] }, async (req) => ({
    plan: await skipVisit(deps, signedInUser(req), planId(req.params.id), visitId(req.params.visitId)),
  }));
  await routeFrom(app, plansApi.availability, { preValidation: [requireUser] }, async (req) =>
    planAvailability(
      deps,
      signedInUser(req),
      planId(req.params.id),
      req.query.visit_id === undefined ? null : visitId(req.query.visit_id),
    ),
  );
  await routeFrom(app, plansApi.rescheduleVisit, { preValidation: [requireUser] }, async (req) => ({
    plan: await rescheduleVisit(
      deps,
      signedInUser(req),
      planId(req.params.id),
      visitId(req.params.visitId),
      instantOf(req.body.appointmentAt),
    ),
  }));
  await routeFrom(app, plansApi.changeSchedule, { preValidation: [requireUser] }, async (req) => ({
    plan: await changeSchedule(deps, signedInUser(req), planId(req.params.id), {
      frequency: req.body.frequency,
      firstVisitAt: instantOf(req.body.firstVisitAt),
    }),
  }));
  await routeFrom(app, plansApi.pause, { preValidation: [requireUser] }, async (req) => ({
    plan: await pausePlan(deps, signedInUser(req), planId(req.params.id), req.body.until),
  }));
  await routeFrom(app, plansApi.acceptPrice, { preValidation: [requireUser] }, async (req) => ({
    plan: await acceptPlanPrice(deps, signedInUser(req), planId(req.params.id), req.body.version),
  }));
  await routeFrom(app, plansApi.cancel, { preValidation: [requireUser] }, async (req) => ({
    plan: await cancelPlan(deps, signedInUser(req), planId(req.params.id), req.body),
  }));
}
