import { CATEGORY_LABELS } from '@site/shared';
import { desc, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { articles } from '../db/schema';
import { articleDate, isPublic } from '../db/schema/content';
import { publicCache } from '../lib/cache/cache';
import { xml } from '../lib/text/xml';
import { sitemapRoutes } from './sitemap';

const FEED_SIZE = 20;
const published = isPublic();
const dateOf = sql<Date>`${articleDate(articles)}`;

/** The sitemaps (sitemap.ts), /robots.txt and the RSS 2.0 feed /feed.xml; mounted before the SSR catch-all. */
export const seoRoutes = new Hono<AppEnv>()
  .route('/', sitemapRoutes)
  .use('/feed.xml', publicCache({ maxAge: 300 }))
  .get('/robots.txt', (c) => {
    const site = c.var.deps.env.SITE_URL;
    c.header('cache-control', 'public, max-age=3600');
    return c.text(
      `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${site}/sitemap.xml\n`,
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
