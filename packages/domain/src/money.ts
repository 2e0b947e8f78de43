/** Money is integer cents inside the program; dollars with two decimals at the edges. */

export type Cents = number;

/** Dollars to cents, rounding half up, immune to binary noise: 1.005 dollars is 101 cents. */
export function dollarsToCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError('Amount must be a finite number');
  const x = dollars * 100;
  // Only a value within noise of a half cent needs the slower, exact look.
  if (Math.abs(x - Math.floor(x) - 0.5) > 1e-6) return Math.round(x);
  return Math.round(Number(x.toPrecision(15)));
}

export function centsToDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

/**
 * A number as `toLocaleString('en-US')` writes it ("1,234.5": digits grouped by thousands, at most three
 * decimals, rounded half away from zero), without Intl: a page's first Intl number format loads ICU's
 * number data, a single task of about 50 ms on a phone's CPU (200 ms with Lighthouse's 4x slowdown).
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return value.toLocaleString('en-US');
  if (Math.abs(value) >= 1e21) return value.toLocaleString('en-US');
  const abs = Number.isInteger(value) ? Math.abs(value) : Math.round(Math.abs(value) * 1000) / 1000;
  const [whole = '0', fraction] = String(abs).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** "$1,234.50" */
export function formatDollars(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = formatNumber(Math.floor(abs / 100));
  const frac = String(abs % 100).padStart(2, '0');
  return `${sign}$${whole}.${frac}`;
}

/** "1234.50": dollars with two decimals, no symbol or separators (CSV, inputs). */
export function formatCentsPlain(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Splits an amount by basis points, rounding half up, never more than the amount. */
export function basisPoints(cents: Cents, bps: number): Cents {
  return Math.min(cents, Math.round((cents * bps) / 10_000));
}
