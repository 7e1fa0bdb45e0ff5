import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files the server sends compressed: text formats only (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
 * of a built folder, where the compressed copy is smaller. The server sends them by the request's
 * Accept-Encoding (@fastify/static `preCompressed`), so nothing is compressed per request.
 * Returns how many files were compressed.
 */
export function precompressDirectory(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      count += precompressDirectory(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(body, { level: 9 });
    if (brotli.length < body.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < body.length) writeFileSync(`${path}.gz`, gzip);
    count++;
  }
  return count;
}

/** The build step: precompresses the output folder once every file is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const count = precompressDirectory(outDir);
      this.info(`precompressed ${count} files (brotli and gzip)`);
    },
  };
}
