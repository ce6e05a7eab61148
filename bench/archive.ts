import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Booted } from '../api/src/bootstrap';
import type { Database } from '../api/src/db/client';

/**
 * Rows that grow with the archive rather than with the readers (issue 43): the sitemap, the deepest
 * page of the news and admin lists, and the page store's size on disk.
 */
export interface ArchiveRows {
  sitemap?: SitemapTiming;
  deepest: DeepPage[];
  store: StoreSize;
}

export interface Fetched {
  path: string;
  bytes: number;
  /** URLs the file lists (the index: files). */
  entries: number;
  /** Not in the server's cache: the query and the XML, then compressing it once. */
  coldMs: number;
  /** Median of three fetches right after, from the per-instance cache (PUBLIC_CACHE_MS). */
  cachedMs: number;
}

export interface SitemapTiming {
  index: Fetched;
  /** The fullest article file: a whole id range of 50,000. */
  file: Fetched;
}

export interface DeepPage {
  name: string;
  path: string;
  /** Rows the list holds, so the depth is readable beside the time. */
  total: number;
  p50: number;
  max: number;
  n: number;
}

export interface StoreSize {
  storedPages: number;
  storedPagesBytes: number;
  articlesBytes: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const entriesOf = (body: string) => body.split('<loc>').length - 1;

/**
 * As a crawler asks (gzip), timed until the last byte arrives; the body is unzipped after the clock
 * stops (fetch() would unzip 6 MB inside the timing: ~190 ms of the client's time, not the server's).
 */
async function fetchTimed(url: string): Promise<{ ms: number; body: string; status: number }> {
  const t = performance.now();
  const { status, bytes, encoding } = await new Promise<{ status: number; bytes: Buffer; encoding?: string }>(
    (resolve, reject) => {
      http
        .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              bytes: Buffer.concat(chunks),
              encoding: res.headers['content-encoding'],
            }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    },
  );
  const ms = performance.now() - t;
  return { ms, body: (encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8'), status };
}

async function coldThenCached(base: string, path: string): Promise<Fetched> {
  const cold = await fetchTimed(base + path);
  if (cold.status !== 200) throw new Error(`${path} answered ${cold.status}`);
  const cached: number[] = [];
  for (let i = 0; i < 3; i++) cached.push((await fetchTimed(base + path)).ms);
  return {
    path,
    bytes: Buffer.byteLength(cold.body),
    entries: entriesOf(cold.body),
    coldMs: cold.ms,
    cachedMs: median(cached),
  };
}

/**
 * /sitemap.xml and one full article file from the running server, first fetch then cached. Run before
 * anything else asks for them, so the first fetch is a miss. A server without the index (before issue
 * 43) answers a urlset: reported as missing.
 */
export async function timeSitemap(serverUrl: string): Promise<SitemapTiming | undefined> {
  const index = await coldThenCached(serverUrl, '/sitemap.xml');
  const { body } = await fetchTimed(`${serverUrl}/sitemap.xml`);
  const files = [...body.matchAll(/<loc>[^<]*?(\/sitemap-articles-\d+\.xml)<\/loc>/g)].map(
    (m) => m[1] as string,
  );
  // The files before the last hold a whole range; the middle one, away from the demo's and the newest ids.
  const full = files.length > 1 ? files.slice(0, -1) : files;
  const pick = full[Math.floor(full.length / 2)];
  if (!pick) return undefined;
  return { index, file: await coldThenCached(serverUrl, pick) };
}

/**
 * The first and the deepest page of the public news list and of the admin list, through the real
 * app (development: no public cache, so every request is a miss), five times each, one at a time.
 * The deepest page by `offset` (the schemas stop at 1,000,000), and, where the list sends
 * X-Next-Cursor, the same page by `cursor`: the cursor of the page before it, read once untimed.
 */
export async function timeDeepestPages(booted: Booted, adminCookie: string): Promise<DeepPage[]> {
  const get = async (path: string, admin: boolean) => {
    const t = performance.now();
    const res = await booted.app.request(path, admin ? { headers: { cookie: adminCookie } } : {});
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return { ms: performance.now() - t, next: res.headers.get('x-next-cursor') };
  };
  // Counted here: the admin list's X-Total-Count stops at 1,000 and the public counts are kept per category.
  // isPublic() (api/src/db/schema/content.ts) as text: bench/ reaches the database through the app's handle only.
  const { rows: countRows } = (await booted.deps.db.execute(`select count(*)::int as "all",
      (count(*) filter (where status in ('published', 'scheduled')
        and coalesce(published_at, created_at) <= statement_timestamp()))::int as published
      from articles`)) as unknown as { rows: Array<{ all: number; published: number }> };
  const lists = [
    {
      name: '/news',
      base: '/api/content?limit=20',
      limit: 20,
      total: Number(countRows[0]?.published ?? 0),
      admin: false,
    },
    {
      name: 'admin list',
      base: '/api/admin/content?limit=50',
      limit: 50,
      total: Number(countRows[0]?.all ?? 0),
      admin: true,
    },
  ];
  const shapes: Array<{ name: string; path: string; total: number; admin: boolean }> = [];
  for (const l of lists) {
    const offset = Math.max(0, Math.min(l.total - l.limit, 1_000_000));
    shapes.push(
      { name: `${l.name} first page`, path: l.base, total: l.total, admin: l.admin },
      {
        name: `${l.name} deepest page (offset)`,
        path: `${l.base}&offset=${offset}`,
        total: l.total,
        admin: l.admin,
      },
    );
    if (offset < l.limit) continue;
    const { next } = await get(`${l.base}&offset=${offset - l.limit}`, l.admin);
    if (next) {
      const path = `${l.base}&cursor=${encodeURIComponent(next)}`;
      shapes.push({ name: `${l.name} deepest page (cursor)`, path, total: l.total, admin: l.admin });
    }
  }
  const rows: DeepPage[] = [];
  for (const s of shapes) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await get(s.path, s.admin)).ms);
    rows.push({
      name: s.name,
      path: s.path,
      total: s.total,
      p50: median(times),
      max: Math.max(...times),
      n: 5,
    });
  }
  return rows;
}

