import type { Hono } from 'hono';

type AnyApp = Pick<Hono, 'request'>;

/** The <loc> values of a sitemap or sitemap index, unescaped. */
export function locs(body: string): string[] {
  return [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => (m[1] as string).replace(/&amp;/g, '&'));
}

/** Every file the index at /sitemap.xml lists, fetched as a crawler would: path → body. */
export async function sitemapFiles(app: AnyApp): Promise<Map<string, string>> {
  const index = await app.request('/sitemap.xml');
  if (index.status !== 200) throw new Error(`/sitemap.xml answered ${index.status}`);
  const files = new Map<string, string>();
  for (const loc of locs(await index.text())) {
    const path = new URL(loc).pathname;
    const res = await app.request(path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    files.set(path, await res.text());
  }
  return files;
}

/** Every URL the sitemap index leads to, in the order the files list them. */
export async function sitemapUrls(app: AnyApp): Promise<string[]> {
  return [...(await sitemapFiles(app)).values()].flatMap(locs);
}
