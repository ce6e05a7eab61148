import type { AnyArticleCategory, RssSourceInput } from '@site/shared';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { type FeedRunResult, rssSettings, rssSources } from '../db/schema';
import { type FeedSource, loadSources } from './sources';

const SEEDED = 'sources-seeded';

/**
 * First start on a database: store RSS_SOURCES (or the 7 defaults) as the editable sources. A flag
 * row makes it happen once, also with several instances starting together, and deleting every
 * source later does not bring the defaults back. A bad RSS_SOURCES file stops that first start.
 */
export async function seedRssSources(deps: Pick<AppDeps, 'db' | 'env'>): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(rssSettings)
      .values({ key: SEEDED })
      .onConflictDoNothing()
      .returning({ key: rssSettings.key });
    if (!claimed.length) return 0;
    // Read only when seeding: once the sources live in the database the file no longer matters.
    // A bad file throws here, rolling the flag back with the rest.
    const sources = loadSources(deps.env);
    const rows = await tx
      .insert(rssSources)
      .values(
        sources.map((s) => ({
          name: s.name,
          url: s.url,
          category: s.category,
          makeRecipes: s.makeRecipes,
          includeKeywords: s.includeKeywords ?? [],
          excludeKeywords: s.excludeKeywords ?? [],
        })),
      )
      .onConflictDoNothing()
      .returning({ id: rssSources.id });
    return rows.length;
  });
}

export type RssSourceRow = typeof rssSources.$inferSelect;

export const listSources = (deps: Pick<AppDeps, 'db'>) =>
  deps.db.select().from(rssSources).orderBy(asc(rssSources.id));

/** What a scheduled or manual run imports: the enabled sources. */
export async function enabledSources(deps: Pick<AppDeps, 'db'>): Promise<FeedSource[]> {
  const rows = await deps.db
    .select()
    .from(rssSources)
    .where(eq(rssSources.enabled, true))
    .orderBy(asc(rssSources.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: r.url,
    category: r.category as AnyArticleCategory,
    makeRecipes: r.makeRecipes,
    includeKeywords: r.includeKeywords,
    excludeKeywords: r.excludeKeywords,
  }));
}

export const sourceValues = (input: Required<RssSourceInput>) => ({
  name: input.name,
  url: input.url,
  category: input.category,
  enabled: input.enabled,
  makeRecipes: input.makeRecipes,
  includeKeywords: input.includeKeywords,
  excludeKeywords: input.excludeKeywords,
});

/** A feed's outcome becomes its source's "last result" in the tab. */
export async function recordSourceResult(deps: Pick<AppDeps, 'db'>, sourceId: number, r: FeedRunResult) {
  await deps.db
    .update(rssSources)
    .set({
      lastRunAt: new Date(),
      lastFetched: r.fetched,
      lastCreated: r.created,
      lastError: r.error,
      lastProblem: r.problem ?? null,
      lastWarnings: r.warnings ?? [],
    })
    .where(eq(rssSources.id, sourceId));
}
