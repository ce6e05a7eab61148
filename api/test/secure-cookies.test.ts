import { afterAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { Booted } from '../src/bootstrap';
import type { AppDeps, AppEnv } from '../src/context';
import { insecureCookieWarning, secureCookies } from '../src/security/secure-cookies';
import { capturedLogger, signUp, testApp, testEnv, PRODUCTION_SECRET } from './helpers';

/**
 * Issue 27 §8: `Secure` followed only SITE_URL's scheme, so behind a proxy that ends TLS in front of
 * an http SITE_URL the session cookie went out without it, and nothing said so. Now SITE_URL's scheme
 * and a trusted proxy's X-Forwarded-Proto decide together, and production warns at start.
 */
async function signInCookies(booted: Booted, headers: Record<string, string>) {
  const { email, password } = await signUp(booted.app, {}, booted.deps.env.SITE_URL);
  const res = await booted.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: booted.deps.env.SITE_URL,
      'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}`,
      ...headers,
    },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().filter((c) => c.includes('session_token'));
}
const secure = (cookie: string) => /;\s*secure\s*(;|$)/i.test(cookie);

describe('Secure on session cookies', () => {
  const apps: Booted[] = [];
  const boot = async (env: Record<string, string>) => {
    const b = await testApp('pglite', { env });
    apps.push(b);
    return b;
  };
  afterAll(async () => {
    for (const b of apps) await b.close();
  });

  it('http SITE_URL behind a trusted proxy: Secure when the proxy says https, not when it says http', async () => {
    const booted = await boot({ SITE_URL: 'http://localhost:3000', TRUST_PROXY: 'true' });
    const viaHttps = await signInCookies(booted, { 'x-forwarded-proto': 'https' });
    expect(viaHttps.length).toBeGreaterThan(0);
    expect(viaHttps.every(secure)).toBe(true);
    const viaHttp = await signInCookies(booted, { 'x-forwarded-proto': 'http' });
    expect(viaHttp.some(secure)).toBe(false);
    // Signing out clears the cookie with the same attribute, so the browser drops the right one.
    const out = await booted.app.request('/api/logout', {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        'x-forwarded-proto': 'https',
        cookie: viaHttps[0]!.split(';')[0]!,
      },
    });
    expect(
      out.headers
        .getSetCookie()
        .filter((c) => c.includes('session_token'))
        .every(secure),
    ).toBe(true);
  });

  it('without TRUST_PROXY the header is not believed: no Secure on an http SITE_URL', async () => {
    const booted = await boot({ SITE_URL: 'http://localhost:3000', TRUST_PROXY: 'false' });
    const cookies = await signInCookies(booted, { 'x-forwarded-proto': 'https' });
    expect(cookies.some(secure)).toBe(false);
  });

  it('an https SITE_URL always gives Secure', async () => {
    const booted = await boot({ SITE_URL: 'https://www.example.com', TRUST_PROXY: 'false' });
    const cookies = await signInCookies(booted, {});
    expect(cookies.every(secure)).toBe(true);
  });
});

describe('the start-up warning', () => {
  const prod = (SITE_URL: string, TRUST_PROXY: string) =>
    testEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: PRODUCTION_SECRET, SITE_URL, TRUST_PROXY });

  it('production with an http SITE_URL warns, naming what to set; https or development does not', () => {
    expect(insecureCookieWarning(prod('http://shop.example', 'false'))).toMatch(
      /SITE_URL \(http:\/\/shop\.example\) is http and TRUST_PROXY is off: session cookies are sent without Secure/,
    );
    expect(insecureCookieWarning(prod('http://shop.example', '1'))).toMatch(
      /get Secure only on requests a trusted proxy marks X-Forwarded-Proto: https/,
    );
    expect(insecureCookieWarning(prod('https://shop.example', 'false'))).toBeNull();
    expect(insecureCookieWarning(testEnv({ SITE_URL: 'http://localhost:3000' }))).toBeNull();
  });

  it('a production server logs it when it starts', async () => {
    const { logger, lines } = capturedLogger();
    const booted = await testApp('pglite', {
      env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: PRODUCTION_SECRET, TRUST_PROXY: 'false' },
      logger,
    });
    try {
      const warning = lines.find((l) => l.level === 40 && String(l.msg).includes('without Secure'));
      expect(warning).toBeDefined();
    } finally {
      await booted.close();
    }
  });
});

describe('Secure is added once, to the cookies that lack it', () => {
  // The middleware on a bare app for an https site: the cookies are set by the handler as written.
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', { env: testEnv({ SITE_URL: 'https://www.example.com' }) } as AppDeps);
      await next();
    })
    .use(secureCookies)
    .get('/', (c) => {
      for (const cookie of written) c.header('set-cookie', cookie, { append: true });
      return c.text('ok');
    });
  const written = [
    'a=1; Path=/; Secure',
    'b=2;Secure;HttpOnly',
    'c=3; HttpOnly; secure',
    'd=4; HttpOnly',
    'e=5; Path=/securepath',
    'f=6; SecureX=1',
  ];

  it('keeps Secure where it is in any spelling, and adds it where only a look-alike is', async () => {
    const res = await app.request('/');
    expect(res.headers.getSetCookie()).toEqual([
      'a=1; Path=/; Secure',
      'b=2;Secure;HttpOnly',
      'c=3; HttpOnly; secure',
      'd=4; HttpOnly; Secure',
      'e=5; Path=/securepath; Secure',
      'f=6; SecureX=1; Secure',
    ]);
  });
});
