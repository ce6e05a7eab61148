/**
 * Mutation-testing groups (docs/testing.md): the code whose mistakes become security or money
 * defects, each with the few test files that exercise it, so one group runs in minutes, not hours.
 * Paths are relative to the repository root.
 */
export const groups = {
  shared: {
    // Its zod test loads modules with and without a document: each file needs fresh modules.
    isolate: true,
    mutate: ['shared/src/**/*.ts', '!shared/src/**/*.test.ts'],
    root: 'shared',
    tests: ['src/**/*.test.ts'],
  },
  // api/src/lib and api/src/security in four groups, each with the tests that reach its files over
  // HTTP: one group of ~900 mutants ran every cache test for every error-message mutant.
  'lib-http': {
    mutate: [
      'api/src/lib/http/client-ip.ts',
      'api/src/lib/http/error-response.ts',
      'api/src/lib/http/errors.ts',
      'api/src/lib/http/validate.ts',
      'api/src/lib/text/html.ts',
      'api/src/lib/http/idempotency.ts',
      'api/src/lib/http/rate-limit.ts',
      'api/src/lib/http/version.ts',
      'api/src/lib/text/like.ts',
      'api/src/lib/jobs/advisory-lock.ts',
      'api/src/lib/jobs/sweep.ts',
    ],
    root: 'api',
    tests: [
      'test/client-ip.test.ts',
      'test/article-html.test.ts',
      'test/api-errors.test.ts',
      'test/contact.test.ts',
      'test/idempotency.test.ts',
      // lib/http/version.ts: the 409 on a stale save of a product or recipe.
      'test/stale-saves.test.ts',
      'test/article-bulk-and-conflict.test.ts',
      'test/admin-lists.test.ts',
      'test/rss-import.test.ts',
      // error-response.ts: database errors mapped by SQLSTATE, every error logged; rate-limit.ts: the
      // CSP report and reading-beacon limits. Run with TEST_DATABASE_URL set: the advisory lock, the
      // rate-limit counter and the SQLSTATE paths differ on PostgreSQL.
      'test/hostile-input.test.ts',
      'test/observability.test.ts',
      'test/csp.test.ts',
      'test/insights-reads.test.ts',
      // rate-limit.ts, idempotency.ts and sweep.ts: expired rows dropped, only their own kind's.
      'test/expired-rows.test.ts',
    ],
  },
  'lib-cache': {
    mutate: [
      'api/src/lib/cache/cache.ts',
      'api/src/lib/cache/cached-response.ts',
      'api/src/lib/cache/fast-path.ts',
      'api/src/lib/cache/sync.ts',
      'api/src/lib/cache/cdn.ts',
      'api/src/lib/cache/surrogate-keys.ts',
      'api/src/lib/cache/write-clears.ts',
      'api/src/lib/cache/accept-encoding.ts',
    ],
    root: 'api',
    tests: [
      'test/public-cache.test.ts',
      'test/anonymous-fast-path.test.ts',
      'test/cdn-headers.test.ts',
      'test/cache-sync.test.ts',
      'test/cache-memory.test.ts',
      'test/compression.test.ts',
      'test/write-declarations.test.ts',
    ],
  },
  'lib-fetch-storage': {
    mutate: [
      'api/src/lib/http/safe-fetch.ts',
      'api/src/lib/storage/storage.ts',
      'api/src/lib/storage/s3-storage.ts',
    ],
    root: 'api',
    tests: [
      'test/upload-limits.test.ts',
      'test/s3-storage.test.ts',
      'test/link-health.test.ts',
      'test/rss-fetch-edges.test.ts',
      'test/rss-fetch.test.ts',
    ],
  },
  // The Origin, CSP, control-character and early-answer gates (issue 13).
  security: {
    mutate: ['api/src/security/**/*.ts'],
    root: 'api',
    tests: [
      'test/origin.test.ts',
      'test/csp.test.ts',
      'test/hostile-input.test.ts',
      'test/early-answers.test.ts',
      'test/open-redirect.test.ts',
    ],
  },
  auth: {
    mutate: ['api/src/auth/**/*.ts'],
    root: 'api',
    // anonymous-fast-path: an anonymous request never reaches better-auth (middleware.ts's fast path).
    tests: ['test/auth-session.test.ts', 'test/client-ip.test.ts', 'test/anonymous-fast-path.test.ts'],
  },
  uploads: {
    // pictures/ (issue 39): storing an original, its sizes, the backfill, failures for admins. The
    // encoder itself (encoder.ts, encode.ts) runs in a child process, out of the runner's sight.
    mutate: [
      'api/src/uploads/**/*.ts',
      'api/src/pictures/**/*.ts',
      '!api/src/pictures/encoder.ts',
      '!api/src/pictures/encode.ts',
    ],
    root: 'api',
    // s3-storage: the content type an upload is stored with (local files are served by extension).
    tests: [
      'test/upload.test.ts',
      'test/upload-limits.test.ts',
      'test/s3-storage.test.ts',
      'test/pictures.test.ts',
    ],
  },
  rss: {
    mutate: [
      'api/src/rss/fetch-feed.ts',
      'api/src/rss/sanitize.ts',
      // Feed pictures fetched and stored as ours (issue 39 §3), and the backfill of older imports.
      'api/src/rss/feed-pictures.ts',
      'api/src/rss/picture-backfill.ts',
    ],
    root: 'api',
    tests: [
      'test/rss-fetch.test.ts',
      'test/rss-fetch-edges.test.ts',
      'test/rss-sanitize.test.ts',
      'test/rss-pictures.test.ts',
    ],
  },
};

export function pickGroup() {
  const name = process.env.MUTATION_GROUP ?? '';
  const group = groups[name];
  if (!group) throw new Error(`MUTATION_GROUP must be one of: ${Object.keys(groups).join(', ')}`);
  return { name, ...group };
}
