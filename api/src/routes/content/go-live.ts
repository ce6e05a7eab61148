import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { articles } from '../../db/schema';
import { articleDate, PUBLIC_STATUSES } from '../../db/schema/content';
import { cacheGeneration } from '../../lib/cache/cache';

interface Known {
  at: number | null;
  /** Good until then (epoch ms): the go-live moment itself, or one PUBLIC_CACHE_MS after the read. */
  until: number;
  /** The cache's generation when it was read: any write since ends it. */
  generation: number;
}
const known = new WeakMap<AppDeps, Known>();

/**
 * When the next scheduled article goes live (epoch ms), or null: the moment public article reads
 * change with no write behind them (isPublic() compares with now()). Every search and count miss asks,
 * so the answer is kept for PUBLIC_CACHE_MS like any public read: a crowd of distinct searches sent
 * one more query each to PostgreSQL. It ends sooner at the moment itself and at any
 * write on any instance (the cache's generation), and a read that a write overtook is not kept.
 */
export async function nextGoLive(deps: AppDeps): Promise<number | null> {
  const started = Date.now();
  const generation = cacheGeneration(deps);
  const kept = known.get(deps);
  if (kept && kept.generation === generation && started < kept.until) return kept.at;
  const at = await readNextGoLive(deps.db);
  const ttl = deps.env.PUBLIC_CACHE_MS;
  if (ttl > 0 && cacheGeneration(deps) === generation) {
    known.set(deps, { at, generation, until: Math.min(at ?? Number.POSITIVE_INFINITY, started + ttl) });
  }
  return at;
}

/** Off the newest-first partial index: one index probe. */
async function readNextGoLive(db: Database): Promise<number | null> {
  const date = articleDate(articles);
  const result = (await db.execute(sql`
    select ${date} as at from ${articles}
    where ${articles.status} in ${PUBLIC_STATUSES} and ${date} > now()
    order by ${date} asc limit 1`)) as unknown as { rows: Array<{ at: Date | string }> };
  const at = result.rows[0]?.at;
  return at === undefined ? null : new Date(at).getTime();
}
