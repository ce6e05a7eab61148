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
  concurrency: 1,
  coverageAnalysis: 'perTest',
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress-append-only', 'json'],
  jsonReporter: { fileName: `reports/mutation/${group.name}.json` },
  thresholds: { high: 90, low: 85, break: null },
  // Not incremental: after a new test file, 9.6.1 reused stale "Survived" results for static mutants.
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
