#!/usr/bin/env node
// `pnpm test:mutation [group ...]`: each group in turn, niced, one Stryker worker (2 shared cores).
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
      env: { ...process.env, MUTATION_GROUP: name, ...(withStatic ? { MUTATION_STATIC: '1' } : {}) },
    },
  );
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
