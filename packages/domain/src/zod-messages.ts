/**
 * Plain words for zod's length and size limits (issue 23, finding 6). A schema that names its own message
 * keeps it; any limit without one (`.max(200)`) would otherwise reach a form or a 422 answer as zod's
 * "Too big: expected string to have <=200 characters". The server (app.ts) and the web app
 * (lib/zod-config.ts) install plainZodMessage as zod's customError, so every schema's limits read like
 * "Last name must be at most 100 characters.", named after the field the issue is about.
 *
 * No zod at run time here: the web sets it before zod loads (ADR 0023).
 */
import type { core } from 'zod';

/** "Last name must be at most 100 characters." */
export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max} ${max === 1 ? 'character' : 'characters'}.`;
}

/** "Review must be at least 10 characters." */
export function tooShortMessage(label: string, min: number): string {
  return `${label} must be at least ${min} ${min === 1 ? 'character' : 'characters'}.`;
}

/** A field's name in words from its key: lastName, last_name -> "Last name"; street_address_2 -> "Street address 2". */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((k): k is string => typeof k === 'string');
  if (!key) return 'This value';
  const words = key
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'This value';
}

type Issue = Parameters<core.$ZodErrorMap>[0];

/** zod's customError: plain words for a limit a schema gave no message of its own; otherwise zod's. */
export function plainZodMessage(issue: Issue): string | undefined {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
  const label = fieldLabel(issue.path);
  const origin = issue.origin;
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    const limit = issue.inclusive === false ? max - 1 : max;
    if (origin === 'string') return tooLongMessage(label, limit);
    if (origin === 'array' || origin === 'set')
      return `${label} can have at most ${limit} ${limit === 1 ? 'item' : 'items'}.`;
    if (origin === 'file') return `${label} is too large.`;
    if (origin === 'number' || origin === 'int' || origin === 'bigint')
      return issue.inclusive === false
        ? `${label} must be less than ${String(issue.maximum)}.`
        : `${label} must be at most ${String(issue.maximum)}.`;
    return `${label} is too large.`;
  }
  const min = Number(issue.minimum);
  const limit = issue.inclusive === false ? min + 1 : min;
  if (origin === 'string') return limit <= 1 ? `${label} is required.` : tooShortMessage(label, limit);
  if (origin === 'array' || origin === 'set')
    return limit <= 1 ? `${label} is required.` : `${label} needs at least ${limit} items.`;
  if (origin === 'number' || origin === 'int' || origin === 'bigint')
    return issue.inclusive === false
      ? `${label} must be greater than ${String(issue.minimum)}.`
      : `${label} must be at least ${String(issue.minimum)}.`;
  return `${label} is too small.`;
}
