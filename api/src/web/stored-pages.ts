import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { articles, pageBuilds, storedPages } from '../db/schema';
import { isPublic } from '../db/schema/content';
import type { Env } from '../env';
import type { CachedEntry } from '../lib/cache/cache';
import { brotliOptions, withEncodedForm } from '../lib/cache/cached-response';
import { LOCK_KEYS, tryAdvisoryLock } from '../lib/jobs/advisory-lock';
import { BODY_HTML_REV } from '../routes/content/body-html';
import { publicCacheControl } from '../lib/cache/cdn';
import { ALL, keyHeaders } from '../lib/cache/surrogate-keys';
import { pagesToFill, pruneStoredPages } from './stored-pages-bound';

/**
 * Article pages stored when written (DESIGN.md §8). An anonymous article page is rendered once, when
 * its article is published or changed (or on its first miss), and kept brotli-compressed in PostgreSQL
 * where every instance reads it: a page miss then costs one indexed read instead of a render. The
 * store holds the pages readers read (stored-pages-bound.ts), not the whole archive.
 *
 * What could make a stored page wrong, and what keeps it right:
 * - its article, or an article it shows as related, changes: the write's surrogate keys mark every
 *   page showing them stale (`markPagesStale`, before the other instances are told), a stale page is
 *   never served, and the writing instance renders it again at once (`refreshStoredPages`);
 * - time passing: the page holds absolute dates only ("3 days ago" is made in the browser);
 * - new articles: related articles are the two published just before it, which later articles do
 *   not change (GET /api/content/:identifier/related);
 * - a new web build (asset names, templates): pages are served only to instances of the build that
 *   rendered them; the newest build's instances render the rest again in the background;
 * - a render racing a write: a render started before an invalidation of a key it shows is not stored.
 * Signed-in readers, previews and anything not public are never stored.
 */

/**
 * What the API answers an article page's reads (the article, its related articles) in a form a stored
 * page keeps. Bump it when those answers change (fields, formats): stored pages of the previous
 * revision are then rendered again, as after a new web build. stored-pages.test.ts holds a digest of
 * the answers per revision and fails until both are bumped together.
 */
export const PAGE_STORE_REV = 2;

/**
 * How a row holds its page: `br` (the `br` column). Releases before it wrote `gzip` rows; the name
 * keeps them apart, so an instance of either, during a rolling restart, never reads or overwrites a
 * row of the other's form (the same web build would otherwise share the rows).
 */
const STORE_FORM = 'br';

/**
 * The build a stored page belongs to: the web build, the body renderer's and this store's revisions,
 * the form its bytes are kept in, and the settings a page prints (SITE_URL in its canonical and
 * social links, BRAND_NAME in its title).
 */
export function storeBuild(webBuild: string, env: Pick<Env, 'SITE_URL' | 'BRAND_NAME'>) {
  const site = createHash('sha256').update(`${env.SITE_URL}\0${env.BRAND_NAME}`).digest('hex').slice(0, 8);
  return `${webBuild}.b${BODY_HTML_REV}.p${PAGE_STORE_REV}.${STORE_FORM}.s${site}`;
}

const ARTICLE_PAGE = /^\/(?:content\/([^/]+)|article\/(\d{1,9}))$/;
const brotliAsync = promisify(brotliCompress);
const packedPages = new WeakMap<CachedEntry, Uint8Array<ArrayBuffer>>();

/**
 * A render's brotli form (cached-response.ts's quality), made once and kept with the entry: the reader
 * whose miss stores the page is answered with the bytes the store keeps, instead of compressing twice.
 * Synchronous, as every answer is compressed on the request path (cached-response.ts says why).
 */
export function brotliForm(page: CachedEntry): Uint8Array<ArrayBuffer> {
  let packed = packedPages.get(page);
  if (!packed) {
    packed = new Uint8Array(brotliCompressSync(page.body, brotliOptions(page.body.byteLength)));
    packedPages.set(page, packed);
    withEncodedForm(page, 'br', packed);
  }
  return packed;
}

/** Whether this path is an article page the store keeps. */
export function storedPagePath(env: Pick<Env, 'STORED_PAGES'>, pathname: string): boolean {
  return env.STORED_PAGES && ARTICLE_PAGE.test(pathname);
}

/** The canonical path of an article's page (what the background job renders). */
export const articlePagePath = (slug: string) => `/content/${encodeURIComponent(slug)}`;

export type StoredRender = { page: CachedEntry & { shared: boolean }; build: string };
interface PageRenderer {
  /** Renders a page for everyone (anonymous, no cookie); null when the web app is not built. */
  render(path: string): Promise<StoredRender | null>;
  /** The web build this instance serves, or null when it is not built. */
  build(): Promise<string | null>;
}
const renderers = new WeakMap<AppDeps, PageRenderer>();

