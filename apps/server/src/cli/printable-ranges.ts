/** npm run printable-ranges: writes packages/domain/src/printable-ranges.ts from the work order's fonts. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printableRanges, printableRangesSource } from '../modules/payouts/font-coverage';

const target = fileURLToPath(new URL('../../../../packages/domain/src/printable-ranges.ts', import.meta.url));
const ranges = printableRanges();
writeFileSync(target, printableRangesSource(ranges));
console.info(`${target}: ${ranges.length / 2} ranges`);
