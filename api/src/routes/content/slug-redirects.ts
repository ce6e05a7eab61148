import { and, eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../context';
import { articleSlugRedirects, articles } from '../../db/schema';
import { isPublic } from '../../db/schema/content';
import { publicCacheControl } from '../../lib/cache/cdn';
import { keyHeaders } from '../../lib/cache/surrogate-keys';

/** Only a slug can have moved (ids never change); anything else is not worth a query. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Where an old slug leads now (issue 31 §6): the current slug of the public article it belonged to, or
 * null. A slug that is some article's live slug is never in the table (revision-store.ts), so the live
 * article always wins without this lookup.
 */
export async function movedArticle(
  c: Context<AppEnv>,
  slug: string,
): Promise<{ id: number; slug: string } | null> {
  if (/^\d+$/.test(slug) || !SLUG.test(slug)) return null;
  const [row] = await c.var.deps.db
    .select({ id: articles.id, slug: articles.slug })
    .from(articleSlugRedirects)
    .innerJoin(articles, eq(articles.id, articleSlugRedirects.articleId))
    .where(and(eq(articleSlugRedirects.slug, slug), isPublic()))
    .limit(1);
  return row ?? null;
}

/**
 * A 301 that anyone may cache like the article itself: it names the article's surrogate key, so a
 * change of slug, a withdrawal or a deletion clears it with the article.
 */
export function movedResponse(c: Context<AppEnv>, location: string, moved: { id: number; slug: string }) {
  c.header('location', location);
  c.header('cache-control', publicCacheControl(c.var.deps.env));
  for (const [name, value] of keyHeaders([`article:${moved.id}`])) c.header(name, value);
  return c.json({ message: 'This article has moved.', id: moved.id, slug: moved.slug }, 301);
}

/**
 * `GET /content/{old-slug}`: a page that renders as 404 answers 301 to `/content/{new-slug}` instead.
 * Looked up after the render, so a live article's page never pays for it.
 */
export const slugRedirectPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Read before next(): afterwards the request's params are those of the route that answered ('*').
  const identifier = c.req.param('identifier') ?? '';
  await next();
  if (c.res.status !== 404) return;
  const moved = await movedArticle(c, identifier);
  if (!moved) return;
  const search = new URL(c.req.url).search;
  c.res = new Response(null, {
    status: 301,
    headers: [
      ['location', `/content/${moved.slug}${search}`],
      ['cache-control', publicCacheControl(c.var.deps.env)],
      ['vary', 'Cookie'],
      ...keyHeaders([`article:${moved.id}`]),
    ],
  });
};
