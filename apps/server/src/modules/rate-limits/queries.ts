/**
 * What other modules use of the rate-limit counters (a module's repo is its own, ADR 0026): the password
 * guess throttle (auth/login-throttle.ts) and the nightly pruning (jobs/maintenance.ts). The request
 * limits' hook (hook.ts) is this module's own and counts through its repo.
 */
export { claimWithBackoff, clear, hit, pruneRateLimits, refund, type Backoff, type Window } from './repo';
