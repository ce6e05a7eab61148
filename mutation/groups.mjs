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
      // Pictures in bodies that name this server by another name (issue 40 §11).
      'api/src/lib/text/inside-address.ts',
      // XML text in the sitemaps and the RSS feed (issue 43).
      'api/src/lib/text/xml.ts',
      'api/src/lib/http/idempotency.ts',
      'api/src/lib/http/rate-limit.ts',
      'api/src/lib/http/version.ts',
      'api/src/lib/text/like.ts',
      'api/src/lib/jobs/advisory-lock.ts',
      'api/src/lib/jobs/sweep.ts',
      'api/src/lib/jobs/readers-first.ts',
    ],
    root: 'api',
    tests: [
      'test/client-ip.test.ts',
      'test/article-html.test.ts',
      // html.ts and inside-address.ts: which picture addresses a body keeps, the renderer's revision.
      'test/image-sources.test.ts',
      'test/article-body-html.test.ts',
      'test/fuzz.test.ts',
      // readers-first.ts: background work yields to readers.
      'test/readers-first.test.ts',
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
      // xml.ts: the sitemap index and files (every published article once, escaped addresses).
      'test/sitemap.test.ts',
      // It builds ApiError, SafeFetchError and the damaged-picture message as a feed picture's refusals.
      'test/rss-picture-problems.test.ts',
      // client-ip.ts by trust kind; errors.ts's reading of driver errors; xml, sweep, the canonical
      // request, isInsideHost, refuseUnsavedWrite, allowedImageSrc and body pictures by themselves.
      'test/client-ip-trust.test.ts',
      'test/database-errors.test.ts',
      'test/http-helpers.test.ts',
      // validate.ts: JSON nested too deep is a 400 with its issue, on every kind of write.
      'test/deep-json.test.ts',
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
      'test/go-live.test.ts',
      'test/stored-pages.test.ts',
      // cached-response.ts: a stored page's br bytes, or gzip made from them, by Accept-Encoding.
      'test/stored-pages-forms.test.ts',
      // write-clears.ts and sync.ts's invalidate: which keys each declaration hands on, and when.
      'test/write-clears.test.ts',
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
      // Storage calls that time out (issue 40 §5), and the storage a boot makes.
      'test/s3-outage.test.ts',
      'test/db-unreachable.test.ts',
      'test/ready.test.ts',
      // It builds ApiError, SafeFetchError and the damaged-picture message as a feed picture's refusals.
      'test/rss-picture-problems.test.ts',
      // https through the TLS agent; the late-write cleanup's waits under the test's own clock.
      'test/safe-fetch-tls.test.ts',
      'test/s3-late-write-cleanup.test.ts',
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
      'test/deep-json.test.ts',
      'test/secure-cookies.test.ts',
    ],
  },
  // Sign-in itself: better-auth's configuration, sessions, the first admin, throttles, secrets.
  auth: {
    mutate: [
      'api/src/auth/**/*.ts',
      '!api/src/auth/policy.ts',
      '!api/src/auth/role.ts',
      '!api/src/auth/invitations.ts',
      '!api/src/auth/new-account.ts',
    ],
    root: 'api',
    // anonymous-fast-path: an anonymous request never reaches better-auth (middleware.ts's fast path).
    // production-defaults: the first admin's one-use /setup/ link and the demo password refused in
    // production (first-admin.ts, setup-routes.ts, demo-password.ts); account-guessing: the sign-in
    // throttle and sign-up's time floor; foundation: the production secret's strength and
    // requireAdmin; ready: a boot's auth before the first request.
    tests: [
      'test/auth-session.test.ts',
      // auth.ts's better-auth options, each as a reader or an attacker meets it.
      'test/auth-options.test.ts',
      'test/client-ip.test.ts',
      'test/anonymous-fast-path.test.ts',
      'test/production-defaults.test.ts',
      // POST /api/setup: the one-time link's account, its 409/410/429 and the claim's lock.
      'test/first-admin-setup.test.ts',
      'test/account-guessing.test.ts',
      'test/foundation.test.ts',
      'test/ready.test.ts',
      'test/db-unreachable.test.ts',
      'test/secret-strength.test.ts',
      // two-step sign-in: auth.ts's twoFactor and bearer plugins, in that order.
      'test/two-factor.test.ts',
    ],
  },
  // The editorial team (issue 42): roles, the permission policy, invitations and new accounts. Apart
  // from `auth`: its audit, invitation and two-factor tests ran for every sign-in mutant (570 in all).
  'auth-team': {
    mutate: [
      'api/src/auth/policy.ts',
      'api/src/auth/role.ts',
      'api/src/auth/invitations.ts',
      'api/src/auth/new-account.ts',
    ],
    root: 'api',
    tests: [
      // policy.ts and role.ts: every admin route for every role, ownership, role changes.
      'test/permissions.test.ts',
      // REQUIRE_2FA_ROLES in policy.ts.
      'test/two-factor.test.ts',
      // invitations.ts and new-account.ts (issue 42 §6); can()'s audited writes.
      'test/invitations.test.ts',
      'test/audit.test.ts',
      // requireAdmin.
      'test/foundation.test.ts',
    ],
  },
  // The audit log (issue 42 §7): declarations, the write's transaction, sign-in events, retention.
  audit: {
    mutate: ['api/src/audit/**/*.ts'],
    root: 'api',
    tests: [
      'test/audit.test.ts',
      'test/audit-crash.test.ts',
      'test/invitations.test.ts',
      'test/two-factor.test.ts',
    ],
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
      // The encoder client's start-up, as the AI review's re-encode meets it.
      'test/ai.test.ts',
      // A picture's sizes job when the bucket stops answering.
      'test/s3-outage.test.ts',
      // It builds ApiError, SafeFetchError and the damaged-picture message as a feed picture's refusals.
      'test/rss-picture-problems.test.ts',
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
      // feed-pictures.ts: each refusal's kind, the limits, one fetch per address and item.
      'test/rss-picture-problems.test.ts',
      'test/rss-feed-quality.test.ts',
      'test/rss-real-feeds.test.ts',
      'test/loopback-only.test.ts',
      // sanitize.ts's inline pictures and links, as an import stores them.
      'test/rss-import.test.ts',
      // sanitize.ts's double-encoding repair (issue 44).
      'test/rss-parity.test.ts',
    ],
  },
  // A feed's bytes to items (issue 40 §17: these files had joined the folder and no group).
  'rss-parse': {
    mutate: [
      'api/src/rss/decode-feed.ts',
      'api/src/rss/repair-xml.ts',
      'api/src/rss/parse-feed.ts',
      'api/src/rss/feed-date.ts',
      'api/src/rss/feed-errors.ts',
      'api/src/rss/feed-warnings.ts',
      'api/src/rss/inline-images.ts',
      'api/src/rss/pick-image.ts',
      'api/src/rss/keywords.ts',
      'api/src/rss/urls.ts',
    ],
    root: 'api',
    tests: [
      'test/rss-fetch.test.ts',
      'test/rss-fetch-edges.test.ts',
      'test/rss-sanitize.test.ts',
      'test/rss-feed-quality.test.ts',
      'test/rss-real-feeds.test.ts',
      'test/rss-sources.test.ts',
      'test/rss-import.test.ts',
      // Issue 44: each difference from feedparser a reader saw, one fixture each.
      'test/rss-parity.test.ts',
      // The warnings' and failures' words to the letter; the pictures inside an item's HTML.
      'test/rss-feed-warnings.test.ts',
      'test/rss-inline-images.test.ts',
      // Which encoding a feed's bytes are read with: each mark, layout, label and charset.
      'test/rss-feed-encoding.test.ts',
    ],
  },
  // A run: sources, the lock, the schedule, the status editors see, the AI recipe writer and its budget.
  'rss-run': {
    mutate: [
      'api/src/rss/run.ts',
      'api/src/rss/lock.ts',
      'api/src/rss/schedule.ts',
      'api/src/rss/sources.ts',
      'api/src/rss/source-store.ts',
      'api/src/rss/status.ts',
      'api/src/rss/test-feed.ts',
      'api/src/rss/ai-budget.ts',
      'api/src/rss/openai-writer.ts',
      'api/src/rss/recipe-writer.ts',
      'api/src/rss/recipe-dishes.ts',
    ],
    root: 'api',
    tests: [
      'test/rss-import.test.ts',
      'test/rss-routes.test.ts',
      'test/rss-sources.test.ts',
      'test/rss-ai-outcomes.test.ts',
      'test/rss-ai-writer.test.ts',
      'test/rss-pictures.test.ts',
      'test/rss-feed-quality.test.ts',
      'test/rss-real-feeds.test.ts',
      'test/image-sources.test.ts',
      // A run's log lines and metrics.
      'test/observability.test.ts',
    ],
  },
};

export function pickGroup() {
  const name = process.env.MUTATION_GROUP ?? '';
  const group = groups[name];
  if (!group) throw new Error(`MUTATION_GROUP must be one of: ${Object.keys(groups).join(', ')}`);
  return { name, ...group };
}

/**
 * Files in a group's folders that no group mutates, each with the reason (api/test/mutation-groups.test.ts
 * fails on a file in those folders that is in neither place).
 */
export const unmutated = {
  'api/src/lib/cache/types.ts': 'types only: nothing in it runs, so there is nothing to mutate',
  'api/src/lib/storage/types.ts': 'types only: nothing in it runs, so there is nothing to mutate',
  'api/src/pictures/encoder.ts':
    "the encoder's child process (pictures/encoder-client.ts forks it): out of the test runner's sight, tested through the client in pictures.test.ts",
  'api/src/pictures/encode.ts':
    "sharp calls inside the encoder child process: out of the runner's sight, checked by the pictures tests and bench",
};
