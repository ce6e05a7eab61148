import { createHash } from 'node:crypto';
import { describeAiOutcome, readTimeMinutes, type RunAiOutcome, slugify } from '@site/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { articles, type FeedRunResult, recipes, rssRuns } from '../db/schema';
import { invalidate } from '../lib/cache/sync';
import { DEFAULT_LIMITS, type FetchLimits, fetchFeed } from './fetch-feed';
import { type FeedItem, parseFeedDocument } from './parse-feed';
import { type BudgetedWriter, budgetedWriter } from './ai-budget';
import { describeFeedError } from './feed-errors';
import { matchesKeywords } from './keywords';
import { tryRssLock } from './lock';
import { defaultRecipeWriter } from './openai-writer';
import { type RecipeWriter, themedRecipeTags } from './recipe-writer';
import { plainText } from './sanitize';
import { enabledSources, recordSourceResult } from './source-store';
import { type FeedSource, SourcesError } from './sources';
import { pictureLimits, RunPictures } from './feed-pictures';
import { cappedWarning, clipWarnings, type PictureProblem, pictureWarnings } from './feed-warnings';
import { storedBody } from '../routes/content/body-html';
import { outsideText } from '../observe/redact';

export type RunTrigger = 'schedule' | 'manual';

export interface RunOptions {
  sources?: FeedSource[];
  limits?: Partial<FetchLimits>;
  /** Picture fetches (feed-pictures.ts defaults: 10 s, an upload's 5 MB, the feed's redirect and address rules). */
  pictureLimits?: Partial<FetchLimits>;
  writer?: RecipeWriter;
  /** The AI time the whole run may spend on recipes, and one call's limit (ai-budget.ts defaults). */
  ai?: { budgetMs?: number; callTimeoutMs?: number };
  /** New items one feed may add in this run (MAX_NEW_ITEMS_PER_RUN). */
  maxNewItems?: number;
}

/**
 * New items one run imports from one feed at most, for safety (a feed's whole archive at once is
 * thousands of inserts and picture fetches). The rest come with the next runs, and the run says so.
 */
export const MAX_NEW_ITEMS_PER_RUN = 500;

export interface RunSummary {
  runId: number;
  /** `warnings`: every feed imported, but the AI failed or a feed needed repairs (see feeds and ai). */
  status: 'succeeded' | 'warnings' | 'partial' | 'failed';
  feeds: FeedRunResult[];
  articlesCreated: number;
  recipesCreated: number;
  ai: RunAiOutcome;
}

/** Runs in flight in this process, so tests and shutdown can wait for them. */
const inFlight = new WeakMap<AppDeps, Promise<unknown>>();

/** Resolves when this app's background run (if any) has finished. */
export async function rssIdle(deps: AppDeps): Promise<void> {
  await inFlight.get(deps)?.catch(() => undefined);
}

/**
 * Start an import in the background. null when a run is already going anywhere that shares the
 * database; otherwise the run's id and a promise of its summary.
 */
export async function startRssRun(
  deps: AppDeps,
  trigger: RunTrigger,
  opts: RunOptions = {},
): Promise<{ runId: number; done: Promise<RunSummary> } | null> {
  // Read the sources first: with none enabled the trigger fails, rather than recording an empty run.
  const sources = opts.sources ?? (await enabledSources(deps));
  if (!sources.length) throw new SourcesError('No RSS source is enabled. Add or enable a source first.');
  const release = await tryRssLock(deps);
  if (!release) return null;
  let runId: number;
  try {
    // Holding the lock, any "running" row left behind belongs to a process that died.
    await deps.db
      .update(rssRuns)
      .set({ status: 'failed', finishedAt: new Date(), error: 'Interrupted before it finished' })
      .where(eq(rssRuns.status, 'running'));
    const [row] = await deps.db
      .insert(rssRuns)
      .values({ trigger, status: 'running', feedsTotal: sources.length })
      .returning({ id: rssRuns.id });
    if (!row) throw new Error('Could not record the RSS run');
    runId = row.id;
  } catch (err) {
    await release();
    throw err;
  }
  const done = (async () => {
    try {
      const summary = await importAll(deps, runId, sources, opts);
      deps.metrics.rssRuns.inc({ outcome: summary.status });
      logRunOutcome(deps, trigger, summary);
      // New articles and recipes show in the lists on every instance and at the CDN.
      if (summary.articlesCreated || summary.recipesCreated)
        void invalidate(deps, ['list:articles', 'list:recipes']);
      return summary;
    } catch (err) {
      deps.metrics.rssRuns.inc({ outcome: 'failed' });
      deps.logger.error(
        { runId, trigger, status: 'failed', error: outsideText((err as Error)?.message) },
        '[rss] run failed',
      );
      await deps.db
        .update(rssRuns)
        .set({ status: 'failed', finishedAt: new Date(), error: (err as Error).message.slice(0, 500) })
        .where(eq(rssRuns.id, runId))
        .catch(() => undefined);
      throw err;
    } finally {
      await release();
    }
  })();
  inFlight.set(deps, done);
  // The outcome was logged above; a caller that does not wait must not see an unhandled rejection.
  done.catch(() => undefined);
  return { runId, done };
}

