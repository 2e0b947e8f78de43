/**
 * The fonts the work order PDF is drawn with (ADR 0029): DejaVu Sans, regular and bold, from the
 * dejavu-fonts-ttf package. Their paths are resolved through the module system, so they are found from any
 * working directory and wherever npm put the package (the workspace root here, /app/node_modules in the
 * production image). pdfkit embeds only the glyphs a document uses.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const WORK_ORDER_FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

let files: { regular: Buffer; bold: Buffer } | undefined;

/** The font files' bytes (about 1.4 MB), read once rather than at every work order. */
export function workOrderFontFiles(): { regular: Buffer; bold: Buffer } {
  files ??= {
    regular: readFileSync(WORK_ORDER_FONTS.regular),
    bold: readFileSync(WORK_ORDER_FONTS.bold),
  };
  return files;
}
