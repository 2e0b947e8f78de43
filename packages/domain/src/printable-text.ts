/**
 * What the marketplace's documents can print (issue 23 #13; ADR 0029). The work order PDF is drawn with
 * the standard PDF fonts, whose characters are Windows-1252's: every Latin letter with its accents (é, ñ,
 * ü, ç, ø…), digits, punctuation, curly quotes, dashes, € and a few signs. A character outside it (an
 * emoji, another script) would print as "?", so every free-text field that reaches a work order refuses
 * it at input, with a message naming the field, on the server and in the form alike.
 */

/** Windows-1252's characters above Latin-1's 0x80-0x9F gap. */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Whether one character (a code point) can be printed; tabs and line breaks count as printable. */
export function isPrintableChar(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  if (ch === '\n' || ch === '\r' || ch === '\t') return true;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return false;
  return code <= 0xff || CP1252_EXTRA.has(ch);
}

/** The characters of `text` (as typed, composed) that no document can print, each once, in order. */
export function unprintableChars(text: string): string[] {
  const found = new Set<string>();
  for (const ch of text.normalize('NFC')) if (!isPrintableChar(ch)) found.add(ch);
  return [...found];
}

export const isPrintableText = (text: string) => unprintableChars(text).length === 0;

/** "Business name can use letters, numbers and common punctuation only (no emoji or symbols like 🐶)." */
export function unprintableMessage(field: string, text: string): string {
  const shown = unprintableChars(text)
    .filter((ch) => (ch.codePointAt(0) ?? 0) >= 0xa0)
    .slice(0, 3)
    .join(' ');
  return `${field} can use letters, numbers and common punctuation only (no emoji or symbols${shown ? ` like ${shown}` : ''}).`;
}
