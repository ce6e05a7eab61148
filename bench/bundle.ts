import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleRow {
  name: string;
  jsGzip: number;
  cssGzip: number;
  files: string[];
}

const gzCache = new Map<string, number>();
function gzipSize(clientDir: string, file: string) {
  let n = gzCache.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(path.join(clientDir, file))).length;
    gzCache.set(file, n);
  }
  return n;
}

/** A chunk and everything it imports statically: what the browser must load before it runs. */
function closure(m: Manifest, key: string, seen = new Set<string>()) {
  if (seen.has(key) || !m[key]) return seen;
  seen.add(key);
  for (const dep of m[key].imports ?? []) closure(m, dep, seen);
  return seen;
}

function row(name: string, clientDir: string, m: Manifest, keys: Iterable<string>): BundleRow {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const k of keys) {
    const chunk = m[k];
    if (!chunk) continue;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
  }
  const sum = (files: Set<string>) => [...files].reduce((t, f) => t + gzipSize(clientDir, f), 0);
  return { name, jsGzip: sum(js), cssGzip: sum(css), files: [...js, ...css] };
}

/**
 * From Vite's manifest: the entry (every public page loads it) and each lazy chunk on top of it,
 * admin apart. Sizes are gzip of the built files.
 */
export function manifestBundles(clientDir: string): { entry: BundleRow; lazy: BundleRow[] } | null {
  const file = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(file)) return null;
  const m = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const entryKey = Object.keys(m).find((k) => m[k]?.isEntry);
  if (!entryKey) return null;
  const base = closure(m, entryKey);
  const entry = row('entry (every public page)', clientDir, m, base);
  const lazy = Object.keys(m)
    .filter((k) => m[k]?.isDynamicEntry)
    .map((k) => {
      const own = [...closure(m, k)].filter((d) => !base.has(d));
      return row(`lazy: ${k}`, clientDir, m, own);
    })
    .sort((a, b) => b.jsGzip - a.jsGzip);
  return { entry, lazy };
}

/** The admin area's lazy entry and the article editor's lazy chunk inside it (issue 31). */
export const ADMIN_ENTRY = 'src/admin/AdminRoute.tsx';
export const EDITOR_ENTRY = 'src/admin/articles/ArticleEditor.tsx';

/**
 * The admin apart from the public budget: what `/admin` loads on top of the public entry (the list
 * view), and what opening an article form loads on top of that (the rich editor). Null rows when a
 * chunk is missing (not built, or renamed).
 */
export function adminBundles(
  clientDir: string,
): { admin: BundleRow | null; editor: BundleRow | null } | null {
  const file = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(file)) return null;
  const m = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const entryKey = Object.keys(m).find((k) => m[k]?.isEntry);
  if (!entryKey) return null;
  const base = closure(m, entryKey);
  const adminAll = m[ADMIN_ENTRY] ? closure(m, ADMIN_ENTRY) : null;
  const admin = adminAll
    ? row(
        'admin list view (lazy at /admin, on top of the entry)',
        clientDir,
        m,
        [...adminAll].filter((k) => !base.has(k)),
      )
    : null;
  const editor =
    m[EDITOR_ENTRY] && adminAll
      ? row(
          'admin article editor (lazy inside the admin, on top of it)',
          clientDir,
          m,
          [...closure(m, EDITOR_ENTRY)].filter((k) => !base.has(k) && !adminAll.has(k)),
        )
      : null;
  return { admin, editor };
}

/**
 * What a browser really loads for a route before it is interactive: every script and stylesheet
 * requested until the network is idle, measured as gzip of the built file.
 */
export async function routeBundles(
  browser: Browser,
  siteUrl: string,
  clientDir: string,
  routes: Array<{ name: string; path: string; expectStatus?: number }>,
): Promise<Array<BundleRow & { status: number; expected: number }>> {
  const out: Array<BundleRow & { status: number; expected: number }> = [];
  for (const r of routes) {
    const page = await browser.newPage();
    const js = new Set<string>();
    const css = new Set<string>();
    page.on('request', (req) => {
      const u = new URL(req.url());
      if (u.origin !== siteUrl || !u.pathname.startsWith('/assets/')) return;
      if (req.resourceType() === 'script' || u.pathname.endsWith('.js')) js.add(u.pathname.slice(1));
      else if (req.resourceType() === 'stylesheet' || u.pathname.endsWith('.css'))
        css.add(u.pathname.slice(1));
    });
    const res = await page.goto(siteUrl + r.path, { waitUntil: 'networkidle' });
    await page.close();
    const sum = (files: Set<string>) =>
      [...files].reduce((t, f) => t + (existsSync(path.join(clientDir, f)) ? gzipSize(clientDir, f) : 0), 0);
    out.push({
      name: r.name,
      status: res?.status() ?? 0,
      expected: r.expectStatus ?? 200,
      jsGzip: sum(js),
      cssGzip: sum(css),
      files: [...js, ...css],
    });
  }
  return out;
}
