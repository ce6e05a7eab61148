import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import type { Env } from '../env';
import { forwardedHttps } from '../lib/http/client-ip';

const siteIsHttps = (env: Pick<Env, 'SITE_URL'>) => env.SITE_URL.startsWith('https:');

/**
 * Whether this request's cookies must be Secure: SITE_URL is https (better-auth then sets it itself),
 * or a trusted proxy says the reader came over https (X-Forwarded-Proto), as behind a balancer that
 * ends TLS in front of an http SITE_URL (issue 27 §8).
 */
export function secureRequest(c: Context<AppEnv>): boolean {
  const { env } = c.var.deps;
  return siteIsHttps(env) || forwardedHttps(c, env.TRUST_PROXY);
}

/** Adds `Secure` to every cookie an https request is answered with. */
export const secureCookies: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const cookies = c.res.headers.getSetCookie();
  if (!cookies.length || !secureRequest(c)) return;
  const secured = cookies.map((cookie) =>
    /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`,
  );
  try {
    c.res.headers.delete('set-cookie');
  } catch {
    c.res = new Response(c.res.body, c.res); // immutable headers (a fetched Response): copy it
    c.res.headers.delete('set-cookie');
  }
  for (const cookie of secured) c.res.headers.append('set-cookie', cookie);
};

/**
 * The start-up warning for a production server whose cookies would travel without Secure: SITE_URL is
 * http. Behind a trusted proxy they still get it when the proxy says https; without one, never.
 */
export function insecureCookieWarning(
  env: Pick<Env, 'SITE_URL' | 'TRUST_PROXY' | 'isProduction'>,
): string | null {
  if (!env.isProduction || siteIsHttps(env)) return null;
  const proxied = !('hops' in env.TRUST_PROXY && env.TRUST_PROXY.hops === 0);
  return proxied
    ? `SITE_URL (${env.SITE_URL}) is http: session cookies get Secure only on requests a trusted proxy marks X-Forwarded-Proto: https. Set SITE_URL to the https address readers use.`
    : `SITE_URL (${env.SITE_URL}) is http and TRUST_PROXY is off: session cookies are sent without Secure. Set SITE_URL to the https address readers use (and TRUST_PROXY behind a proxy that ends TLS).`;
}
