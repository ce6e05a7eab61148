/**
 * Mutation-testing groups (docs/testing.md): the code whose mistakes become security or money
 * defects, each with the few test files that exercise it, so one group runs in minutes, not hours.
 * Paths are relative to the repository root.
 */
export const groups = {
  shared: {
    mutate: ['shared/src/**/*.ts', '!shared/src/**/*.test.ts'],
    root: 'shared',
    tests: ['src/**/*.test.ts'],
  },
  lib: {
    // api/src/security/** is the Origin and CSP code; the glob picks it up once it exists.
    mutate: ['api/src/lib/**/*.ts', 'api/src/security/**/*.ts'],
    root: 'api',
    tests: [
      'test/client-ip.test.ts',
      'test/article-html.test.ts',
      'test/upload-limits.test.ts',
      'test/public-cache.test.ts',
      'test/compression.test.ts',
      'test/contact.test.ts',
      'test/api-errors.test.ts',
      // The Origin and CSP tests, once they land.
      'test/security*.test.ts',
      'test/*origin*.test.ts',
      'test/*csp*.test.ts',
    ],
  },
  auth: {
    mutate: ['api/src/auth/**/*.ts'],
    root: 'api',
    tests: ['test/auth-session.test.ts', 'test/client-ip.test.ts'],
  },
  uploads: {
    mutate: ['api/src/uploads/**/*.ts'],
    root: 'api',
    tests: ['test/upload.test.ts', 'test/upload-limits.test.ts'],
  },
  rss: {
    mutate: ['api/src/rss/fetch-feed.ts', 'api/src/rss/sanitize.ts'],
    root: 'api',
    tests: ['test/rss-fetch.test.ts', 'test/rss-fetch-edges.test.ts', 'test/rss-sanitize.test.ts'],
  },
};

export function pickGroup() {
  const name = process.env.MUTATION_GROUP ?? '';
  const group = groups[name];
  if (!group) throw new Error(`MUTATION_GROUP must be one of: ${Object.keys(groups).join(', ')}`);
  return { name, ...group };
}
