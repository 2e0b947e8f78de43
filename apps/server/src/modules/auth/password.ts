import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes). */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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
