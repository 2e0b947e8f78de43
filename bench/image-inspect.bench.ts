/**
 * Upload inspection of hostile files (image-inspect.test.ts checks they are refused; how long that
 * takes is measured here, never asserted there — ARCHITECTURE §6): a PNG of 100,000 chunks, a JPEG of
 * 100,000 segments, a 12 KB PNG declaring 100 megapixels, and an ordinary photo for comparison. The
 * files are made in memory (test/fixtures/images). Best and median of ROUNDS each. Prints figures, never
 * a verdict.
 */
import * as f from '../apps/server/test/fixtures/images/image-fixtures';
import { inspectImage } from '../apps/server/src/modules/images/image-inspect';
import { ImageRejectedError } from '../apps/server/src/modules/images/image-rules';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

function outcome(data: Buffer): string {
  try {
    inspectImage(data);
    return 'accepted';
  } catch (err) {
    if (err instanceof ImageRejectedError) return `refused: ${err.reason}`;
    throw err;
  }
}

const p = await f.png(16, 16);
const tiny = f.pngChunk('zzZz', Buffer.from('a'));
const j = await f.jpeg(16, 16);
const comment = f.jpegSegment(0xfe, Buffer.from('a'));
const files: [string, Buffer][] = [
  [
    'PNG of 100,000 chunks',
    Buffer.concat([p.subarray(0, -12), Buffer.concat(Array<Buffer>(100_000).fill(tiny)), p.subarray(-12)]),
  ],
  [
    'JPEG of 100,000 segments',
    Buffer.concat([j.subarray(0, 2), Buffer.concat(Array<Buffer>(100_000).fill(comment)), j.subarray(2)]),
  ],
  [
    'PNG of 5,000 chunks',
    Buffer.concat([p.subarray(0, -12), Buffer.concat(Array<Buffer>(5_000).fill(tiny)), p.subarray(-12)]),
  ],
  ['PNG declaring 10,000 × 10,000', f.pngBomb(10_000)],
  ['JPEG photo 320 × 200', await f.jpeg()],
];

for (const [label, data] of files) {
  outcome(data); // warm-up
  const ms: number[] = [];
  let result = '';
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    result = outcome(data);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  console.info(
    `${label.padEnd(32)} ${(data.length / 1024).toFixed(0).padStart(6)} KB   best ${ms[0]!.toFixed(3).padStart(8)} ms   median ${ms[ms.length >> 1]!.toFixed(3).padStart(8)} ms   (${result})`,
  );
}
