import { and, asc, eq, gt, like, not, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { articles } from '../db/schema';
import { invalidate } from '../lib/cache/sync';
import { backfillDone, backfillFinished } from '../pictures/backfill';
import { DEFAULT_LIMITS } from './fetch-feed';
import { pictureLimits, RunPictures } from './feed-pictures';

const BATCH = 100;

/**
 * Articles imported before feed pictures were ours still name a feed's server as their picture, so
 * every reader's browser contacts it (issue 39 §3). The `picture-backfill` job, once a start until it
 * finds none, fetches each such picture as a new import would (the safe fetch, an upload's checks,
 * its sizes) and points the article at our copy; a picture that cannot be had is dropped, as a new
 * import drops it. Returns how many articles changed.
 */
export async function backfillFeedPictures(deps: AppDeps): Promise<number> {
  if (await backfillDone(deps, 'feed-pictures')) return 0;
  const ours = `${deps.env.SITE_URL}/uploads/%`;
  const pictures = new RunPictures(
    deps,
    pictureLimits({ ...DEFAULT_LIMITS, allowPrivate: deps.env.RSS_ALLOW_PRIVATE }),
  );
  let changed = 0;
  let after = 0;
  for (;;) {
    if (deps.lifecycle.shuttingDown) return changed;
    const rows = await deps.db
      .select({ id: articles.id, imageUrl: articles.imageUrl })
      .from(articles)
      .where(
        and(
          eq(articles.isExternal, true),
          gt(articles.id, after),
          sql`${articles.imageUrl} ~ '^https?://'`,
          not(like(articles.imageUrl, ours)),
        ),
      )
      .orderBy(asc(articles.id))
      .limit(BATCH);
    if (!rows.length) break;
    after = rows[rows.length - 1]?.id ?? after;
    const feed = pictures.forFeed();
    const results = await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        picture: await feed.picture(`article:${row.id}`, row.imageUrl),
      })),
    );
    for (const { id, picture } of results) {
      await deps.db
        .update(articles)
        .set({ imageUrl: picture?.url ?? null })
        .where(eq(articles.id, id));
    }
    changed += results.length;
    await invalidate(deps, ['list:articles', ...results.map((r) => `article:${r.id}`)]);
    const kept = results.filter((r) => r.picture?.url).length;
    deps.logger.info(
      { stored: kept, dropped: results.length - kept },
      `[pictures] ${kept} feed pictures stored as ours, ${results.length - kept} that could not be had dropped`,
    );
  }
  await backfillFinished(deps, 'feed-pictures', changed);
  return changed;
}