/**
 * One log line per run, manual or scheduled, whatever its outcome (issue 25): counts, the failed
 * feeds' plain words, the AI outcome with the AI service's request id. No URLs (their query strings
 * can carry tokens); names an editor typed pass the redactor.
 */
function logRunOutcome(deps: AppDeps, trigger: RunTrigger, summary: RunSummary) {
  const failed = summary.feeds.filter((f) => f.error);
  const fields = {
    runId: summary.runId,
    trigger,
    status: summary.status,
    feeds: summary.feeds.length,
    failedFeeds: failed.map((f) => ({ name: outsideText(f.name, 80), problem: f.problem ?? 'failed' })),
    feedsWithWarnings: summary.feeds.filter((f) => f.warnings?.length).length,
    articlesCreated: summary.articlesCreated,
    recipesCreated: summary.recipesCreated,
    ai: describeAiOutcome(summary.ai) ?? undefined,
    aiRequestId: summary.ai.requestId ?? undefined,
  };
  const level = summary.status === 'succeeded' ? 'info' : summary.status === 'failed' ? 'error' : 'warn';
  deps.logger[level](fields, '[rss] run finished');
}

/** Start and wait (the schedule); null when another run holds the lock. */
export async function runRssNow(deps: AppDeps, trigger: RunTrigger, opts: RunOptions = {}) {
  const started = await startRssRun(deps, trigger, opts);
  return started ? started.done : null;
}

async function importAll(
  deps: AppDeps,
  runId: number,
  sources: FeedSource[],
  opts: RunOptions,
): Promise<RunSummary> {
  const limits: FetchLimits = { ...DEFAULT_LIMITS, allowPrivate: deps.env.RSS_ALLOW_PRIVATE, ...opts.limits };
  // One budget for the whole run: a dead AI service cannot hold every themed feed in turn.
  const writer = budgetedWriter(opts.writer ?? defaultRecipeWriter(deps.env), opts.ai, deps);
  // Pictures are fetched once per address and item in the whole run (feed-pictures.ts).
  const pictures = new RunPictures(deps, pictureLimits(limits, opts.pictureLimits));
  // Feeds are fetched side by side; each one fails alone.
  const feeds = await Promise.all(
    sources.map((source) =>
      importFeed(deps, runId, source, limits, writer, pictures, opts.maxNewItems ?? MAX_NEW_ITEMS_PER_RUN),
    ),
  );
  const failed = feeds.filter((f) => f.error).length;
  const ai = writer.outcome();
  const needsALook = Boolean(ai.failure) || feeds.some((f) => f.warnings?.length);
  const status =
    failed === feeds.length ? 'failed' : failed > 0 ? 'partial' : needsALook ? 'warnings' : 'succeeded';
  const articlesCreated = feeds.reduce((n, f) => n + f.created, 0);
  const recipesCreated = feeds.reduce((n, f) => n + f.recipes, 0);
  await deps.db
    .update(rssRuns)
    .set({ status, finishedAt: new Date(), feeds, articlesCreated, recipesCreated, ai })
    .where(eq(rssRuns.id, runId));
  return { runId, status, feeds, articlesCreated, recipesCreated, ai };
}