/** web/ssr.ts: how this app renders pages for the store. */
export function registerPageRenderer(deps: AppDeps, renderer: PageRenderer) {
  renderers.set(deps, renderer);
}

/** The headers of a public page showing `keys`: the same a fresh render sends (web/ssr.ts). */
export function publicPageHeaders(env: AppDeps['env'], keys: readonly string[]): [string, string][] {
  return [
    ['content-type', 'text/html; charset=UTF-8'],
    ['vary', 'Cookie'],
    ['cache-control', publicCacheControl(env)],
    ...keyHeaders(keys),
  ];
}

const NEWEST_BUILD_TTL_MS = 30_000;
const builds = new WeakMap<AppDeps, { build: string; newest: boolean; at: number; registered: boolean }>();

/**
 * Only instances of the newest web build write stored pages: during a rolling restart the old ones
 * keep rendering for themselves (their asset names are not the new build's) instead of overwriting.
 */
async function isNewestBuild(deps: AppDeps, build: string): Promise<boolean> {
  const known = builds.get(deps);
  if (known?.build === build && Date.now() - known.at < NEWEST_BUILD_TTL_MS) return known.newest;
  if (!(known?.build === build && known.registered)) {
    await deps.db.insert(pageBuilds).values({ build }).onConflictDoNothing();
  }
  const [newest] = await deps.db
    .select({ build: pageBuilds.build })
    .from(pageBuilds)
    .orderBy(sql`${pageBuilds.firstSeen} desc`, sql`${pageBuilds.build} desc`)
    .limit(1);
  const result = newest?.build === build;
  builds.set(deps, { build, newest: result, at: Date.now(), registered: true });
  return result;
}

/** A stored page as a cached entry: its brotli bytes go out as they are to clients that pick br. */
function storedEntry(env: AppDeps['env'], keys: string[], br: Uint8Array): CachedEntry {
  const bytes = new Uint8Array(br.byteLength);
  bytes.set(br);
  const body = new Uint8Array(brotliDecompressSync(bytes));
  return withEncodedForm({ status: 200, headers: publicPageHeaders(env, keys), keys, body }, 'br', bytes);
}

/**
 * The stored page for `path` from this build, if it is there and not stale; and the database's time,
 * which a render that follows a miss needs for `savePage` (one round trip for both).
 */
export async function readStoredPage(
  deps: AppDeps,
  path: string,
  build: string,
): Promise<{ entry: CachedEntry | null; now: Date }> {
  const result = (await deps.db.execute(sql`
    select now() as now, p.keys, p.stale, case when not p.stale then p.br end as br from (select 1) one
    left join ${storedPages} p on p.path = ${path} and p.build = ${build}`)) as unknown as {
    rows: Array<{ now: unknown; keys: string[] | null; stale: boolean | null; br: Uint8Array | null }>;
  };
  const row = result.rows[0];
  const now = new Date(String(row?.now ?? new Date().toISOString()));
  deps.metrics.pageStore.inc({ result: row?.stale ? 'stale' : row?.br ? 'hit' : 'miss' });
  return { entry: row?.br && row.keys ? storedEntry(deps.env, row.keys, row.br) : null, now };
}

/** The article a page path names, if it is public (the row a stored page belongs to). */
async function articleOf(deps: AppDeps, path: string): Promise<number | null> {
  const m = ARTICLE_PAGE.exec(path);
  if (!m) return null;
  const identifier = decodeURIComponent(m[1] ?? m[2] ?? '');
  const byId = /^\d{1,9}$/.test(identifier);
  const rows = (await deps.db.execute(
    byId
      ? sql`select id from articles where id = ${Number(identifier)}`
      : sql`select id from articles where slug = ${identifier}`,
  )) as unknown as { rows: Array<{ id: number }> };
  return rows.rows[0]?.id ?? null;
}

/**
 * Keep a render: its br form (the reader's, brotliForm, when a reader's miss made it; else compressed
 * in zlib's pool, so the background refill leaves the event loop to readers: bench/refill.ts at 10,000,
 * a synchronous brotli here cost the readers 13-15% of their requests a second) and upsert it,
 * unless a write invalidated one of its keys after the render began (its data may predate the write)
 * or this is not the newest build. Never throws: a page that is not stored is rendered again on its
 * next miss.
 */
