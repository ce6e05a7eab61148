import { pathToFileURL } from 'node:url';

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
  if (ctx.serverUrl && details.resourceType === 'image') {
    let sameServer = false;
    try {
      sameServer = new URL(details.url).origin === new URL(ctx.serverUrl).origin;
    } catch {
      /* not a URL */
    }
    if (sameServer) {
      return Object.fromEntries(
        Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'cross-origin-resource-policy'),
      );
    }
  }
  return undefined;
}
