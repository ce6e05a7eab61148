import { withoutRepeatedTitle } from '@site/shared';
import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { LOCK_KEYS, tryAdvisoryLock } from '../../lib/jobs/advisory-lock';
import { articles } from '../../db/schema';
import { articleBodyHtml } from '../../lib/text/html';

/**
 * Which renderer made a stored body. Bump it whenever lib/text/html.ts renders differently (markdown
 * options, the sanitiser's lists, link classes): stored bodies of an older revision are then
 * rendered on read again and re-stored by `storeMissingBodyHtml`. article-body-html.test.ts holds a
 * digest of the renderer's output per revision and fails until both are bumped together.
 */
export const BODY_HTML_REV = 3;

/**
 * The stored form of a body, for every writer of `articles.content`: rendering on write takes the
 * markdown and sanitiser pass (about 1 ms for a typical article) off every uncached read.
 */
export function bodyHtmlFields(content: string, siteUrl?: string) {
  return { contentHtml: articleBodyHtml(content, siteUrl), contentHtmlRev: BODY_HTML_REV };
}

/**
 * The body as every writer of an article stores it: without a leading heading that repeats the title
 * (the page already shows the title as its one <h1>; shared/src/helpers/article-title.ts), with its
 * rendered HTML beside it.
 */
export function storedBody(title: string, content: string, siteUrl?: string) {
  const body = withoutRepeatedTitle(title, content);
  return { content: body, ...bodyHtmlFields(body, siteUrl) };
}

/** The columns a reader selects to get the body's HTML (with `content`, for the fallback). */
export const bodyHtmlColumns = { contentHtml: articles.contentHtml, contentHtmlRev: articles.contentHtmlRev };

/** The safe HTML of a body: the stored rendering when this renderer made it, else rendered now. */
export function bodyHtml(
  row: { content: string; contentHtml: string | null; contentHtmlRev: number | null },
  siteUrl?: string,
) {
  return row.contentHtml !== null && row.contentHtmlRev === BODY_HTML_REV
    ? row.contentHtml
    : articleBodyHtml(row.content, siteUrl);
}

/**
 * Stores the rendering of every body that has none from this renderer (articles written before
 * migration 0009, by an older renderer, or by a writer that stored none), a batch at a time in id
 * order, so a restart resumes cheaply. A body edited meanwhile is left for its own writer (the
 * update matches on the content it rendered). Runs in the background after start; returns the count.
 */
export async function storeMissingBodyHtml(
  deps: Pick<AppDeps, 'db' | 'lifecycle'> & { env?: Pick<AppDeps['env'], 'SITE_URL'> },
  opts: { batch?: number } = {},
): Promise<number> {
  const batch = opts.batch ?? 200;
  let after = 0;
  let stored = 0;
  while (!deps.lifecycle.shuttingDown) {
    const rows = await deps.db
      .select({ id: articles.id, content: articles.content })
      .from(articles)
      .where(
        and(
          gt(articles.id, after),
          or(
            isNull(articles.contentHtml),
            isNull(articles.contentHtmlRev),
            ne(articles.contentHtmlRev, BODY_HTML_REV),
          ),
        ),
      )
      .orderBy(asc(articles.id))
      .limit(batch);
    if (rows.length === 0) break;
    // One commit per batch, not per article: a commit per row was most of the time on PostgreSQL.
    stored += await deps.db.transaction(async (tx) => {
      let n = 0;
      for (const row of rows) {
        const done = await tx
          .update(articles)
          .set(bodyHtmlFields(row.content, deps.env?.SITE_URL))
          .where(and(eq(articles.id, row.id), eq(articles.content, row.content)))
          .returning({ id: articles.id });
        n += done.length;
      }
      return n;
    });
    after = rows[rows.length - 1]!.id;
    // Give readers the event loop between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return stored;
}

/**
 * A background job (jobs.ts): after start, one instance (the advisory lock) stores the bodies that
 * have no rendering of this revision. Stops between batches on shutdown; the next start resumes.
 */
export async function startBodyHtmlBackfill(deps: AppDeps, opts: { vacuumAfter?: number } = {}) {
  const release = await tryAdvisoryLock(deps, LOCK_KEYS.bodyHtml);
  if (!release) return undefined;
  const started = performance.now();
  const done = storeMissingBodyHtml(deps)
    .then(async (stored) => {
      if (stored === 0) return;
      // Each stored body left a dead row version and new index entries (100,000 after migration 0009:
      // the admin search's p95 doubled until a vacuum). Do not wait for autovacuum after a big run.
      if (stored >= (opts.vacuumAfter ?? 1000)) await deps.db.execute(sql`vacuum (analyze) articles`);
      deps.logger.info(
        { stored, ms: Math.round(performance.now() - started) },
        `[content] stored the rendered body of ${stored} articles`,
      );
    })
    .catch((err: Error) =>
      deps.logger.warn({ err: err.message }, '[content] storing rendered bodies stopped'),
    )
    .finally(release);
  return () => done;
}