/** The page store and the articles on disk, indexes and TOAST included. */
export async function storeSize(db: Database): Promise<StoreSize> {
  const { rows } = (await db.execute(`select
      (select count(*) from stored_pages)::bigint as pages,
      pg_total_relation_size('stored_pages')::bigint as store,
      pg_total_relation_size('articles')::bigint as articles`)) as unknown as {
    rows: Array<{ pages: string | number; store: string | number; articles: string | number }>;
  };
  const r = rows[0];
  return {
    storedPages: Number(r?.pages ?? 0),
    storedPagesBytes: Number(r?.store ?? 0),
    articlesBytes: Number(r?.articles ?? 0),
  };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

/** The archive section of the report. */
export function archiveMarkdown(a: ArchiveRows): string[] {
  const out = [
    '## The archive (issue 43)',
    '',
    '| row | size | first fetch (miss) | cached |',
    '|---|---:|---:|---:|',
  ];
  if (a.sitemap) {
    const { index, file } = a.sitemap;
    out.push(
      `| sitemap index ${index.path} (${index.entries} files) | ${(index.bytes / 1024).toFixed(1)} KB | ${ms(index.coldMs)} | ${ms(index.cachedMs)} |`,
      `| sitemap file ${file.path} (${file.entries} URLs) | ${mb(file.bytes)} | ${ms(file.coldMs)} | ${ms(file.cachedMs)} |`,
    );
  } else {
    out.push('| sitemap index | | missing: not measured, or /sitemap.xml is not an index | |');
  }
  out.push(
    '',
    '| list page (sequential misses, in-process) | rows in the list | path | p50 | max |',
    '|---|---:|---|---:|---:|',
  );
  for (const d of a.deepest) {
    out.push(
      `| ${d.name} | ${d.total} | \`${d.path.replace(/cursor=[^&]+/, 'cursor=…')}\` | ${ms(d.p50)} | ${ms(d.max)} |`,
    );
  }
  const s = a.store;
  const perPage = s.storedPages
    ? ` (${(s.storedPagesBytes / s.storedPages / 1024).toFixed(1)} KB a page)`
    : '';
  out.push(
    '',
    `- Page store on disk: ${mb(s.storedPagesBytes)} for ${s.storedPages} pages${perPage}, pg_total_relation_size('stored_pages'); the articles table ${mb(s.articlesBytes)}`,
    '',
  );
  return out;
}
