// Brotli and gzip copies of a built front end's text files, made once at build time so that the
// server sends them as they are (@fastify/static's preCompressed) instead of compressing each
// answer, or sending it raw.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats a browser fetches; images and fonts are compressed by their own formats. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);

/** Below this a compressed copy saves a few bytes at most. */
const MIN_BYTES = 256;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every compressible
 * file of `dir` of at least 1 KB, each only where it is smaller than the file. Answers the files
 * compressed, relative to `dir`.
 */
export function precompress(dir) {
  const done = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
    const path = join(entry.parentPath, entry.name);
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(raw, { level: 9 });
    if (brotli.length < raw.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < raw.length) writeFileSync(`${path}.gz`, gzip);
    done.push(path.slice(dir.length + 1));
  }
  return done;
}

/**
 * The Vite plugin: compresses the output folder once everything is written, the site's
 * build-time render of the landing page included (closeBundle runs after every writeBundle).
 */
export function precompressPlugin() {
  let outDir;
  return {
    name: 'precompress',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        precompress(outDir);
      },
    },
  };
}
