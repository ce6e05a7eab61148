import { defineConfig } from 'vitest/config';

// One run for the whole workspace; each package keeps its own environment.
export default defineConfig({
  test: {
    projects: ['shared', 'api', 'web', 'desktop', 'e2e'],
    // Two cores: one worker per core.
    maxWorkers: 2,
  },
});
