/** A record id as the API takes it (a path segment or a body field): a positive integer that fits the
 * database's integer column, else null. */
export function parseId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
