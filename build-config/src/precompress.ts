import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import type { RsbuildPlugin } from '@rsbuild/core';

const brotli = promisify(brotliCompress);

/** What is worth compressing (images other than SVG, and fonts, are compressed already). */
const TEXT = /\.(?:js|mjs|css|json|html|svg|txt)$/;
/** Below this a compressed copy saves less than its headers cost (nginx's gzip_min_length). */
const MIN_BYTES = 512;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip by Zopfli, which finds smaller
 * deflate streams than zlib's level 9: 3% less, at about a second per megabyte) beside every text
 * file of a production build, once, at build time: the servers send them as they are (nginx
 * `brotli_static` / `gzip_static`, @fastify/static `preCompressed`) instead of compressing each answer
 * at level 6. Brotli takes about 14% off the first visit's JavaScript (docs/performance.md "The first
 * visit").
 */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'kanban:precompress',
    setup(api) {
      api.onAfterBuild(async () => {
        const dist = api.context.distPath;
        for await (const path of files(dist)) {
          if ((await stat(path)).size < MIN_BYTES) continue;
          const content = await readFile(path);
          await writeFile(
            `${path}.br`,
            await brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          await writeFile(`${path}.gz`, await zopfliGzip(content, { numiterations: 15 }));
        }
      });
    },
  };
}
