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
    // Per group (groups.mjs): the lib groups share modules across test files; the others isolate them.
    isolate: group.isolate ?? true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
