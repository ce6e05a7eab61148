import { pathToFileURL } from 'node:url';
import { idString } from '@site/shared';

/** The one page this app shows: the built renderer file, or the dev server in `electron-vite dev`. */
export function appEntryUrl(rendererIndex: string, devServerUrl?: string): string {
  return devServerUrl ?? pathToFileURL(rendererIndex).href;
}

/** True when `url` is the app's own page (any hash or query), nothing else. */
export function isAppUrl(url: string, entryUrl: string): boolean {
  try {
    const u = new URL(url);
    const e = new URL(entryUrl);
    if (e.protocol === 'file:') return u.protocol === 'file:' && u.pathname === e.pathname;
    return u.origin === e.origin;
  } catch {
    return false;
  }
}

/** A mail draft ("Reply via Email") goes to the system's mail app. */
export function isMailto(url: string): boolean {
  return /^mailto:[^/\\]/i.test(url);
}

/** Links may leave the app only for the system browser, and only over http(s). */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The renderer's policy. Images may come from the server the user chose (previews of uploads).
 * `dev` only: Vite's dev server injects styles inline.
 */
export function contentSecurityPolicy(serverUrl: string | null, dev = false): string {
  const server = serverUrl ? ` ${new URL(serverUrl).origin}` : '';
  return [
    "default-src 'none'",
    "script-src 'self'",
    dev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    `img-src 'self' data: blob:${server}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The shape of an IPC event's sender frame that matters to the check. */
export interface FrameLike {
  url: string;
  parent: unknown;
}

/** Every IPC handler asks this first: the call must come from the app's own top-level page. */
export function isTrustedSender(frame: FrameLike | null | undefined, entryUrl: string): boolean {
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return isAppUrl(frame.url, entryUrl);
}

type Headers = Record<string, string[]>;

/**
 * Response headers as the window should see them: the app page gets the policy; images from the
 * chosen server lose `Cross-Origin-Resource-Policy: same-origin` (meant for other websites, not for
 * this app), so upload previews show. Anything else passes unchanged (undefined).
 */
export function adjustResponseHeaders(
  details: { url: string; resourceType: string; responseHeaders?: Headers },
  ctx: { entryUrl: string; serverUrl: string | null; dev: boolean },
): Headers | undefined {
  const headers = details.responseHeaders ?? {};
  if (isAppUrl(details.url, ctx.entryUrl) && details.resourceType === 'mainFrame') {
    return { ...headers, 'Content-Security-Policy': [contentSecurityPolicy(ctx.serverUrl, ctx.dev)] };
  }
  if (details.resourceType === 'image' && isServerOrigin(details.url, ctx.serverUrl)) {
    return Object.fromEntries(
      Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'cross-origin-resource-policy'),
    );
  }
  return undefined;
}

/** True when `url` has exactly the chosen server's origin (scheme, host and port). */
export function isServerOrigin(url: string, serverUrl: string | null): boolean {
  if (!serverUrl) return false;
  try {
    return new URL(url).origin === new URL(serverUrl).origin;
  } catch {
    return false;
  }
}

/**
 * The article a URL previews on the chosen server: `{server}/admin/preview/{id}` (the editor's Preview
 * link; any #hash), with the id a plain positive number up to 2^31 - 1 (the shared id gate). Anything
 * else — another origin, a query, an extra segment, "01", "1e3" — is null.
 */
export function previewArticleId(url: string, serverUrl: string | null): number | null {
  if (!serverUrl) return null;
  try {
    const u = new URL(url);
    const server = new URL(serverUrl);
    if (u.origin !== server.origin || u.username || u.password || u.search) return null;
    const prefix = `${server.pathname.replace(/\/+$/, '')}/admin/preview/`;
    if (!u.pathname.startsWith(prefix)) return null;
    const id = idString.safeParse(u.pathname.slice(prefix.length));
    return id.success ? id.data : null;
  } catch {
    return null;
  }
}

export const isPreviewUrl = (url: string, serverUrl: string | null) =>
  previewArticleId(url, serverUrl) !== null;

/** The preview window reads; it never changes anything as the admin. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** The sign-out URL (under any base path): its GET changes nothing since issue 27, but the token still never goes there. */
const endsSession = (url: string) => /\/api\/logout\/?$/i.test(new URL(url).pathname);

/**
 * Request headers in the preview window's session. The bearer token goes to the chosen server's
 * origin only, on reads only, and never to the sign-out URL; no other host ever gets it (an
 * Authorization header already on a request, e.g. carried over a redirect to another host, is
 * dropped first). So a browser still never sends the token on a write by itself (the origin check,
 * docs/security.md, relies on that). Cookies are dropped too: the token is the preview's only
 * credential, so a cookie the server might set cannot outlive it.
 */
export function previewRequestHeaders(
  details: { url: string; method: string; requestHeaders: Record<string, string> },
  ctx: { serverUrl: string | null; token: string | null },
): Record<string, string> {
  const headers = Object.fromEntries(
    Object.entries(details.requestHeaders).filter(
      ([k]) => !['authorization', 'cookie'].includes(k.toLowerCase()),
    ),
  );
  if (
    ctx.token &&
    READ_METHODS.has(details.method.toUpperCase()) &&
    isServerOrigin(details.url, ctx.serverUrl) &&
    !endsSession(details.url)
  ) {
    headers.Authorization = `Bearer ${ctx.token}`;
  }
  return headers;
}

/**
 * What every window's page is denied: Node, the main world's objects, insecure content and
 * <webview>. Spread into each BrowserWindow's webPreferences, so the app and preview windows cannot drift.
 */
export const LOCKED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
} as const;
