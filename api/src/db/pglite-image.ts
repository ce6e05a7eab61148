import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A new in-memory PGlite (the tests, the hit-path bench) as an empty, never-migrated cluster.
 *
 * PGlite runs initdb for every new cluster: about 3 s of WASM each time, which was most of the cost
 * of booting a test app (migrations take 0.2 s). The cluster initdb makes is always the same, so it
 * is made once, kept in the temp folder (named by the PGlite build, since the layout is that build's),
 * and each new database loads a copy of it: about 0.3 s.
 */
export async function freshMemoryPglite(): Promise<PGlite> {
  const file = imageFile();
  const image = readImage(file);
  if (image) {
    const client = new PGlite({ loadDataDir: new Blob([image as Uint8Array<ArrayBuffer>]) });
    await client.waitReady;
    return client;
  }
  const client = new PGlite();
  await client.waitReady;
  const dump = await client.dumpDataDir('none');
  // Written under a unique name, then renamed: parallel test workers never read half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, file);
  return client;
}

function imageFile(): string {
  // The package does not export its package.json: find it beside the entry point (dist/).
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const pkg = JSON.parse(readFileSync(path.join(dist, '../package.json'), 'utf8')) as { version: string };
  // The wasm's size tells two builds published under one version apart (a local patch, a rebuild).
  const wasmBytes = statSync(path.join(dist, 'pglite.wasm')).size;
  const version = pkg.version;
  return path.join(tmpdir(), `site-pglite-initdb-${version}-${wasmBytes}.tar`);
}

function readImage(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
