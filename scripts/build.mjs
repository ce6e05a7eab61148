#!/usr/bin/env node
// `pnpm build`: the web app (Vite: browser bundle + server render) and the API (esbuild → api/dist).
// Each part is rebuilt only when its inputs changed since its last build: a stamp in its output folder
// holds a hash of every input file, so a second `pnpm start` starts at once. `--force` rebuilds all.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const SKIP = new Set(['node_modules', 'dist', '.vite', 'screenshots']);

/** Files under `dir` (relative to the root), skipping build output, dependencies and tests. */
function filesUnder(dir) {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return [dir];
  return readdirSync(abs, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(rel);
    return /\.test\.tsx?$/.test(entry.name) ? [] : [rel];
  });
}

function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesUnder).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const common = ['shared/src', 'shared/package.json', 'pnpm-lock.yaml', 'tsconfig.base.json'];
const parts = [
  {
    name: 'web',
    stamp: 'web/dist/.build-stamp',
    inputs: [...common, 'web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'web/package.json'],
    dir: 'web',
  },
  {
    name: 'api',
    stamp: 'api/dist/.build-stamp',
    inputs: [...common, 'api/src', 'api/build.mjs', 'api/package.json'],
    dir: 'api',
  },
];

/** Runs a package's own `build` script the way pnpm would (its bin folders on PATH), without needing pnpm. */
function runPackageScript(dir, name) {
  const cwd = path.join(root, dir);
  const script = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')).scripts[name];
  const bins = [path.join(cwd, 'node_modules/.bin'), path.join(root, 'node_modules/.bin')];
  const run = spawnSync(script, {
    cwd,
    stdio: 'inherit',
    shell: true,
    env: { ...process.env, PATH: [...bins, process.env.PATH].join(path.delimiter) },
  });
  if (run.error) console.error(`${dir}: ${run.error.message}`);
  return run.status ?? 1;
}

for (const part of parts) {
  const stampFile = path.join(root, part.stamp);
  const wanted = fingerprint(part.inputs);
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) {
    console.log(`${part.name}: up to date (nothing changed since its last build)`);
    continue;
  }
  const status = runPackageScript(part.dir, 'build');
  if (status !== 0) process.exit(status);
  if (part.name === 'web') {
    const started = performance.now();
    const n = precompress(path.join(root, 'web/dist/client/assets'));
    console.log(`web: ${n} assets precompressed (br, gzip) in ${Math.round(performance.now() - started)} ms`);
  }
  writeFileSync(stampFile, wanted);
}
