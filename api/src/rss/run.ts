import { createHash } from 'node:crypto';
import { slugify, readTimeMinutes } from '@site/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { AppDeps } from '../context';
import { articles, type FeedRunResult, recipes, rssRuns } from '../db/schema';
import { DEFAULT_LIMITS, type FetchLimits, fetchFeed } from './fetch-feed';
import { type FeedItem, parseFeed } from './parse-feed';
import {
  builtInRecipeWriter,
  type RecipeWriter,
  themedRecipeSchema,
  themedRecipeTags,
} from './recipe-writer';
import { type FeedSource, loadSources } from './sources';
import { tryRssLock } from './lock';
import { defaultRecipeWriter } from './openai-writer';
import { plainText } from './sanitize';

export type RunTrigger = 'schedule' | 'manual';

export interface RunOptions {
  sources?: FeedSource[];
  limits?: Partial<FetchLimits>;
  writer?: RecipeWriter;
}

export interface RunSummary {
  runId: number;
  status: 'succeeded' | 'partial' | 'failed';
  feeds: FeedRunResult[];
  articlesCreated: number;
  recipesCreated: number;
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
  // Read the sources first: a broken RSS_SOURCES file fails the trigger, not a half-run.
  const sources = opts.sources ?? loadSources(deps.env);
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
      .values({ trigger, status: 'running' })
      .returning({ id: rssRuns.id });
    if (!row) throw new Error('Could not record the RSS run');
    runId = row.id;
  } catch (err) {
    await release();
    throw err;
  }
  const done = (async () => {
    try {
      return await importAll(deps, runId, sources, opts);
    } catch (err) {
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
  done.catch((err) => console.error('[rss] run failed:', err));
  return { runId, done };
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
  const writer = opts.writer ?? defaultRecipeWriter(deps.env);
  // Feeds are fetched side by side; each one fails alone.
  const feeds = await Promise.all(sources.map((source) => importFeed(deps, source, limits, writer)));
  const failed = feeds.filter((f) => f.error).length;
  const status = failed === 0 ? 'succeeded' : failed === feeds.length ? 'failed' : 'partial';
  const articlesCreated = feeds.reduce((n, f) => n + f.created, 0);
  const recipesCreated = feeds.reduce((n, f) => n + f.recipes, 0);
  await deps.db
    .update(rssRuns)
    .set({ status, finishedAt: new Date(), feeds, articlesCreated, recipesCreated })
    .where(eq(rssRuns.id, runId));
  return { runId, status, feeds, articlesCreated, recipesCreated };
}

async function importFeed(
  deps: AppDeps,
  source: FeedSource,
  limits: FetchLimits,
  writer: RecipeWriter,
): Promise<FeedRunResult> {
  const result: FeedRunResult = {
    name: source.name,
    url: source.url,
    fetched: 0,
    created: 0,
    duplicates: 0,
    recipes: 0,
    error: null,
  };
  let items: FeedItem[];
  try {
    items = await parseFeed(await fetchFeed(source.url, limits), source.url);
  } catch (err) {
    result.error = (err as Error).message || 'Failed';
    return result;
  }
  result.fetched = items.length;
  for (const item of items) {
    // The unique external key decides: a rerun or a racing run inserts nothing twice.
    const inserted = await deps.db
      .insert(articles)
      .values({
        slug: `${slugify(item.title) || 'news'}-${createHash('sha256').update(item.key).digest('hex').slice(0, 10)}`,
        title: item.title,
        excerpt: item.excerpt,
        content: item.content,
        category: source.category,
        imageUrl: item.imageUrl,
        tags: [source.name],
        readTime: readTimeMinutes(item.content),
        status: 'published',
        publishedAt: item.publishedAt ?? new Date(),
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
  }
  if (source.themedRecipes && items.length) {
    try {
      result.recipes = await themeRecipes(deps, source, items, writer);
    } catch (err) {
      result.error = `Recipes: ${(err as Error).message}`.slice(0, 300);
    }
  }
  return result;
}

/**
 * One WWE recipe per item of a themed feed. Items whose article has no recipe yet get one, so an
 * interrupted run catches up next time; the unique source_article_id prevents doubles.
 */
async function themeRecipes(
  deps: AppDeps,
  source: FeedSource,
  items: FeedItem[],
  writer: RecipeWriter,
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
  // After one failure the rest of this run uses the built-in writer (no waiting on a dead service).
  let current = writer;
  for (const article of missing) {
    const theme = {
      title: article.title,
      excerpt: article.excerpt,
      url: article.url ?? '',
      source: source.name,
    };
    let recipe = await current.write(theme).then(
      (r) => themedRecipeSchema.safeParse(r),
      (err: unknown) => {
        const why =
          err instanceof ZodError ? 'its answer did not match the recipe schema' : (err as Error).message;
        console.warn(`[rss] ${current.name} recipe writer failed: ${why}`);
        return null;
      },
    );
    // A writer that fails or answers off-schema falls back to the built-in one.
    if (!recipe?.success) {
      current = builtInRecipeWriter;
      recipe = themedRecipeSchema.safeParse(await builtInRecipeWriter.write(theme));
    }
    if (!recipe.success) continue;
    // Writers echo feed text: store it as plain text like every other feed field.
    const r = {
      ...recipe.data,
      title: plainText(recipe.data.title, 200),
      description: plainText(recipe.data.description, 1000),
      ingredients: recipe.data.ingredients.map((x) => plainText(x, 200)).filter(Boolean),
      instructions: recipe.data.instructions.map((x) => plainText(x, 600)).filter(Boolean),
      tags: recipe.data.tags.map((x) => plainText(x, 40)).filter(Boolean),
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
    made += inserted.length;
  }
  return made;
}
