import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { pickGroup } from './groups.mjs';

// The vitest run Stryker drives: one package's environment, only this group's test files.
const group = pickGroup();
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  root: path.join(repo, group.root),
  test: {
    include: group.tests,
    environment: 'node',
    // As api/vitest.config.ts: no DNS query leaves the machine (and loopback-only.test.ts checks it).
    // hook-coverage.mjs: what a file's beforeAll covers counts for each of its tests (see the file).
    setupFiles: [
      ...(group.root === 'api' ? ['test/loopback-only.ts'] : []),
      path.join(repo, 'mutation/hook-coverage.mjs'),
    ],
    // Test files share one module graph per worker, and the worker is kept from one mutant run to the
    // next (run.mjs): nothing is imported again per mutant. Static mutants need fresh modules, and so
    // does a group that says so (groups.mjs).
    isolate: process.env.MUTATION_STATIC === '1' || group.isolate === true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
