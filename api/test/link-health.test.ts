import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LinkHealthReport } from '@site/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { checkLink, isRedirectToOtherHome } from '../src/insights/link-health/check-link';
import { linkHealthIdle } from '../src/insights/link-health/run';
import type { FetchLimits } from '../src/lib/http/safe-fetch';
import { type Agent, capturedLogger, dbTargets, signUpAdmin, testApp } from './helpers';

/** A retailer on 127.0.0.1: live, gone, HEAD-refusing, hanging, looping and home-redirecting links. */
function startShop() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const port = (server.address() as AddressInfo).port;
    const redirect = (to: string) => res.writeHead(302, { location: to }).end();
    switch (req.url) {
      case '/ok':
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>In stock</p>');
      case '/gone':
        return res.writeHead(404).end('Not found');
      case '/broken-server':
        return res.writeHead(503).end();
      case '/no-head':
        if (req.method === 'HEAD') return res.writeHead(405, { allow: 'GET' }).end();
        return res.writeHead(200).end('ok');
      case '/moved':
        return redirect('/ok');
      case '/loop-a':
        return redirect('/loop-b');
      case '/loop-b':
        return redirect('/loop-a');
      case '/discontinued':
        // "localhost" is another site than "127.0.0.1" here; its home page is not the product.
        return redirect(`http://localhost:${port}/`);
      case '/hang':
        return; // never answers
      default:
        return res.writeHead(200).end('home');
    }
  });
  return new Promise<{ base: string; hits: string[]; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        base: `http://127.0.0.1:${port}`,
        hits,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

const limits: FetchLimits = { timeoutMs: 800, maxBytes: 16 * 1024, maxRedirects: 3, allowPrivate: true };

let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

describe('affiliate link check', () => {
  it('passes a live link (HEAD) and follows a redirect to the product', async () => {
    const ok = await checkLink(`${shop.base}/ok`, limits);
    expect(ok).toMatchObject({ status: 200, finalUrl: `${shop.base}/ok`, error: null, broken: false });
    expect(ok.durationMs).toBeGreaterThanOrEqual(0);
    expect(shop.hits).toContain('HEAD /ok');
    expect(await checkLink(`${shop.base}/moved`, limits)).toMatchObject({
      status: 200,
      finalUrl: `${shop.base}/ok`,
      broken: false,
    });
  });

  it('asks again with GET when the server refuses HEAD', async () => {
    expect(await checkLink(`${shop.base}/no-head`, limits)).toMatchObject({ status: 200, broken: false });
    expect(shop.hits.filter((h) => h.endsWith('/no-head'))).toEqual(['HEAD /no-head', 'GET /no-head']);
  });

  it('flags 404 and 5xx', async () => {
    expect(await checkLink(`${shop.base}/gone`, limits)).toMatchObject({
      status: 404,
      error: 'HTTP 404',
      broken: true,
    });
    expect(await checkLink(`${shop.base}/broken-server`, limits)).toMatchObject({
      status: 503,
      broken: true,
    });
  });

  it('flags a timeout and a redirect loop', async () => {
    const started = Date.now();
    expect(await checkLink(`${shop.base}/hang`, limits)).toMatchObject({
      status: null,
      error: 'Timed out after 800 ms',
      broken: true,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await checkLink(`${shop.base}/loop-a`, limits)).toMatchObject({
      error: 'Too many redirects (more than 3)',
      broken: true,
    });
  });

  it('flags a redirect to a different site’s home page', async () => {
    const r = await checkLink(`${shop.base}/discontinued`, limits);
    expect(r).toMatchObject({ status: 200, broken: true, error: 'Redirects to another site’s home page' });
    expect(r.finalUrl).toMatch(/^http:\/\/localhost:\d+\/$/);
    expect(isRedirectToOtherHome('https://www.shop.example/p/1', 'https://shop.example/')).toBe(false);
    expect(isRedirectToOtherHome('https://shop.example/', 'https://other.example/')).toBe(false);
  });

  it('refuses private addresses unless allowed, without sending anything', async () => {
    const before = shop.hits.length;
    for (const url of [
      `${shop.base}/ok`,
      'http://10.0.0.1/p',
      'http://169.254.169.254/latest',
      'file:///etc/passwd',
    ]) {
      const r = await checkLink(url, { ...limits, allowPrivate: false });
      expect(r.broken, url).toBe(true);
      expect(r.error, url).toMatch(/not allowed|private|only http\(s\)/i);
    }
    expect(shop.hits.length).toBe(before);
    // The report shows the refusal in the link check's words (the feed fetcher says "feeds").
    expect((await checkLink('file:///etc/passwd', limits)).error).toBe(
      'Refused file: URL: only http(s) URLs are fetched',
    );
  });
});

describe.each(dbTargets)('link health routes on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  const ids: Record<string, number> = {};
  const log = capturedLogger();
  beforeAll(async () => {
    booted = await testApp(kind, { env: { RSS_ALLOW_PRIVATE: 'true' }, logger: log.logger });
    admin = (await signUpAdmin(booted)).agent;
    const rows = await booted.deps.db
      .insert(s.products)
      .values(
        ['ok', 'gone', 'no-head', 'discontinued'].map((p) => ({
          title: `Product ${p}`,
          description: 'D',
          price: '9.99',
          affiliateUrl: `${shop.base}/${p}`,
        })),
      )
      .returning({ id: s.products.id, url: s.products.affiliateUrl });
    for (const r of rows) ids[r.url!.split('/').pop()!] = r.id;
    await booted.deps.db.insert(s.products).values({ title: 'No link', description: 'D', price: '1.00' });
  });
  afterAll(async () => booted?.close());

  it('post /admin/insights/link-health/run checks every link; the list filters and flags the broken', async () => {
    const run = await admin.post('/api/admin/insights/link-health/run');
    expect(run.status).toBe(202);
    expect(await run.json()).toEqual({ message: 'Link check started' });
    await linkHealthIdle(booted.deps);
    const report = (await (await admin.get('/api/admin/insights/link-health')).json()) as LinkHealthReport;
    expect(report).toMatchObject({ running: false, checked: 4, broken: 2 });
    // A run started by hand tells the operator how it went, as a scheduled one does.
    expect(log.lines.find((l) => String(l.msg).startsWith('[links] manual check done'))).toMatchObject({
      trigger: 'manual',
      checked: 4,
      broken: 2,
      ms: expect.any(Number),
    });
    expect(report.checks.slice(0, 2).map((c) => c.title)).toEqual(['Product discontinued', 'Product gone']);
    expect(report.checks.find((c) => c.productId === ids.gone)).toMatchObject({
      status: 404,
      error: 'HTTP 404',
    });

    const broken = (await (await admin.get('/api/admin/products?limit=50&broken=true')).json()) as {
      id: number;
      linkBroken: boolean;
    }[];
    expect(broken.map((p) => p.id).sort()).toEqual([ids.gone, ids.discontinued].sort());
    const all = (await (await admin.get('/api/admin/products?limit=50')).json()) as {
      id: number;
      linkBroken: boolean;
    }[];
    expect(all).toHaveLength(5);
    expect(all.find((p) => p.id === ids.ok)?.linkBroken).toBe(false);
    expect((await admin.get('/api/admin/products?broken=maybe')).status).toBe(400);

    // An edited link is not flagged by the old link's result.
    await booted.deps.db
      .update(s.products)
      .set({ affiliateUrl: `${shop.base}/ok?v=2` })
      .where((await import('drizzle-orm')).eq(s.products.id, ids.gone!));
    const after = (await (await admin.get('/api/admin/products?limit=50&broken=true')).json()) as {
      id: number;
    }[];
    expect(after.map((p) => p.id)).toEqual([ids.discontinued]);
  });

  it('the report says when the scheduled check runs next, and that none will with LINK_CHECK_CRON=off (issue 26)', async () => {
    const report = (await (await admin.get('/api/admin/insights/link-health')).json()) as LinkHealthReport;
    // Default: 04:30 London time, within the next day.
    const next = new Date(report.nextCheckAt ?? '');
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(25 * 60 * 60 * 1000);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeStyle: 'short' }).format(next),
    ).toBe('04:30');
    const off = await testApp(kind, { env: { LINK_CHECK_CRON: 'off' } });
    try {
      const offAdmin = (await signUpAdmin(off)).agent;
      const offReport = (await (
        await offAdmin.get('/api/admin/insights/link-health')
      ).json()) as LinkHealthReport;
      expect(offReport.nextCheckAt).toBeNull();
    } finally {
      await off.close();
    }
  });

  it('the public product page keeps working with a broken link', async () => {
    const res = await booted.app.request(`/go/${ids.discontinued}`);
    expect(res.status).toBe(302);
    // Product detail is for signed-in readers; the check changes nothing there.
    expect((await admin.get(`/api/products/${ids.discontinued}`)).status).toBe(200);
  });
});
