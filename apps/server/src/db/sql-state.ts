/**
 * The SQLSTATE of a PostgreSQL error (e.g. '23503', a foreign key violated), looked for on the error and
 * on its causes (drizzle wraps the driver's error), or null when there is none.
 */
export function sqlStateOf(err: unknown): string | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}
