import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { FOREIGN_ORIGIN_MESSAGE, claimedOrigin, originAllowed, trustedOrigins } from '../src/security/origin';
import { imageForm } from './admin-routes';
import { dbTargets, signUpAdmin, testApp } from './helpers';

const SITE = 'http://localhost:3000';
const EVIL = 'https://evil.example';

describe('originAllowed: the pure decision (issue 13 §3)', () => {
  const trusted = [SITE];
  const req = (over: Partial<Parameters<typeof originAllowed>[0]>) => ({
    method: 'POST',
    origin: null,
    referer: null,
    hasCookie: true,
    ...over,
  });
  it('lets reads through whatever they carry', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(originAllowed(req({ method, origin: EVIL }), trusted)).toBe(true);
    }
  });
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s with a cookie needs our Origin, or without one our Referer',
    (method) => {
      expect(originAllowed(req({ method, origin: SITE }), trusted)).toBe(true);
      expect(originAllowed(req({ method, origin: EVIL }), trusted)).toBe(false);
      expect(originAllowed(req({ method, origin: 'null' }), trusted)).toBe(false);
      expect(originAllowed(req({ method, origin: `${SITE}.evil.example` }), trusted)).toBe(false);
      expect(originAllowed(req({ method }), trusted)).toBe(false);
      expect(originAllowed(req({ method, referer: `${SITE}/admin?tab=shop` }), trusted)).toBe(true);
      expect(originAllowed(req({ method, referer: `${EVIL}/x` }), trusted)).toBe(false);
      expect(originAllowed(req({ method, referer: 'not a url' }), trusted)).toBe(false);
      // Origin wins over Referer.
      expect(originAllowed(req({ method, origin: EVIL, referer: `${SITE}/` }), trusted)).toBe(false);
    },
  );
  it('without a cookie: no Origin and no Referer is allowed (curl, the desktop bearer), a foreign one is not', () => {
    expect(originAllowed(req({ hasCookie: false }), trusted)).toBe(true);
    expect(originAllowed(req({ hasCookie: false, origin: EVIL }), trusted)).toBe(false);
    expect(originAllowed(req({ hasCookie: false, referer: `${EVIL}/form` }), trusted)).toBe(false);
    expect(originAllowed(req({ hasCookie: false, origin: SITE }), trusted)).toBe(true);
  });
  it('claimedOrigin reads Origin, else the Referer origin', () => {
    expect(claimedOrigin(null, null)).toBeNull();
    expect(claimedOrigin(SITE, `${EVIL}/`)).toBe(SITE);
    expect(claimedOrigin(null, `${EVIL}/a/b?c`)).toBe(EVIL);
    expect(claimedOrigin(null, '::')).toBe('null');
  });
  it('trusts SITE_URL origin, plus the Vite dev server only in development', () => {
    expect(trustedOrigins({ SITE_URL: 'https://bloom.example', NODE_ENV: 'production' })).toEqual([
      'https://bloom.example',
    ]);
    expect(trustedOrigins({ SITE_URL: SITE, NODE_ENV: 'test' })).toEqual([SITE]);
    expect(trustedOrigins({ SITE_URL: SITE, NODE_ENV: 'development' })).toEqual([
      SITE,
      'http://localhost:5173',
    ]);
  });
});

