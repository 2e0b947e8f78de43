/** The argument of `npm run clock` read as a time (cli/dev-clock.ts). */
import { LocalServerError } from './local-server';

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The time to set from the argument and the server's time now; null = the wall clock. */
export function clockTarget(arg: string, serverNow: Date): Date | null {
  if (arg === 'reset') return null;
  const step = /^([+-])(\d+(?:\.\d+)?)([mhd])$/.exec(arg);
  if (step) {
    const ms = Number(step[2]) * UNITS[step[3]!]!;
    return new Date(serverNow.getTime() + (step[1] === '-' ? -ms : ms));
  }
  const at = new Date(arg);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(arg) || Number.isNaN(at.getTime()))
    throw new LocalServerError(
      `Not a time: ${arg}. Use +73h, +3d, -30m, an ISO time such as 2026-12-01T09:00:00-07:00, or reset.`,
    );
  return at;
}
