/**
 * The boot data's answers that no query is primed with (a signed-in page's first GETs, ADR 0041): kept
 * by address until the API client's first GET of that address takes it instead of asking the server.
 * Each is used once and only while fresh, so every later read of the address goes to the server.
 */
const answers = new Map<string, unknown>();
let until = 0;

/** Keeps the answers, usable until `freshUntil` (ms since the epoch). */
export function keepBootAnswers(entries: [string, unknown][], freshUntil: number): void {
  for (const [address, answer] of entries) answers.set(address, answer);
  until = freshUntil;
}

/** The boot data's answer for a GET of `address`, once; undefined when there is none or it is old. */
export function takeBootAnswer(address: string, now = Date.now()): unknown {
  const answer = answers.get(address);
  answers.delete(address);
  return now <= until ? answer : undefined;
}
