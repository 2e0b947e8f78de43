import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes). */
export const PASSWORD_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Under Vitest (which sets VITEST in its workers), the cheapest cost argon2id takes: the suite signs up
 * hundreds of accounts, and the cost is kept in each digest, so verifying works whichever cost made it
 * (issue 24). Nothing else sets VITEST; production and `npm start` always hash at PASSWORD_HASH_COST.
 */
const TEST_HASH_COST = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

const OPTIONS = process.env.VITEST ? TEST_HASH_COST : PASSWORD_HASH_COST;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(digest: string, password: string): Promise<boolean> {
  try {
    return await verify(digest, password);
  } catch {
    return false;
  }
}

/** A digest to verify against when no account matches, so timing does not reveal which emails exist. */
let dummyDigest: Promise<string> | undefined;
export function dummyPasswordDigest(): Promise<string> {
  dummyDigest ??= hashPassword('not-a-real-password-0');
  return dummyDigest;
}
