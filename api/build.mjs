// Compiles the API (and the workspace's TypeScript packages it imports) to JavaScript in api/dist, so
// production runs plain `node dist/server.js` with no compiler in the process (DESIGN.md §8).
//
// esbuild rather than tsc: @site/shared ships TypeScript source with extensionless imports, which
// Node's ESM loader cannot resolve once emitted file by file; bundling the workspace code (and only
// it: every npm package stays an import of node_modules) solves that in one step, in well under a
// second. Type checking stays with `pnpm typecheck` (tsc --noEmit).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * Packages left as imports of node_modules: native code (sharp), files read beside their own module
 * (PGlite's WebAssembly, pino's worker files), what only development or an optional setting loads
 * (pino-pretty, the S3 client), and pg's optional native binding. The rest is bundled: resolving and
 * reading ~1,600 small module files cost about a second of every start.
 */
const external = [
  'sharp',
  '@electric-sql/pglite',
  'pino',
  'pino-pretty',
  '@aws-sdk/client-s3',
  'pg-native',
].flatMap((name) => [name, `${name}/*`]);

const outdir = path.join(here, 'dist');
rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: here,
  entryPoints: {
    server: 'src/server.ts',
    // A child process of the server (pictures/encoder-client.ts), started at the lowest priority.
    'picture-encoder': 'src/pictures/encoder.ts',
    'scripts/migrate': 'src/scripts/migrate.ts',
    'scripts/seed': 'src/scripts/seed.ts',
    'scripts/make-admin': 'src/scripts/make-admin.ts',
    'scripts/backup': 'src/scripts/backup.ts',
    'scripts/restore': 'src/scripts/restore.ts',
  },
  outdir,
  bundle: true,
  // Shared code of the entry points (the app, the database layer) lands in chunks loaded once.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  sourcemap: 'linked',
  // Bundled CommonJS packages call require() for Node's own modules; ESM output needs one made for it.
  banner: {
    js: "import { createRequire as __siteRequire } from 'node:module'; const require = __siteRequire(import.meta.url);",
  },
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  // Paths that modules compute from their own location (import.meta.url) must not move: every
  // output file sits in api/dist or one level below, as its source sat in api/src.
  legalComments: 'none',
});
console.log(`api: compiled to api/dist in ${Math.round(performance.now() - started)} ms`);
