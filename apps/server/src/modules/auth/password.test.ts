/** Password hashing: OWASP's cost everywhere but the test suite, and digests verify whatever cost made them. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_COST, verifyPassword } from './password';

const run = promisify(execFile);
const serverRoot = path.resolve(import.meta.dirname, '../../..');

describe('hashPassword', () => {
  it('hashes at the cheapest cost under Vitest, and the digest verifies', async () => {
    const digest = await hashPassword('Password123!');
    expect(digest).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(digest, 'Password123!')).toBe(true);
    expect(await verifyPassword(digest, 'Password123?')).toBe(false);
  });

  it("hashes at OWASP's cost (19 MiB, 2 passes) in any process Vitest did not start", async () => {
    const env = { ...process.env };
    delete env.VITEST;
    const script =
      "const m = await import('./src/modules/auth/password.ts'); console.log(await m.hashPassword('Password123!'));";
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: serverRoot,
      env,
    });
    const digest = stdout.trim();
    const { memoryCost, timeCost, parallelism } = PASSWORD_HASH_COST;
    expect(digest).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryCost},t=${timeCost},p=${parallelism}\\$`),
    );
    expect(memoryCost).toBeGreaterThanOrEqual(19_456);
    // A digest made at the production cost verifies here too (argon2 keeps the cost in the digest).
    expect(await verifyPassword(digest, 'Password123!')).toBe(true);
  });
});
