import { ARTICLE_CATEGORIES } from '@site/shared';
import { and, asc, between, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import type { Database } from '../db/client';
import { articles, challenges } from '../db/schema';
import { isPublic } from '../db/schema/content';
import { publicCache } from '../lib/cache/cache';
import { notFound } from '../lib/http/errors';
import { xml } from '../lib/text/xml';

/**
 * Article ids per sitemap file: file n lists the published articles with id in [n*B, (n+1)*B), so a
 * file never passes the protocol's 50,000 URLs and an article stays in the same file for life.
 */
export const SITEMAP_FILE_SIZE = 50_000;
/** articles.id is a serial (int4): no file past the one holding its largest value. */
const LAST_FILE = Math.floor(2_147_483_647 / SITEMAP_FILE_SIZE);
/** A file number as the index writes it: no sign, no leading zeros, at most as long as LAST_FILE. */
const FILE_NAME = new RegExp(`^sitemap-articles-(0|[1-9]\\d{0,${String(LAST_FILE).length - 1}})\\.xml$`);

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

const published = isPublic();
const XML_TYPE = 'application/xml; charset=utf-8';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;

/** The lowest public article id at or after `from`: one walk of the primary key, stopping at the first. */
const firstPublicFrom = (from: ReturnType<typeof sql>) =>
  sql`(select ${articles.id} from ${articles} where ${articles.id} >= ${from} and ${published} order by ${articles.id} limit 1)`;

/**
 * The article files that hold at least one public article, in order, in one statement: a loose index
 * scan that jumps from each file's first public article to the next file's start. One probe of the
 * primary key per listed file (about 20 at 1,000,000 articles), never a scan of the table
 * (docs/performance.md, "Sitemap").
 */
export async function articleFiles(db: Database): Promise<number[]> {
  const size = sql.raw(String(SITEMAP_FILE_SIZE));
  const result = (await db.execute(sql`
    with recursive files(n) as (
      select ${firstPublicFrom(sql`0`)} / ${size}
      union all
      select ${firstPublicFrom(sql`(files.n + 1)::bigint * ${size}`)} / ${size} from files where files.n is not null
    )
    select n from files where n is not null`)) as unknown as { rows: Array<{ n: number | string }> };
  return result.rows.map((r) => Number(r.n));
}

/**
 * Challenges have public pages. Product and recipe details are sign-in only (and noindex),
 * so they stay out of the sitemap; /shop and /recipes list them.
 */
async function challengePaths(db: Database): Promise<string[]> {
  const ch = await db.select({ id: challenges.id }).from(challenges).orderBy(asc(challenges.id)).limit(1000);
  return ch.map((x) => `/challenges/${x.id}`);
}

const cached = publicCache({ maxAge: 300 });

/**
 * /sitemap.xml is a sitemap index (sitemaps.org): /sitemap-pages.xml (the fixed pages and challenges)
 * and one /sitemap-articles-N.xml per id range holding a public article. Each is cached like any public
 * read and cleared by the writes that change it (lib/cache/surrogate-keys.ts).
 */
export const sitemapRoutes = new Hono<AppEnv>()
  .get('/sitemap.xml', cached, async (c) => {
    const site = c.var.deps.env.SITE_URL;
    const files = [
      'sitemap-pages.xml',
      ...(await articleFiles(c.var.deps.db)).map((n) => `sitemap-articles-${n}.xml`),
    ];
    c.header('content-type', XML_TYPE);
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${files
        .map((f) => `<sitemap><loc>${xml(`${site}/${f}`)}</loc></sitemap>`)
        .join('\n')}\n</sitemapindex>\n`,
    );
  })
  .get('/sitemap-pages.xml', cached, async (c) => {
    const site = c.var.deps.env.SITE_URL;
    const paths = [...STATIC_PATHS, ...(await challengePaths(c.var.deps.db))];
    c.header('content-type', XML_TYPE);
    return c.body(urlset(paths.map((p) => `<url><loc>${xml(site + p)}</loc></url>`)));
  })
  // Any name starting so is answered here: a malformed or empty file is a 404, never the page renderer.
  .get('/:file{sitemap-articles-[^/]*}', cached, async (c) => {
    const match = FILE_NAME.exec(c.req.param('file'));
    const n = match ? Number(match[1]) : Number.NaN;
    if (!(n <= LAST_FILE)) throw notFound('No such sitemap file: the index at /sitemap.xml lists them');
    const first = n * SITEMAP_FILE_SIZE;
    const last = Math.min(first + SITEMAP_FILE_SIZE - 1, 2_147_483_647);
    const rows = await c.var.deps.db
      .select({ slug: articles.slug, updatedAt: articles.updatedAt })
      .from(articles)
      .where(and(between(articles.id, first, last), published))
      .orderBy(asc(articles.id));
    if (rows.length === 0) throw notFound('No such sitemap file: the index at /sitemap.xml lists them');
    const site = c.var.deps.env.SITE_URL;
    c.header('content-type', XML_TYPE);
    return c.body(
      urlset(
        rows.map(
          (r) =>
            `<url><loc>${xml(`${site}/content/${r.slug}`)}</loc><lastmod>${new Date(r.updatedAt).toISOString()}</lastmod></url>`,
        ),
      ),
    );
  });
