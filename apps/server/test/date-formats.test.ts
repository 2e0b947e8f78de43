/**
 * Dates are written one way (issue 23 #9): every screen, mail, invite and work order formats a date or a
 * time with @stg/domain/dates ("MMM do, h:mmaaa" in America/Denver). A file of the web or the server that
 * formats on its own (Intl.DateTimeFormat, toLocale*String, date-fns's format) fails this test; the few
 * that may are listed with the reason.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const ALLOWED: Record<string, string> = {
  // The scheduler's month grid: month titles, weekday headers and the day cells' accessible names.
  'apps/web/src/lib/availability.ts': 'calendar grid labels',
  // Checks that an iCalendar TZID names a zone the runtime knows; writes nothing.
  'apps/server/src/adapters/calendars/ics.ts': 'time zone check',
};
const FORMATTING = [
  /\bIntl\.DateTimeFormat\b/,
  /\.toLocale(Date|Time)?String\(/,
  /from 'date-fns'/,
  /\btoUTCString\(|\btoDateString\(|\btoTimeString\(/,
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('one set of date formats', () => {
  it('no web or server file formats dates on its own', () => {
    const offenders: string[] = [];
    for (const dir of ['apps/web/src', 'apps/server/src']) {
      for (const path of sources(join(ROOT, dir))) {
        const rel = relative(ROOT, path);
        if (ALLOWED[rel] || rel.startsWith('apps/server/src/seed/')) continue;
        const text = readFileSync(path, 'utf8')
          .split('\n')
          // Numbers (toLocaleString on a number) are not dates: only lines that name a date count.
          .filter((line) => FORMATTING.some((re) => re.test(line)))
          .filter(
            (line) => !/\b(cents|dollars|amount|count|minPriceMax|whole)\b[^\n]*toLocaleString/.test(line),
          );
        if (text.length > 0) offenders.push(`${rel}: ${text[0]!.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
