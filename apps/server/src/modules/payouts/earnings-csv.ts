/**
 * The vendor's earnings as CSV (issue 25 §2): one row per order, RFC 4180 quoting (CRLF line ends; a cell
 * with a comma, quote, CR or LF is quoted and its quotes doubled), and safe from formula injection: a
 * cell a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a CR) gets a leading
 * apostrophe. Numbers are written by the program, never from user text, so money like -5.00 never occurs
 * (refunds are positive amounts) and needs no guard. UTF-8 with a byte order mark, so Excel reads the
 * accents of a name as written.
 */
import { formatCentsPlain } from '@stg/domain/money';

export const CSV_BOM = '\uFEFF';

/** One cell of text: guarded against formulas, quoted when it must be. */
export function csvText(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cents as dollars with two decimals and no thousands separator ("1234.50"). */
export function csvMoney(cents: number): string {
  return formatCentsPlain(cents);
}

/** A line of cells, each already written by csvText or csvMoney, ended by CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}
