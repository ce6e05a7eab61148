import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';

// Issue 13 in a real browser: the strict CSP breaks nothing, returnTo never leaves the site, and a page
// on another port of the same host (same-site: the session cookie goes along) cannot write.

// A real 8×8 PNG, so an accepted upload really is stored.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWN4sWADVsQwtCQAigGOAXyPtzoAAAAASUVORK5CYII=';

/** Collects CSP violations and console errors from the moment a page starts. */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __csp: string[] }).__csp.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  return {
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  };
}

const hydrated = (page: Page) =>
  page
    .waitForFunction(
      () => {
        const root = document.getElementById('root');
        return Boolean(root && Object.keys(root).some((k) => k.startsWith('__reactContainer')));
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch((e: Error) => {
      throw new Error(`${page.url()} did not hydrate: ${e.message}`);
    });

async function signIn(page: Page, url: string) {
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('bloom-admin-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.origin === new URL(url).origin && !u.pathname.startsWith('/sign-in'));
}

describe('security in a real browser (issue 13)', () => {
  let site: RunningSite;
  let browser: Browser;
  let evil: Server;
  let evilUrl: string;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    // "Another site": a page on another port of 127.0.0.1 that posts to the site with the visitor's cookies.
    evil = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><title>evil</title><p>hello</p>');
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await new Promise((r) => evil?.close(r));
  });

  it('home, an article and the shop hydrate with no CSP violation', async () => {
    const [first] = (await (await fetch(`${site.url}/api/content?limit=1`)).json()) as Array<{
      slug: string;
    }>;
    for (const path of ['/', `/article/${first!.slug}`, '/shop']) {
      const page = await browser.newPage();
      const w = await watch(page);
      const res = await page.goto(`${site.url}${path}`);
      expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(await w.violations(), path).toEqual([]);
      expect(w.errors, path).toEqual([]);
      await page.close();
    }
  });

  it('an article keeps its JSON-LD as a data block', async () => {
    const [first] = (await (await fetch(`${site.url}/api/content?limit=1`)).json()) as Array<{
      slug: string;
    }>;
    const page = await browser.newPage();
    await page.goto(`${site.url}/article/${first!.slug}`);
    const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(ld!)).toHaveProperty('@context');
    await page.close();
  });

  it('after signing in with a hostile returnTo, Chromium stays on the site', async () => {
    const context = await browser.newContext();
    // Never let the browser reach out: a request to the hostile host is answered here.
    await context.route(
      (url) => url.hostname.endsWith('evil.example'),
      (r) => r.fulfill({ status: 200, body: 'EVIL' }),
    );
    const hostile = [
      '%2F%09%2Fevil.example%2Fx',
      '%2F%0A%2Fevil.example%2Fx',
      '%2F%0D%2Fevil.example',
      '%2F%5Cevil.example',
      '%2F%2Fevil.example',
      'https%3A%2F%2Fevil.example',
    ];
    // Through the server: /api/login hands the sign-in page a safe returnTo.
    const page = await context.newPage();
    for (const value of hostile) {
      await page.goto(`${site.url}/api/login?returnTo=${value}`);
      expect(page.url(), value).toBe(`${site.url}/sign-in?returnTo=%2F`);
    }
    // Straight to the sign-in page, as a crafted link would: the browser code refuses them too.
    // (Three sign-ins: the sign-in rate limit is 10 a minute per client.)
    for (const value of hostile.slice(0, 3)) {
      await page.goto(`${site.url}/sign-in?returnTo=${value}`);
      await hydrated(page);
      await signIn(page, site.url);
      await page.waitForLoadState('load');
      expect(page.url(), value).toBe(`${site.url}/`);
      await context.clearCookies();
    }
    await context.close();
  });

  it('the admin works under the CSP, and a page on another port cannot write with its cookie', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const w = await watch(page);
    await page.goto(`${site.url}/sign-in?returnTo=/admin`);
    await hydrated(page);
    await signIn(page, site.url);
    await page.getByRole('heading', { name: 'Admin Dashboard - Manage your content and users' }).waitFor();
    // A write from the signed-in page goes through the Origin check.
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/product-categories', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `CSP ok ${Date.now()}` }),
      });
      return res.status;
    });
    expect(created).toBe(201);
    // Every tab renders with its data under the policy.
    const tabs = page.getByRole('tab');
    const count = await tabs.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i++) {
      const tab = tabs.nth(i);
      await tab.click();
      // The tab's panel is shown and its first reads have answered (a skeleton means still loading).
      await page.locator(`[role="tabpanel"][aria-labelledby="${await tab.getAttribute('id')}"]`).waitFor();
      await page.waitForFunction(() => !document.querySelector('[role="tabpanel"] [aria-busy="true"]'));
    }
    expect(await w.violations()).toEqual([]);
    expect(w.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);

    // The same browser (same cookies) on another origin: bodiless and multipart posts need no
    // preflight, so without the Origin check both of these succeeded (issue 13 §3).
    const uploadDir = path.join(site.dataDir, 'uploads');
    const rssRuns = async () =>
      page.evaluate(
        async () =>
          ((await (await fetch('/api/admin/rss/status')).json()) as { runs: unknown[] }).runs.length,
      );
    const uploads = () => (existsSync(uploadDir) ? readdirSync(uploadDir).length : 0);
    const [uploadsBefore, runsBefore] = [uploads(), await rssRuns()];
    const other = await context.newPage();
    await other.goto(evilUrl);
    const sent = await other.evaluate(
      async ({ target, png }) => {
        const form = new FormData();
        const bytes = Uint8Array.from(atob(png), (ch) => ch.charCodeAt(0));
        form.append('image', new Blob([bytes], { type: 'image/png' }), 'a.png');
        let n = 0;
        for (const [path, body] of [
          ['/api/upload', form],
          ['/api/admin/rss/process', undefined],
        ] as const) {
          // no-cors: the page cannot read the answer, but the request goes out with the cookies.
          await fetch(`${target}${path}`, {
            method: 'POST',
            mode: 'no-cors',
            credentials: 'include',
            body,
          }).catch(() => undefined);
          n++;
        }
        return n;
      },
      { target: site.url, png: PNG_BASE64 },
    );
    expect(sent).toBe(2);
    expect(uploads()).toBe(uploadsBefore);
    expect(await rssRuns()).toBe(runsBefore);
    // The same upload from the site's own page works, so the probe can tell.
    const own = await page.evaluate(async (png) => {
      const form = new FormData();
      const bytes = Uint8Array.from(atob(png), (ch) => ch.charCodeAt(0));
      form.append('image', new Blob([bytes], { type: 'image/png' }), 'a.png');
      return (await fetch('/api/upload', { method: 'POST', body: form })).status;
    }, PNG_BASE64);
    expect(own).toBe(201);
    expect(uploads()).toBe(uploadsBefore + 1);
    await context.close();
  });
});
