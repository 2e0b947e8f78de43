/**
 * The journeys that run through nginx against two server instances (`npm run test:e2e:cluster`,
 * playwright.cluster.config.ts) INSTEAD of against the single server of playwright.config.ts: checkout with
 * the live confirmation over the websocket, vendor onboarding with uploads, vendor order actions, and the
 * journey during which instances are killed (issue 27; ADR 0038). Each runs once, in one of the two runs.
 */
export const CLUSTER_SPECS = [
  'checkout.spec.ts',
  'vendor-onboarding.spec.ts',
  'vendor-orders.spec.ts',
  'cluster-failover.spec.ts',
].map((file) => `**/${file}`);
