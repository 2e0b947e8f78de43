/**
 * Options for every `fc.assert` of the repository (ARCHITECTURE §6: property tests state `numRuns` and a
 * time budget so a busy machine cannot turn them red). Test-only: imported by *.test.ts files alone,
 * never by the domain itself, and it imports neither vitest nor fast-check's runtime.
 *
 * - `numRuns`: stated at each call, the number of runs on a machine with time to spare.
 * - A time budget (`interruptAfterTimeLimit`, checked between runs): on a loaded machine fewer runs
 *   execute instead of the test failing on Vitest's timeout. `markInterruptAsFailure: false`, but an
 *   interrupt before the first run completed still fails (fast-check's rule), so a property always runs.
 *   A counterexample found before the budget runs out still fails the test, shrunk as far as time allows.
 * - Reproduction: fast-check prints `{ seed, path }` with every failure; run the test again with
 *   `FC_SEED=<seed> FC_PATH=<path>` to replay exactly that case.
 *
 * The test holding the assertion sets `{ timeout: PROPERTY_TEST_TIMEOUT_MS }`, well above the budget.
 */
import type { Parameters } from 'fast-check';

/** The wall-clock budget of one `fc.assert` by default. */
export const PROPERTY_TIME_LIMIT_MS = 10_000;
/** Vitest's timeout for a test running property assertions: the budget, one slow run and headroom. */
export const PROPERTY_TEST_TIMEOUT_MS = 60_000;

export type PropertyOptions = Pick<
  Parameters,
  'numRuns' | 'interruptAfterTimeLimit' | 'markInterruptAsFailure' | 'seed' | 'path'
>;

// The domain's lib has no Node types and its code reads no environment (eslint); a test-only file may.
const env =
  (globalThis as unknown as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

export function propertyOptions({
  numRuns,
  timeLimitMs = PROPERTY_TIME_LIMIT_MS,
  seed,
}: {
  numRuns: number;
  /** Below PROPERTY_TEST_TIMEOUT_MS, or the test's own timeout, with room for one more run. */
  timeLimitMs?: number;
  /** A fixed seed of the caller's (FC_SEED wins over it); fast-check picks one per run by default. */
  seed?: number;
}): PropertyOptions {
  const fcSeed = env.FC_SEED?.trim();
  const fcPath = env.FC_PATH?.trim();
  if (fcSeed && !Number.isInteger(Number(fcSeed))) throw new Error(`FC_SEED is not an integer: ${fcSeed}`);
  const chosenSeed = fcSeed ? Number(fcSeed) : seed;
  return {
    numRuns,
    interruptAfterTimeLimit: timeLimitMs,
    markInterruptAsFailure: false,
    ...(chosenSeed === undefined ? {} : { seed: chosenSeed }),
    ...(fcPath ? { path: fcPath } : {}),
  };
}