describe.each(dbTargets)('Origin on every state change over HTTP on %s', (kind) => {
  let booted: Booted;
  let cookie: string;
  let bearer: string;
  beforeAll(async () => {
    booted = await testApp(kind);
    const admin = await signUpAdmin(booted);
    // Signing in without a cookie and without an Origin, as the desktop app's main process does.
    const res = await booted.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.7.7.7' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(res.status).toBe(200);
    bearer = res.headers.get('set-auth-token') ?? '';
    expect(bearer).not.toBe('');
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  });
  afterAll(async () => booted?.close());

  const counts = async () => {
    const db = booted.deps.db;
    return {
      articles: await db.$count(s.articles),
      categories: await db.$count(s.productCategories),
      messages: await db.$count(s.contactMessages),
      sessions: await db.$count(s.session),
    };
  };
  const send = (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: FormData | string | object,
  ) =>
    booted.app.request(path, {
      method,
      headers: {
        'x-forwarded-for': '10.7.7.8',
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body instanceof FormData || body === undefined ? body : JSON.stringify(body),
    });

  const writes: Array<[string, string, () => object | FormData | undefined]> = [
    ['POST', '/api/content', () => ({ title: 'X', excerpt: 'E', content: 'C', category: 'style' })],
    ['POST', '/api/product-categories', () => ({ name: 'Cross-site' })],
    ['POST', '/api/upload', () => imageForm()],
    ['POST', '/api/admin/rss/process', () => undefined],
    ['PUT', '/api/content/1', () => ({ title: 'X', excerpt: 'E', content: 'C', category: 'style' })],
    ['DELETE', '/api/product-categories/1', () => undefined],
    [
      'POST',
      '/api/contact',
      () => ({ firstName: 'A', lastName: 'B', email: 'a@b.co', subject: 'S', message: 'Hi' }),
    ],
    ['POST', '/api/auth/sign-out', () => ({})],
    ['POST', '/api/auth/update-user', () => ({ name: 'Hijacked' })],
  ];

  it('refuses a foreign Origin, a foreign Referer, and a cookie with neither: 403, nothing changed', async () => {
    const before = await counts();
    for (const [method, path, body] of writes) {
      for (const headers of <Array<Record<string, string>>>[
        { cookie, origin: EVIL },
        { cookie, referer: `${EVIL}/page` },
        { cookie, origin: 'null' },
        { cookie },
        { origin: EVIL },
        { authorization: `Bearer ${bearer}`, origin: EVIL },
      ]) {
        const res = await send(method, path, headers, body());
        expect(res.status, `${method} ${path} ${JSON.stringify(Object.keys(headers))}`).toBe(403);
        expect(await res.json()).toEqual({ message: FOREIGN_ORIGIN_MESSAGE });
      }
    }
    expect(await counts()).toEqual(before);
    expect((await send('GET', '/api/auth/user', { cookie })).status).toBe(200);
  });

  it('accepts the same writes from our own Origin or Referer', async () => {
    expect(
      (await send('POST', '/api/product-categories', { cookie, origin: SITE }, { name: 'Ours' })).status,
    ).toBe(201);
    expect(
      (
        await send(
          'POST',
          '/api/product-categories',
          { cookie, referer: `${SITE}/admin` },
          { name: 'Ours 2' },
        )
      ).status,
    ).toBe(201);
    expect((await send('POST', '/api/upload', { cookie, origin: SITE }, imageForm())).status).toBe(201);
  });

  it("keeps the desktop app's bearer requests working (no cookie, no Origin)", async () => {
    const res = await send(
      'POST',
      '/api/product-categories',
      { authorization: `Bearer ${bearer}` },
      { name: 'Desk' },
    );
    expect(res.status).toBe(201);
    expect(
      (await send('POST', '/api/upload', { authorization: `Bearer ${bearer}` }, imageForm())).status,
    ).toBe(201);
  });

  it('allows an anonymous post with no Origin and no Referer (curl)', async () => {
    const res = await send(
      'POST',
      '/api/contact',
      {},
      {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        subject: 'S',
        message: 'Hello from curl',
      },
    );
    expect(res.status).toBe(201);
  });

  it('decides before reading the body', async () => {
    const post = async (origin: string) => {
      let pulled = false;
      // highWaterMark 0: nothing is pulled until someone reads.
      const body = new ReadableStream(
        {
          pull(controller) {
            pulled = true;
            controller.enqueue(new TextEncoder().encode('{"name":"Streamed"}'));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      const res = await booted.app.request('/api/product-categories', {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      return { status: res.status, pulled };
    };
    expect(await post(EVIL)).toEqual({ status: 403, pulled: false });
    // The same request from our origin is read (so the probe can tell).
    expect(await post(SITE)).toEqual({ status: 201, pulled: true });
  });
});
