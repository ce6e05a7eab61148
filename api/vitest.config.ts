import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // No DNS query leaves the machine: names other than localhost fail at once (test/loopback-only.ts).
    setupFiles: ['test/loopback-only.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
