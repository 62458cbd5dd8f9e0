import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|css|svg|html|json|txt|xml)$/;
// Below this a compressed copy saves less than its headers cost.
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside every text asset of the build. The
 * server sends them as they are (@fastify/static `preCompressed`): maximum compression once at
 * build time instead of a fast, weaker one on every request (docs/decisions/026).
 */
export function precompress(): Plugin {
  return {
    name: 'shopper:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          if (!COMPRESSIBLE.test(output.fileName)) return;
          const source = output.type === 'chunk' ? output.code : output.source;
          const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (bytes.length < MIN_BYTES) return;
          const file = path.join(outDir, output.fileName);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
            }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