async function importFeed(
  deps: AppDeps,
  runId: number,
  source: FeedSource,
  limits: FetchLimits,
  writer: BudgetedWriter,
  pictures: RunPictures,
  maxNewItems: number,
): Promise<FeedRunResult> {
  const result = await importFeedItems(deps, source, limits, writer, pictures, maxNewItems);
  // Appended in SQL, so feeds finishing side by side never overwrite each other: the tab follows the run.
  await deps.db
    .update(rssRuns)
    .set({ feeds: sql`${rssRuns.feeds} || ${JSON.stringify([result])}::jsonb` })
    .where(eq(rssRuns.id, runId));
  // The source's "last result" in the tab; a deleted source simply matches no row.
  if (source.id) await recordSourceResult(deps, source.id, result);
  return result;
}

async function importFeedItems(
  deps: AppDeps,
  source: FeedSource,
  limits: FetchLimits,
  writer: BudgetedWriter,
  pictures: RunPictures,
  maxNewItems: number,
): Promise<FeedRunResult> {
  const result: FeedRunResult = {
    sourceId: source.id ?? null,
    name: source.name,
    url: source.url,
    fetched: 0,
    created: 0,
    duplicates: 0,
    filtered: 0,
    recipes: 0,
    error: null,
    problem: null,
    warnings: [],
  };
  let fetched: FeedItem[];
  try {
    const feed = await parseFeedDocument(await fetchFeed(source.url, limits), source.url);
    fetched = feed.items;
    result.warnings = feed.warnings;
  } catch (err) {
    const { error, problem } = describeFeedError(err);
    return { ...result, error, problem };
  }
  result.fetched = fetched.length;
  const matching = fetched.filter((i) => matchesKeywords(i, source));
  result.filtered = fetched.length - matching.length;
  // Items already imported fetch nothing: their pictures were fetched when they were new.
  const known = await importedKeys(
    deps,
    matching.map((i) => i.key),
  );
  // Every new item, up to the cap (newest first, in the feed's order); the rest wait for the next runs.
  const fresh = matching.filter((i) => !known.has(i.key));
  const later = new Set(fresh.slice(maxNewItems));
  const items = matching.filter((i) => !later.has(i));
  if (later.size) {
    result.warnings = clipWarnings([
      cappedWarning(fresh.length - later.size, fresh.length),
      ...(result.warnings ?? []),
    ]);
  }
  // Each new item's picture is fetched (two at a time) while the items before it are inserted.
  const feedPictures = pictures.forFeed();
  const pending = new Map(
    items.map((item) => [item, known.has(item.key) ? null : feedPictures.picture(item.key, item.imageUrl)]),
  );
  const missed: Array<{ title: string; host: string; problem: PictureProblem }> = [];
  try {
    for (const item of items) {
      const picture = await pending.get(item);
      // The unique external key decides: a rerun or a racing run inserts nothing twice.
      const inserted = await deps.db
        .insert(articles)
        .values({
          slug: `${slugify(item.title) || 'news'}-${createHash('sha256').update(item.key).digest('hex').slice(0, 10)}`,
          title: item.title,
          excerpt: item.excerpt,
          category: source.category,
          // Our stored copy (issue 39 §3): readers' browsers never fetch from a feed's server.
          imageUrl: picture?.url ?? null,
          tags: [source.name],
          readTime: readTimeMinutes(item.content),
          ...storedBody(item.title, item.content, deps.env.SITE_URL),
          status: 'published',
          // No readable date: it sorts by its import time and says "date unknown", never "just now".
          publishedAt: item.publishedAt ?? new Date(),
          dateUnknown: !item.publishedAt,
          author: item.author,
          description: item.excerpt,
          source: source.name,
          url: item.url,
          isExternal: true,
          externalKey: item.key,
        })
        .onConflictDoNothing()
        .returning({ id: articles.id });
      if (inserted.length) result.created++;
      else result.duplicates++;
      if (inserted.length && picture?.problem) {
        missed.push({ title: item.title, host: hostOf(item.imageUrl), problem: picture.problem });
      }
    }
  } finally {
    // A feed that fails half-way starts no more picture fetches.
    feedPictures.stop();
  }
  if (missed.length) {
    result.warnings = clipWarnings([...(result.warnings ?? []), ...pictureWarnings(missed)]);
    logMissedPictures(deps, source, missed);
  }
  if (source.makeRecipes && items.length) {
    try {
      result.recipes = await themeRecipes(deps, source, items, writer);
    } catch (err) {
      result.error = `Recipes: ${(err as Error).message}`.slice(0, 300);
      result.problem = 'Articles imported, but the themed recipes failed';
    }
  }
  return result;
}

