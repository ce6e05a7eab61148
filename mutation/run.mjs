#!/usr/bin/env node
// `pnpm test:mutation [group ...]`: each group in turn, niced, one Stryker worker per core.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { groups } from './groups.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
// --static: also the static mutants (slow; see stryker.config.mjs).
const withStatic = args.includes('--static');
const asked = args.filter((a) => a !== '--static');
const names = asked.length ? asked : Object.keys(groups);
let failed = false;
for (const name of names) {
  if (!groups[name]) {
    console.error(`Unknown group "${name}"; groups: ${Object.keys(groups).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n=== mutation group: ${name} ===`);
  const run = spawnSync(
    'nice',
    [
      '-n',
      '19',
      process.execPath,
      path.join(repo, 'node_modules/@stryker-mutator/core/bin/stryker.js'),
      'run',
      'mutation/stryker.config.mjs',
    ],
    {
      cwd: repo,
      stdio: 'inherit',
      env: {
        ...process.env,
        MUTATION_GROUP: name,
        // One test worker per Stryker process, kept from one mutant to the next (patches/README.md),
        // and one PGlite per worker, wiped between test files (api/test/helpers.ts): without them a
        // mutant paid ~1.7 s of imports and ~1 s per PGlite start before its first test. A static
        // mutant needs every module loaded again, so --static runs isolated as before.
        ...(withStatic ? { MUTATION_STATIC: '1' } : { VITEST_KEEP_WORKERS: '1', PGLITE_REUSE: '1' }),
      },
    },
  );
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
