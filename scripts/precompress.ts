// Writes .br and .gz copies of the web build's text assets, so the server can send them
// compressed without compressing on every request (`@fastify/static` preCompressed).
//
// The .gz copies are made with Zopfli (@gfx/zopfli), which writes ordinary gzip that every
// browser reads, 3-5% smaller than zlib's level 9: measured on the landing page's first download
// (browsers get gzip, not brotli, over plain HTTP), 172.9 KB -> 166.8 KB, which keeps it under its
// 170 KB budget with the Filipino switch and Lingui added. It costs a few seconds of
// build time, once.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const root = process.argv[2];
if (!root) {
  console.error('usage: precompress <folder>');
  process.exit(2);
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
let files = 0;
let before = 0;
let after = 0;

async function walk(dir: string): Promise<void> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      await walk(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) {
      continue;
    }
    const data = readFileSync(path);
    if (data.length < 1024) {
      continue;
    }
    const gz = await gzipAsync(data, { numiterations: 15 });
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    writeFileSync(`${path}.gz`, gz);
    writeFileSync(`${path}.br`, br);
    files += 1;
    before += data.length;
    after += br.length;
  }
}

await walk(root);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB (brotli)`,
);
