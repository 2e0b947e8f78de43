/**
 * The small endpoints (spec §7 Contact Us; operations): the contact form, the health and readiness checks and, in
 * development only, the embedded mail outbox, the settable clock and running the due jobs (ADR 0033). One
 * object each (ADR 0031); their schemas are in ./support.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./support');

export const supportApi = {
  contact: endpoint({
    method: 'POST',
    path: '/api/contact',
    tags: ['contact'],
    summary: 'Send a message to support (at most 5 per address per hour)',
    schemas: () =>
      schemas().then((m) => ({ body: m.contactRequestSchema, responses: { 201: m.messageResponseSchema } })),
  }),
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    tags: ['health'],
    summary: 'Liveness and database check',
    schemas: () =>
      schemas().then((m) => ({ responses: { 200: m.healthResponseSchema, 503: m.healthResponseSchema } })),
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/ready',
    tags: ['health'],
    summary:
      'Readiness: the database answers, its migrations are current and the upload storage takes a write; 503 names what failed',
    schemas: () =>
      schemas().then((m) => ({
        responses: { 200: m.readinessResponseSchema, 503: m.readinessResponseSchema },
      })),
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    tags: ['dev'],
    summary:
      'The latest 50 mails of the embedded outbox; only without SMTP_URL and TRUST_PROXY, and only from this machine',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.outboxResponseSchema } })),
  }),
  clock: endpoint({
    method: 'GET',
    path: '/api/dev/clock',
    tags: ['dev'],
    summary: "The server's time (SETTABLE_CLOCK: development and e2e servers only; from this machine only)",
    schemas: () => schemas().then((m) => ({ responses: { 200: m.devClockResponseSchema } })),
  }),
  setClock: endpoint({
    method: 'PUT',
    path: '/api/dev/clock',
    tags: ['dev'],
    summary:
      "Sets the server's time (it runs on from there); {at: null} goes back to the wall clock. SETTABLE_CLOCK: development and e2e servers only; from this machine only",
    schemas: () =>
      schemas().then((m) => ({
        body: m.setDevClockRequestSchema,
        responses: { 200: m.devClockResponseSchema },
      })),
  }),
  runDueJobs: endpoint({
    method: 'POST',
    path: '/api/dev/jobs/run-due',
    tags: ['dev'],
    summary:
      "Runs now every job due at the server's time (payouts, refunds, reminders, hold expiry) until none is left. Development and e2e servers only; from this machine only",
    schemas: () => schemas().then((m) => ({ responses: { 200: m.runDueJobsResponseSchema } })),
  }),
};
