import { ARTICLE_CATEGORIES, CATEGORY_LABELS } from '@site/shared';
import { asc, desc, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { articles, challenges } from '../db/schema';
import { articleDate, isPublic } from '../db/schema/content';
import { publicCache } from '../lib/cache/cache';

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const STATIC_PATHS = [
  '/',
  ...ARTICLE_CATEGORIES.map((c) => `/${c}`),
  '/news',
  ...ARTICLE_CATEGORIES.map((c) => `/news/${c}`),
  '/shop',
  '/recipes',
  '/challenges',
  '/contact',
  '/newsletter',
  '/community/submit-story',
  '/privacy',
  '/terms',
  '/cookie-policy',
];

const FEED_SIZE = 20;
const published = isPublic();
const dateOf = sql<Date>`${articleDate(articles)}`;

/**
 * Challenges have public pages. Product and recipe details are sign-in only (and noindex),
 * so they stay out of the sitemap; /shop and /recipes list them.
 */
async function catalogPaths(c: { var: AppEnv['Variables'] }): Promise<string[]> {
  const { db } = c.var.deps;
  const ch = await db.select({ id: challenges.id }).from(challenges).orderBy(asc(challenges.id)).limit(1000);
  return ch.map((x) => `/challenges/${x.id}`);
}

/** /sitemap.xml, /robots.txt and the RSS 2.0 feed /feed.xml; mounted before the SSR catch-all. */
export const seoRoutes = new Hono<AppEnv>()
  .use('/sitemap.xml', publicCache({ maxAge: 300 }))
  .use('/feed.xml', publicCache({ maxAge: 300 }))
  .get('/robots.txt', (c) => {
    const site = c.var.deps.env.SITE_URL;
    c.header('cache-control', 'public, max-age=3600');
    return c.text(
      `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${site}/sitemap.xml\n`,
    );
  })
  .get('/sitemap.xml', async (c) => {
    const site = c.var.deps.env.SITE_URL;
    const rows = await c.var.deps.db
      .select({ slug: articles.slug, updatedAt: articles.updatedAt })
      .from(articles)
      .where(published)
      .orderBy(desc(dateOf))
      .limit(45_000);
    const urls = [
      ...STATIC_PATHS.map((p) => `<url><loc>${xml(site + p)}</loc></url>`),
      ...rows.map(
        (r) =>
          `<url><loc>${xml(`${site}/content/${r.slug}`)}</loc><lastmod>${new Date(r.updatedAt).toISOString()}</lastmod></url>`,
      ),
      ...(await catalogPaths(c)).map((p) => `<url><loc>${xml(site + p)}</loc></url>`),
    ];
    c.header('content-type', 'application/xml; charset=utf-8');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    );
  })
  .get('/feed.xml', async (c) => {
    const { SITE_URL: site, BRAND_NAME: brand } = c.var.deps.env;
    const rows = await c.var.deps.db
      .select({
        slug: articles.slug,
        title: articles.title,
        excerpt: articles.excerpt,
        category: articles.category,
        author: articles.author,
        date: dateOf,
      })
      .from(articles)
      .where(published)
      .orderBy(desc(dateOf), desc(articles.id))
      .limit(FEED_SIZE);
    const items = rows.map((r) => {
      const link = `${site}/content/${r.slug}`;
      const label = CATEGORY_LABELS[r.category as keyof typeof CATEGORY_LABELS] ?? r.category;
      return [
        '<item>',
        `<title>${xml(r.title)}</title>`,
        `<link>${xml(link)}</link>`,
        `<guid isPermaLink="true">${xml(link)}</guid>`,
        `<description>${xml(r.excerpt)}</description>`,
        `<category>${xml(label)}</category>`,
        r.author ? `<dc:creator>${xml(r.author)}</dc:creator>` : '',
        `<pubDate>${new Date(r.date).toUTCString()}</pubDate>`,
        '</item>',
      ].join('');
    });
    c.header('content-type', 'application/rss+xml; charset=utf-8');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>\n<title>${xml(brand)}</title>\n<link>${xml(`${site}/`)}</link>\n<description>${xml(`The latest articles from ${brand}`)}</description>\n<language>en-gb</language>\n<atom:link href="${xml(`${site}/feed.xml`)}" rel="self" type="application/rss+xml"/>\n${items.join('\n')}\n</channel>\n</rss>\n`,
    );
  });