export async function savePage(
  deps: AppDeps,
  path: string,
  page: CachedEntry,
  build: string,
  renderStartedAt: Date,
): Promise<boolean> {
  if (!(await isNewestBuild(deps, build))) return false;
  const articleId = await articleOf(deps, path);
  if (articleId === null) return false;
  const keys = [...(page.keys ?? [])];
  const packed =
    packedPages.get(page) ??
    new Uint8Array(await brotliAsync(page.body, brotliOptions(page.body.byteLength)));
  const raced = sql`exists (select 1 from page_invalidations i where i.key = any(${sql.param(keys)}::text[]) and i.at >= ${renderStartedAt.toISOString()}::timestamptz)`;
  const result = (await deps.db.execute(sql`
    insert into ${storedPages} (path, article_id, build, keys, stale, br, rendered_at)
    select ${path}, ${articleId}, ${build}, ${sql.param(keys)}::text[], false, ${packed}, now()
    where not ${raced}
    on conflict (path) do update set article_id = excluded.article_id, build = excluded.build,
      keys = excluded.keys, stale = false, br = excluded.br, gzip = null, rendered_at = excluded.rendered_at
    where not ${raced}`)) as unknown as { rowCount?: number | null; affectedRows?: number };
  const stored = (result.rowCount ?? result.affectedRows ?? 0) > 0;
  if (stored) deps.metrics.pageStoreRefills.inc();
  return stored;
}

/** From the request path (web/ssr.ts): store a fresh render without holding up its answer. */
export function storeRenderedPage(
  deps: AppDeps,
  path: string,
  page: CachedEntry,
  build: string,
  renderStartedAt: Date,
) {
  savePage(deps, path, page, build, renderStartedAt).catch((err: unknown) =>
    deps.logger.warn({ err }, '[pages] could not store a rendered page'),
  );
}

/**
 * A write changed what `keys` name: every stored page showing one of them is stale from now on, and
 * renders begun before now are not stored. Runs before the other instances are told (lib/cache/sync.ts),
 * so none of them reads the old page back from the store after clearing its own copy.
 */
export async function markPagesStale(deps: AppDeps, keys: readonly string[]) {
  if (!deps.env.STORED_PAGES || keys.length === 0) return;
  const all = keys.includes(ALL);
  await deps.db.transaction(async (tx) => {
    await tx.execute(
      all
        ? sql`update ${storedPages} set stale = true where not stale`
        : sql`update ${storedPages} set stale = true where keys && ${sql.param([...keys])}::text[] and not stale`,
    );
    // The clock the renders compare with is the database's (one for every instance).
    await tx.execute(sql`
      insert into page_invalidations (key, at) select k, now() from unnest(${sql.param([...keys])}::text[]) k
      on conflict (key) do update set at = excluded.at`);
  });
}

/** The database's time: when a render begins, for the race check of `savePage`. */
export async function databaseNow(deps: AppDeps): Promise<Date> {
  const rows = (await deps.db.execute(sql`select now() as now`)) as unknown as {
    rows: Array<{ now: unknown }>;
  };
  return new Date(String(rows.rows[0]?.now ?? new Date().toISOString()));
}

const refreshing = new WeakMap<AppDeps, { again: boolean; ids: Set<number>; done: Promise<void> }>();

/**
 * After a write (lib/cache/sync.ts): render again, on this instance, the stale pages and the pages of the
 * articles the write named (a newly published one has none yet). Unpublished or deleted articles'
 * pages are dropped. One pass at a time per instance; a write during a pass asks for another.
 */
export function refreshStoredPages(deps: AppDeps, keys: readonly string[]) {
  if (!deps.env.STORED_PAGES || !renderers.has(deps)) return Promise.resolve();
  const ids = keys.flatMap((k) => (/^article:\d+$/.test(k) ? [Number(k.slice(8))] : []));
  const running = refreshing.get(deps);
  if (running) {
    running.again = true;
    for (const id of ids) running.ids.add(id);
    return running.done;
  }
  const state = { again: false, ids: new Set(ids), done: Promise.resolve() };
  state.done = (async () => {
    try {
      do {
        state.again = false;
        const named = [...state.ids];
        state.ids.clear();
        await refreshPass(deps, named);
      } while (state.again && !deps.lifecycle.shuttingDown);
    } catch (err) {
      deps.logger.warn({ err }, '[pages] refreshing stored pages stopped');
    } finally {
      refreshing.delete(deps);
    }
  })();
  refreshing.set(deps, state);
  return state.done;
}

/** Resolves once a refresh pass running on this instance has stopped (it stops between pages on shutdown). */
export function storedPagesIdle(deps: AppDeps): Promise<void> {
  return refreshing.get(deps)?.done ?? Promise.resolve();
}

const REFRESH_BATCH = 50;

async function refreshPass(deps: AppDeps, articleIds: number[]) {
  const paths = new Set<string>();
  if (articleIds.length) {
    const rows = (await deps.db.execute(
      sql`select slug from articles where id = any(${sql.param(articleIds)}::int[])`,
    )) as unknown as { rows: Array<{ slug: string }> };
    for (const r of rows.rows) paths.add(articlePagePath(r.slug));
  }
  for (;;) {
    const stale = (await deps.db.execute(
      sql`select path from ${storedPages} where stale limit ${REFRESH_BATCH}`,
    )) as unknown as { rows: Array<{ path: string }> };
    for (const r of stale.rows) paths.add(r.path);
    if (paths.size === 0 || deps.lifecycle.shuttingDown) return;
    for (const path of paths) {
      if (deps.lifecycle.shuttingDown) return;
      await renderAndStore(deps, path);
    }
    paths.clear();
    if (stale.rows.length < REFRESH_BATCH) return;
  }
}

