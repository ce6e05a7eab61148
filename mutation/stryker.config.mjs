import { pickGroup } from './groups.mjs';

const group = pickGroup();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'mutation/vitest.config.mts', related: false },
  mutate: group.mutate,
  // pnpm's per-package node_modules do not survive Stryker's sandbox copy; mutate the checkout
  // itself (Stryker restores every file when it ends, even on Ctrl+C).
  inPlace: true,
  // vitest strips types without checking them, so mutants need no `// @ts-nocheck`; adding it to every
  // file of the checkout (Stryker's default) only churned the working tree while a run was going.
  disableTypeChecks: false,
  // Stryker's default: one worker per core (cores - 1 above 4). It runs under `nice -n 19` (run.mjs), so
  // other work on the machine still comes first; MUTATION_CONCURRENCY=1 leaves a core free.
  ...(process.env.MUTATION_CONCURRENCY ? { concurrency: Number(process.env.MUTATION_CONCURRENCY) } : {}),
  // Static mutants (module-level code: route tables, constants) are each tested by re-loading every
  // module and running every test of the group: in auth they were 41% of the mutants and 79% of the
  // time. They are left out unless MUTATION_STATIC=1 (`pnpm test:mutation --static`), which a full
  // run before a release should use; docs/testing.md says which figures include them.
  ignoreStatic: process.env.MUTATION_STATIC !== '1',
  coverageAnalysis: 'perTest',
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress-append-only', 'json'],
  jsonReporter: { fileName: `reports/mutation/${group.name}.json` },
  thresholds: { high: 90, low: 85, break: null },
  // Not incremental: after a new test file, 9.6.1 reused stale "Survived" results for static mutants.
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
