import { WWE_TAG } from '@site/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { articles, recipes, rssRuns } from '../db/schema';
import { describeSchedule, nextScheduledRun } from './schedule';
import { listSources } from './source-store';

/** Everything the RSS Feeds tab shows (spec §2), in one read. */
export async function rssStatus(deps: AppDeps) {
  const { db, env } = deps;
  const wwe = sql`${recipes.tags} @> ${JSON.stringify([WWE_TAG])}::jsonb`;
  const [total, wweCount, sports, recentArticles, recentRecipes, runs] = await Promise.all([
    db.select({ n: count() }).from(articles),
    db.select({ n: count() }).from(recipes).where(wwe),
    db.select({ n: count() }).from(articles).where(eq(articles.category, 'sports')),
    db
      .select({
        id: articles.id,
        slug: articles.slug,
        title: articles.title,
        category: articles.category,
        source: articles.source,
        isExternal: articles.isExternal,
        createdAt: articles.createdAt,
      })
      .from(articles)
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(5),
    db
      .select({ id: recipes.id, title: recipes.title, createdAt: recipes.createdAt })
      .from(recipes)
      .where(wwe)
      .orderBy(desc(recipes.createdAt), desc(recipes.id))
      .limit(3),
    db.select().from(rssRuns).orderBy(desc(rssRuns.startedAt), desc(rssRuns.id)).limit(5),
  ]);
  const sources = await listSources(deps);
  return {
    schedule: {
      cron: env.RSS_CRON,
      /** In words ("On the hour, every 6 hours (UTC)"); null when scheduled runs are off. */
      description: describeSchedule(env),
      nextRunAt: nextScheduledRun(env)?.toISOString() ?? null,
    },
    running: runs.some((r) => r.status === 'running'),
    sources,
    stats: {
      totalArticles: total[0]?.n ?? 0,
      wweRecipes: wweCount[0]?.n ?? 0,
      sportsArticles: sports[0]?.n ?? 0,
    },
    recentArticles,
    recentRecipes,
    runs,
  };
}
export type RssStatus = Awaited<ReturnType<typeof rssStatus>>;