/** Render one path for everyone and store it, or drop what the store holds for it. */
export async function renderAndStore(deps: AppDeps, path: string): Promise<'stored' | 'dropped' | 'skipped'> {
  const renderer = renderers.get(deps);
  if (!renderer) return 'skipped';
  const started = await databaseNow(deps);
  const made = await renderer.render(path);
  if (!made) return 'skipped';
  if (made.page.status === 200 && made.page.shared) {
    return (await savePage(deps, path, made.page, made.build, started)) ? 'stored' : 'skipped';
  }
  // Gone (unpublished, deleted, renamed): nothing to serve from the store.
  await deps.db.delete(storedPages).where(eq(storedPages.path, path));
  return 'dropped';
}

const BACKFILL_BATCH = 100;

/**
 * Fresh planner statistics for the missing-page query (pagesToFill) and the prune. Filled from empty,
 * the table still looks empty to PostgreSQL until autovacuum analyzes it (never, where autovacuum is
 * off), and the anti-join then compared every article with every stored page: 266 s of a core at
 * 98,000 pages, where it takes 0.45 s once analyzed. Sampled columns only; ~0.1 s at 100,000 pages.
 * Run when a fill starts and when it ends.
 */
async function analyzeStore(deps: AppDeps) {
  await deps.db.execute(sql`analyze ${storedPages} (article_id, build, stale)`);
}

/**
 * Stores the page of every article in the store's bound (stored-pages-bound.ts: read or published
 * in the last STORED_PAGES_DAYS) that has none from this build, most read first, then newest, a page
 * at a time between readers' requests; then renders the stale ones again and prunes the pages
 * outside the bound. After a deploy of a new build this renders those pages again while the site
 * goes on rendering misses itself. Stops on shutdown; the next start resumes. Answers how many pages
 * it stored.
 */
export async function storeMissingPages(deps: AppDeps): Promise<number> {
  const renderer = renderers.get(deps);
  const build = await renderer?.build();
  if (!renderer || !build || !(await isNewestBuild(deps, build))) return 0;
  let stored = 0;
  await analyzeStore(deps);
  const order = await pagesToFill(deps, build);
  for (let at = 0; at < order.length && !deps.lifecycle.shuttingDown; at += BACKFILL_BATCH) {
    const ids = order.slice(at, at + BACKFILL_BATCH);
    // Still public, and still missing: a miss or a write may have stored it since the list was taken.
    const rows = (await deps.db.execute(sql`
      select ${articles.id} as id, ${articles.slug} as slug from ${articles}
      where ${articles.id} = any(${sql.param(ids)}::int[]) and ${isPublic()}
        and not exists (select 1 from ${storedPages} p where p.article_id = ${articles.id} and p.build = ${build} and not p.stale)`)) as unknown as {
      rows: Array<{ id: number; slug: string }>;
    };
    const slugs = new Map(rows.rows.map((r) => [Number(r.id), r.slug]));
    for (const id of ids) {
      const slug = slugs.get(id);
      if (slug === undefined) continue;
      if (deps.lifecycle.shuttingDown) break;
      if ((await renderAndStore(deps, articlePagePath(slug))) === 'stored') stored++;
      // Readers first: one page, then whatever requests are waiting.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (deps.lifecycle.shuttingDown) return stored;
  await pruneStoredPages(deps);
  await refreshPass(deps, []);
  await analyzeStore(deps);
  await deps.db.execute(sql`delete from page_invalidations where at < now() - interval '1 hour'`);
  return stored;
}

/** The background job (jobs.ts): one instance at a time stores the missing pages after it starts. */
export async function startStoredPagesBackfill(deps: AppDeps) {
  if (!deps.env.STORED_PAGES) return undefined;
  const release = await tryAdvisoryLock(deps, LOCK_KEYS.storedPages);
  if (!release) return undefined;
  const started = performance.now();
  const done = storeMissingPages(deps)
    .then((stored) => {
      if (deps.lifecycle.shuttingDown) return;
      deps.logger.info(
        { stored, ms: Math.round(performance.now() - started) },
        // bench/long-tail-run.ts waits for this line's start.
        `[pages] every public article's page is stored (of those read or published in the last ${deps.env.STORED_PAGES_DAYS} days; ${stored} rendered now)`,
      );
    })
    .catch((err: unknown) => deps.logger.warn({ err }, '[pages] storing article pages stopped'))
    .finally(release);
  return () => done;
}
