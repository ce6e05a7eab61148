import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Context, Handler, Hono } from 'hono';
import { CLIENT_IP_HEADER } from '../auth/auth';
import { hasSessionCredentials } from '../auth/middleware';
import {
  type CachedEntry,
  countLookup,
  getCached,
  pageCacheKey,
  putCached,
  singleFlight,
  staleWhileRefreshing,
} from '../lib/cache/cache';
import { cachedResponse } from '../lib/cache/cached-response';
import { PRIVATE_NO_STORE, publicCacheControl } from '../lib/cache/cdn';
import { keyHeaders, parseKeys } from '../lib/cache/surrogate-keys';
import type { AppDeps, AppEnv } from '../context';
import { webClientDir, webServerEntry } from './paths';
import {
  brotliForm,
  readStoredPage,
  registerPageRenderer,
  storeBuild,
  storedPagePath,
  storeRenderedPage,
} from './stored-pages';

/** The contract of web/src/entry-server.tsx. */
export interface RenderRequest {
  url: string;
  fetchApi: (path: string) => Promise<Response>;
  siteUrl: string;
  brand: string;
}
export interface RenderResult {
  status: number;
  redirect?: string;
  head: string;
  html: string;
  /** The react-query state as a `<script type="application/json">` data block, already escaped. */
  stateScript: string;
}
interface Renderer {
  template: string;
  render(req: RenderRequest): Promise<RenderResult>;
  /** Names the web build (web/stored-pages.ts). */
  build: string;
}

let loading: Promise<Renderer> | null = null;

/** Start loading the server render (React, the router, the page bundle) now, while the database opens. */
export function warmRenderer() {
  loading ??= loadRenderer().catch((err) => {
    loading = null;
    throw err;
  });
  loading.catch(() => undefined);
}

async function loadRenderer(): Promise<Renderer> {
  const [template, code] = await Promise.all([
    readFile(`${webClientDir}/index.html`, 'utf8'),
    readFile(webServerEntry, 'utf8'),
  ]);
  const mod = (await import(pathToFileURL(webServerEntry).href)) as { render: Renderer['render'] };
  // A build is its page template (the asset file names) and its render code: stored pages of another
  // build are not served (web/stored-pages.ts).
  const build = createHash('sha256').update(template).update('\0').update(code).digest('hex').slice(0, 16);
  return { template, render: mod.render, build };
}

/**
 * Pages never cacheable by a CDN even when anonymous: the admin, details that need sign-in (spec §2),
 * the first-admin setup link and staff invitation links.
 */
const PRIVATE_PAGES = /^\/(admin|product|recipe|setup|invitation)(\/|$)/;
/** Read by every render; for an anonymous reader it is always "nobody", so it does not make a page private. */
const SESSION_PATH = '/api/auth/user';

