import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE_FILE = /\.(js|css|svg|json|txt|webmanifest)$/i;

export interface FileVariants {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

// Build files have hashed, never-reused names, so one compression per file per process is enough.
// Module-level on purpose: every app instance in a process serves the same build.
const variants = new Map<string, Promise<FileVariants>>();

/**
 * The file with its brotli (quality 11) and gzip (level 9) forms: read from beside it when the build
 * made them (scripts/precompress.mjs), else made once, off the main thread.
 */
export function compressedFile(file: string): Promise<FileVariants> {
  let hit = variants.get(file);
  if (!hit) {
    hit = (async () => {
      const raw = await readFile(file);
      const [madeBr, madeGz] = await Promise.all([
        readFile(`${file}.br`).catch(() => null),
        readFile(`${file}.gz`).catch(() => null),
      ]);
      if (madeBr && madeGz) return { raw, br: madeBr, gzip: madeGz };
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: 9 }),
      ]);
      return { raw, br, gzip: gz };
    })();
    hit.catch(() => variants.delete(file));
    variants.set(file, hit);
  }
  return hit;
}

/** Compress every text asset of the build in the background, so the first visitor never waits. */
export async function warmCompressedAssets(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names.filter((n) => COMPRESSIBLE_FILE.test(n)).map((n) => path.join(dir, n));
  await Promise.all(files.map((f) => compressedFile(f).catch(() => null)));
  return files.length;
}
