/** Money is integer cents inside the program; dollars with two decimals at the edges. */

export type Cents = number;

export function dollarsToCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError('Amount must be a finite number');
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** "$1,234.50" */
export function formatDollars(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  const frac = String(abs % 100).padStart(2, '0');
  return `${sign}$${whole}.${frac}`;
}

/** Splits an amount by basis points, rounding half up, never more than the amount. */
export function basisPoints(cents: Cents, bps: number): Cents {
  return Math.min(cents, Math.round((cents * bps) / 10_000));
}
