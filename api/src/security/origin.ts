import type { MiddlewareHandler } from 'hono';
import type { Env } from '../env';

/** The Vite dev server (`pnpm dev`) serves the pages on its own port and proxies /api to us. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

/**
 * Origins whose pages may change state here: the site itself (SITE_URL), plus the Vite dev server in
 * development. better-auth gets the same list as its trustedOrigins, so both checks agree.
 */
export function trustedOrigins(env: Pick<Env, 'SITE_URL' | 'NODE_ENV'>): string[] {
  const site = new URL(env.SITE_URL).origin;
  return env.NODE_ENV === 'development' && site !== VITE_DEV_ORIGIN ? [site, VITE_DEV_ORIGIN] : [site];
}

export const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/**
 * Where a request says it comes from: its Origin header, else the origin of its Referer, else null.
 * An unparseable Referer and the opaque Origin "null" name no origin we trust: they count as foreign.
 */
export function claimedOrigin(origin: string | null, referer: string | null): string | null {
  if (origin) return origin;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

export type OriginInput = {
  method: string;
  origin: string | null;
  referer: string | null;
  /** Whether the request carries a Cookie header: a browser adds cookies by itself, cross-site too. */
  hasCookie: boolean;
};

/**
 * Cross-site request forgery guard (DESIGN.md §7), a pure decision:
 * - GET, HEAD and OPTIONS change nothing: allowed.
 * - A request that names an origin (Origin, else Referer) must name a trusted one, cookie or not; an
 *   anonymous form posted from another site is refused too.
 * - A request that names none is allowed only without a cookie: curl, server-to-server, and the desktop
 *   app, whose main process sends a bearer token and never a cookie or an Origin
 *   (desktop/src/main/server.ts). A browser cannot forge that: it does not add bearer tokens by itself.
 */
export function originAllowed(req: OriginInput, trusted: readonly string[]): boolean {
  if (isSafeMethod(req.method)) return true;
  const from = claimedOrigin(req.origin, req.referer);
  if (from !== null) return trusted.includes(from);
  return !req.hasCookie;
}

export const FOREIGN_ORIGIN_MESSAGE =
  'This request did not come from this site. Reload the page and try again.';

/**
 * Runs before any body is read or any route runs, so a refused request changes nothing. `exempt` paths
 * change nothing but a log (the CSP report endpoint: browsers post reports on their own, with whatever
 * cookies and headers their reporting code chooses), or are authenticated by a token in their path (the
 * newsletter's one-click unsubscribe, posted by mail providers: RFC 8058).
 */
export function originCheck(
  env: Pick<Env, 'SITE_URL' | 'NODE_ENV'>,
  exempt: ReadonlyArray<string | RegExp> = [],
): MiddlewareHandler {
  const trusted = trustedOrigins(env);
  const isExempt = (path: string) => exempt.some((e) => (typeof e === 'string' ? e === path : e.test(path)));
  return async (c, next) => {
    if (isExempt(c.req.path)) return next();
    const allowed = originAllowed(
      {
        method: c.req.method,
        origin: c.req.header('origin') ?? null,
        referer: c.req.header('referer') ?? null,
        hasCookie: Boolean(c.req.header('cookie')),
      },
      trusted,
    );
    if (!allowed) return c.json({ message: FOREIGN_ORIGIN_MESSAGE }, 403);
    await next();
  };
}