/** What GET /api/auth/user answers a reader without a session (routes/auth). */
const signedOut = () =>
  new Response(JSON.stringify({ message: 'Not signed in' }), {
    status: 401,
    headers: { 'content-type': 'application/json', 'cache-control': 'private, no-store' },
  });

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Site not built</title>
<p>The web app has not been built yet. Run <code>npx -y pnpm@10 build</code> (or <code>npx -y pnpm@10 start</code>).</p>`;

/** A rendered page as the caches keep it, and whether every answer it shows was public. */
export type RenderedPage = CachedEntry & { shared: boolean };

/**
 * One server render of `url` through `reads` (the API in-process). A page is as shareable as the least
 * shareable answer it shows, and carries the surrogate keys of all of them.
 */
async function renderPage(
  renderer: Renderer,
  reads: Hono<AppEnv>,
  env: AppDeps['env'],
  url: URL,
  opts: { anonymous: boolean; forward: Record<string, string>; noindex: boolean },
): Promise<RenderedPage> {
  let shared = opts.anonymous && !PRIVATE_PAGES.test(url.pathname);
  const keys = new Set<string>();
  const result = await renderer.render({
    url: url.pathname + url.search,
    fetchApi: async (path) => {
      // No cookie and no token: the session read would answer 401 "nobody"; skip the round trip.
      if (opts.anonymous && path.startsWith(SESSION_PATH)) return signedOut();
      const res = await reads.request(path, { headers: opts.forward });
      if (!path.startsWith(SESSION_PATH) && !res.headers.get('cache-control')?.startsWith('public'))
        shared = false;
      for (const key of parseKeys(res.headers.get('surrogate-key'))) keys.add(key);
      return res;
    },
    siteUrl: env.SITE_URL,
    brand: env.BRAND_NAME,
  });
  const headers: [string, string][] = [
    ['content-type', 'text/html; charset=UTF-8'],
    // The same URL is a different page for a signed-in reader.
    ['vary', 'Cookie'],
  ];
  if (result.redirect)
    return {
      status: 302,
      headers: [...headers, ['location', result.redirect], ['cache-control', PRIVATE_NO_STORE]],
      body: new Uint8Array(0),
      shared: false,
    };
  const page = renderer.template
    .replace('<!--app-head-->', result.head)
    .replace('<!--app-html-->', result.html)
    .replace('<!--app-state-->', result.stateScript);
  const publicPage = shared && result.status === 200;
  return {
    status: result.status,
    headers: [
      ...headers,
      ...(publicPage
        ? [['cache-control', publicCacheControl(env)] as [string, string], ...keyHeaders([...keys])]
        : [['cache-control', PRIVATE_NO_STORE] as [string, string]]),
      ...(opts.noindex ? [['x-robots-tag', 'noindex'] as [string, string]] : []),
    ],
    keys: [...keys],
    body: new TextEncoder().encode(page),
    shared: publicPage,
  };
}

async function renderer(): Promise<Renderer | null> {
  warmRenderer();
  try {
    return await (loading as Promise<Renderer>);
  } catch {
    return null;
  }
}

/**
 * Server-renders every page the API does not own; the API reads made while rendering stay in-process,
 * through `reads` (app.ts internalReads). Anonymous article pages come from the page store when it
 * has them (web/stored-pages.ts), and are stored when rendered.
 */
export function ssrHandler(deps: AppDeps, reads: Hono<AppEnv>): Handler<AppEnv> {
  // How the page store renders a page for everyone: anonymous, no cookie.
  registerPageRenderer(deps, {
    async render(path) {
      const r = await renderer();
      if (!r) return null;
      const url = new URL(path, deps.env.SITE_URL);
      const page = await renderPage(r, reads, deps.env, url, {
        anonymous: true,
        forward: { [CLIENT_IP_HEADER]: 'page-store' },
        noindex: false,
      });
      return { page, build: storeBuild(r.build, deps.env) };
    },
    build: async () => {
      const r = await renderer();
      return r ? storeBuild(r.build, deps.env) : null;
    },
  });
  return async (c: Context<AppEnv>) => {
    const r = await renderer();
    if (!r) return c.html(NOT_BUILT, 503);
    const { env } = c.var.deps;
    const url = new URL(c.req.url);
    // Anonymous readers all get the same page: serve a burst of them from one render (lib/cache/cache.ts).
    const cacheKey = pageCacheKey(url);
    // An article preview shows unpublished work to one admin, a setup or invitation link one person:
    // never stored, never indexed.
    const isPreview = /^\/(admin\/preview|setup|invitation)\//.test(url.pathname);
    const anonymous = !hasSessionCredentials(c.req.raw.headers);
    const cacheable = !isPreview && env.PUBLIC_CACHE_MS > 0 && anonymous;
    const storable = !isPreview && anonymous && storedPagePath(env, url.pathname);
    const forward: Record<string, string> = {
      cookie: c.req.header('cookie') ?? '',
      [CLIENT_IP_HEADER]: c.req.header(CLIENT_IP_HEADER) ?? 'unknown',
    };
    const authz = c.req.header('authorization');
    if (authz) forward.authorization = authz;
    const page = async (): Promise<CachedEntry> => {
      let startedAt: Date | undefined;
      if (storable) {
        const stored = await readStoredPage(c.var.deps, url.pathname, storeBuild(r.build, deps.env));
        if (stored.entry) return stored.entry;
        startedAt = stored.now;
      }
      const rendered = await renderPage(r, reads, env, url, { anonymous, forward, noindex: isPreview });
      // Only a plain request's render is kept: a query string is the reader's, not the page's.
      if (startedAt && rendered.shared && !url.search) {
        // Its br form now, once: this reader's answer (below) and the store keep the same bytes.
        brotliForm(rendered);
        storeRenderedPage(c.var.deps, url.pathname, rendered, storeBuild(r.build, deps.env), startedAt);
      }
      return rendered;
    };
    const fresh = cacheable ? getCached(c.var.deps, cacheKey) : undefined;
    // An expired page being rendered again: the others get the previous copy at once, as API reads do.
    const stale =
      cacheable && !fresh ? staleWhileRefreshing(c.var.deps, cacheKey, env.PUBLIC_CACHE_MS) : undefined;
    let entry: CachedEntry | undefined = fresh ?? stale;
    if (cacheable) countLookup(c.var.deps, fresh ? 'hit' : stale ? 'stale' : 'miss');
    if (!entry) {
      // Concurrent anonymous requests for one page share a single render.
      entry = cacheable
        ? ((await singleFlight(c.var.deps, cacheKey, async () => {
            const made = await page();
            if (made.status !== 302) putCached(c.var.deps, cacheKey, env.PUBLIC_CACHE_MS, made);
            return made;
          })) ?? undefined)
        : await page();
    }
    if (!entry) return c.html(NOT_BUILT, 503);
    // A page just rendered is compressed once, here; its hits reuse that form.
    return cachedResponse(entry, c.req.header('accept-encoding'));
  };
}
