import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
import { SHELLS_DIR } from '../../src/contract/shells.ts';

/** Text files worth compressing; images, fonts (woff2 is compressed already) and video are not. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|vtt|webmanifest|map)$/;
/** Below this, the encoding headers cost about what compression saves. */
const MIN_BYTES = 1024;

/** Every file under a directory, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of the build, at the
 * strongest settings (done once at build, not per request), when the result is smaller. The
 * server sends them with @fastify/static's `preCompressed` (Content-Encoding and Vary from the
 * plugin); a static host serves the same files (docs/performance.md). The page itself is
 * written per response (its nonce), so the server compresses it as it sends it.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    // Not the build of the app's Node render (scripts/lib/prerender-plugin.ts): no browser fetches it.
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(config: ResolvedConfig) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // Not the prerendered pages and the app's Node render (shells/): the server never sends them as files.
      const shells = path.join(outDir, SHELLS_DIR) + path.sep;
      for (const file of filesUnder(outDir)) {
        if (file.startsWith(shells) || !COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const raw = readFileSync(file);
        const brotli = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gzip = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
        if (brotli.length < raw.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < raw.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}
