import type { LinkHealthReport } from '@site/shared';
import { asc, desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { AppDeps } from '../../context';
import { productLinkChecks, products } from '../../db/schema';
import { LOCK_KEYS, tryAdvisoryLock } from '../../lib/jobs/advisory-lock';
import type { FetchLimits } from '../../lib/http/safe-fetch';
import { checkLink, LINK_LIMITS } from './check-link';
import { nextLinkCheck } from './next-check';

/** Links checked at once: polite to retailers and to our own connection pool. */
export const LINK_CONCURRENCY = 4;

export interface LinkRunOptions {
  limits?: Partial<FetchLimits>;
  concurrency?: number;
  /** Who started it, for the log line every run ends with. */
  trigger?: 'manual' | 'scheduled';
}

const inFlight = new WeakMap<AppDeps, Promise<unknown>>();

/** Resolves when this process has no link check running (tests, shutdown). */
export async function linkHealthIdle(deps: AppDeps) {
  await inFlight.get(deps)?.catch(() => undefined);
}

export const linkCheckRunning = (deps: AppDeps) => inFlight.has(deps);

/**
 * Checks every product's affiliate link, LINK_CONCURRENCY at a time, and records the latest result per
 * product. One run across instances (PostgreSQL advisory lock): null when another run holds it.
 */
export async function startLinkCheck(
  deps: AppDeps,
  opts: LinkRunOptions = {},
): Promise<{ done: Promise<{ checked: number; broken: number }> } | null> {
  if (inFlight.has(deps)) return null;
  const release = await tryAdvisoryLock(deps, LOCK_KEYS.linkHealth);
  if (!release) return null;
  const limits: FetchLimits = { ...LINK_LIMITS, allowPrivate: deps.env.RSS_ALLOW_PRIVATE, ...opts.limits };
  const trigger = opts.trigger ?? 'manual';
  const started = performance.now();
  const done = checkAll(deps, limits, opts.concurrency ?? LINK_CONCURRENCY)
    .then(
      (outcome) => {
        const ms = Math.round(performance.now() - started);
        deps.logger.info(
          { trigger, ...outcome, ms },
          `[links] ${trigger} check done: ${outcome.checked} links, ${outcome.broken} broken, in ${ms} ms`,
        );
        return outcome;
      },
      (err: unknown) => {
        deps.logger.error({ trigger, err }, `[links] ${trigger} check failed`);
        throw err;
      },
    )
    .finally(async () => {
      inFlight.delete(deps);
      await release();
    });
  inFlight.set(deps, done);
  return { done };
}

async function checkAll(deps: AppDeps, limits: FetchLimits, concurrency: number) {
  const { db } = deps;
  const rows = await db
    .select({ id: products.id, url: products.affiliateUrl })
    .from(products)
    .where(isNotNull(products.affiliateUrl))
    .orderBy(asc(products.id));
  // A product whose link was removed has nothing to check: its old result would mislead.
  await db.execute(
    sql`delete from ${productLinkChecks} where ${productLinkChecks.productId} in (select ${products.id} from ${products} where ${products.affiliateUrl} is null)`,
  );
  const limit = pLimit(concurrency);
  let broken = 0;
  await Promise.all(
    rows.map((p) =>
      limit(async () => {
        const url = p.url ?? '';
        const result = await checkLink(url, limits);
        if (result.broken) broken++;
        const values = { url, checkedAt: new Date(), ...result };
        await db
          .insert(productLinkChecks)
          .values({ productId: p.id, ...values })
          .onConflictDoUpdate({ target: productLinkChecks.productId, set: values })
          // The product may have been deleted meanwhile.
          .catch(() => undefined);
      }),
    ),
  );
  return { checked: rows.length, broken };
}

/** The latest check of every product, broken ones first. */
export async function linkHealthReport(deps: AppDeps): Promise<LinkHealthReport> {
  const rows = await deps.db
    .select({ check: productLinkChecks, title: products.title })
    .from(productLinkChecks)
    .innerJoin(products, eq(products.id, productLinkChecks.productId))
    .orderBy(desc(productLinkChecks.broken), asc(products.title));
  const [last] = await deps.db.select({ at: max(productLinkChecks.checkedAt) }).from(productLinkChecks);
  return {
    running: linkCheckRunning(deps),
    lastCheckedAt: last?.at ? new Date(last.at).toISOString() : null,
    nextCheckAt: nextLinkCheck(deps.env)?.toISOString() ?? null,
    checked: rows.length,
    broken: rows.filter((r) => r.check.broken).length,
    checks: rows.map(({ check, title }) => ({
      productId: check.productId,
      title,
      url: check.url,
      checkedAt: check.checkedAt.toISOString(),
      status: check.status,
      finalUrl: check.finalUrl,
      durationMs: check.durationMs,
      error: check.error,
      broken: check.broken,
    })),
  };
}
