/**
 * What the marketplace's documents can print (issue 23 #13; ADR 0029). The work order PDF is drawn in
 * DejaVu Sans, embedded: Latin letters with every accent (Vietnamese included), Greek, Cyrillic, Armenian,
 * Georgian, digits, punctuation, currency and many signs. ./printable-ranges lists exactly what both of its
 * faces print well, generated from the font files. A character outside it (an emoji, Chinese, a
 * right-to-left script) would print as "?" or garbled, so every free-text field that reaches a work order
 * refuses it at input, with a message naming the field, on the server and in the form alike.
 */
import { PRINTABLE_RANGES } from './printable-ranges';

/** Whether a code point is in PRINTABLE_RANGES (binary search over its start, end pairs). */
function inPrintableRanges(code: number): boolean {
  let lo = 0;
  let hi = PRINTABLE_RANGES.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (code < PRINTABLE_RANGES[2 * mid]!) hi = mid - 1;
    else if (code > PRINTABLE_RANGES[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Whether one character (a code point) can be printed; tabs and line breaks count as printable. */
export function isPrintableChar(ch: string): boolean {
  if (ch === '\n' || ch === '\r' || ch === '\t') return true;
  return inPrintableRanges(ch.codePointAt(0)!);
}

/** Whether a character shows as something (not a control, format or other invisible character). */
export function isVisibleChar(ch: string): boolean {
  return !/[\p{C}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u.test(ch);
}

/** The characters of `text` (as typed, composed) that no document can print, each once, in order. */
export function unprintableChars(text: string): string[] {
  const found = new Set<string>();
  for (const ch of text.normalize('NFC')) if (!isPrintableChar(ch)) found.add(ch);
  return [...found];
}

export const isPrintableText = (text: string) => unprintableChars(text).length === 0;

/**
 * "Business name can use letters, numbers and common punctuation only (no emoji or symbols like 🐶)."; for
 * letters of a script the font lacks, "Last name can't use 中 文: our printed documents can't show them."
 */
export function unprintableMessage(field: string, text: string): string {
  const shown = unprintableChars(text).filter(isVisibleChar).slice(0, 3);
  if (shown.some((ch) => /[\p{L}\p{M}]/u.test(ch)))
    return `${field} can't use ${shown.join(' ')}: our printed documents can't show them.`;
  return `${field} can use letters, numbers and common punctuation only (no emoji or symbols${shown.length ? ` like ${shown.join(' ')}` : ''}).`;
}
