/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every compressible file of
 * the build, so the server sends them by content negotiation without compressing anything per request
 * (@fastify/static `preCompressed`, ADR 0023). Small files (under 1 KB) and files a compressor cannot
 * make smaller are left alone: the server then sends the file itself.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
export const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses the compressible files under `dir`; returns how many variants it wrote. */
export async function precompressDir(dir: string): Promise<number> {
  let written = 0;
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async () => {
        const source = await fs.readFile(file);
        if (source.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < source.length) {
          await fs.writeFile(`${file}.br`, br);
          written += 1;
        }
        if (gz.length < source.length) {
          await fs.writeFile(`${file}.gz`, gz);
          written += 1;
        }
      })(),
    );
  }
  await Promise.all(jobs);
  return written;
}

/** Build only: runs once every file (public/ copies and index.html included) is in the output folder. */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'stg:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const started = Date.now();
      const written = await precompressDir(outDir);
      logger?.info(`precompressed: ${written} .br/.gz files in ${Date.now() - started} ms`);
    },
  };
}