/** The keys of these items that are already articles. */
async function importedKeys(deps: AppDeps, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await deps.db
    .select({ key: articles.externalKey })
    .from(articles)
    .where(inArray(articles.externalKey, keys));
  return new Set(rows.map((r) => r.key).filter((k): k is string => Boolean(k)));
}

const hostOf = (url: string | null) => {
  try {
    return url ? new URL(url).host : '';
  } catch {
    return '';
  }
};

/**
 * One line per feed whose new items came without their pictures: the reasons and the pictures'
 * hosts. Never the addresses (their paths and query strings can carry tokens) nor the picture
 * servers' own words; names an editor or a feed wrote pass the redactor.
 */
function logMissedPictures(
  deps: AppDeps,
  source: FeedSource,
  missed: Array<{ host: string; problem: PictureProblem }>,
) {
  const reasons: Record<string, number> = {};
  for (const m of missed) {
    const reason = m.problem.kind === 'http-status' ? `http-${m.problem.status}` : m.problem.kind;
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  }
  deps.logger.warn(
    {
      feed: outsideText(source.name, 80),
      pictures: missed.length,
      reasons,
      hosts: [...new Set(missed.map((m) => outsideText(m.host, 100)))].slice(0, 5),
    },
    '[rss] items imported without their pictures',
  );
}

/**
 * One WWE recipe per item of a themed feed. Items whose article has no recipe yet get one, so an
 * interrupted run catches up next time; the unique source_article_id prevents doubles.
 */
async function themeRecipes(
  deps: AppDeps,
  source: FeedSource,
  items: FeedItem[],
  writer: BudgetedWriter,
): Promise<number> {
  const missing = await deps.db
    .select({ id: articles.id, title: articles.title, excerpt: articles.excerpt, url: articles.url })
    .from(articles)
    .leftJoin(recipes, eq(recipes.sourceArticleId, articles.id))
    .where(
      and(
        inArray(
          articles.externalKey,
          items.map((i) => i.key),
        ),
        isNull(recipes.id),
      ),
    );
  let made = 0;
  for (const article of missing) {
    const theme = {
      title: article.title,
      excerpt: article.excerpt,
      url: article.url ?? '',
      source: source.name,
    };
    // The run's writer falls back to the built-in one itself and checks the schema (ai-budget.ts).
    const { recipe, by } = await writer.writeTracked(theme);
    // Writers echo feed text: store it as plain text like every other feed field.
    const r = {
      ...recipe,
      title: plainText(recipe.title, 200),
      description: plainText(recipe.description, 1000),
      ingredients: recipe.ingredients.map((x) => plainText(x, 200)).filter(Boolean),
      instructions: recipe.instructions.map((x) => plainText(x, 600)).filter(Boolean),
      tags: recipe.tags.map((x) => plainText(x, 40)).filter(Boolean),
    };
    const inserted = await deps.db
      .insert(recipes)
      .values({
        title: r.title,
        description: r.description,
        prepTime: r.prepTime,
        cookTime: r.cookTime,
        servings: r.servings,
        cuisine: r.cuisine,
        difficulty: r.difficulty,
        tags: themedRecipeTags(r),
        author: `Inspired by ${source.name}`,
        ingredients: r.ingredients,
        instructions: r.instructions,
        sourceArticleId: article.id,
      })
      .onConflictDoNothing()
      .returning({ id: recipes.id });
    if (inserted.length) writer.stored(by);
    made += inserted.length;
  }
  return made;
}
