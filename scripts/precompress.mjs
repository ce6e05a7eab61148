// Brotli (quality 11) and gzip (level 9) forms of every text asset of the web build, written beside
// them (`app-1a2b.js.br`, `.gz`) at build time: the server reads them instead of compressing at start
// (api/src/web/compressed.ts), which took about a second of CPU from the first readers.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(js|css|svg|json|txt|webmanifest)$/i;

export function precompress(dir) {
  let n = 0;
  for (const name of readdirSync(dir)) {
    if (!TEXT.test(name)) continue;
    const file = path.join(dir, name);
    const raw = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
    n++;
  }
  return n;
}
