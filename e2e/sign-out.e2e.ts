import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { pressableProblems, watchConsole } from './visible-audit';

/**
 * Issue 27 §1 in a real browser: no GET signs a reader out. The menus' Sign Out posts and signs out at
 * once; the spec's /api/logout navigation shows a page whose button posts; an image in a reader's
 * story that points at /api/logout is not even in the page. At 390 and 1280 px.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.join(here, 'screenshots');
const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

let site: RunningSite;
let browser: Browser;
let n = 0;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A context signed in as a new reader, the way the sign-in page does it (sign up, then sign in). */
async function readerContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const email = `out-${Date.now()}-${n++}@example.com`;
  const data = { email, password: 'a-very-good-password', name: 'Olive Out' };
  const headers = { origin: site.url };
  expect((await context.request.post(`${site.url}/api/auth/sign-up/email`, { data, headers })).status()).toBe(
    200,
  );
  const signedIn = await context.request.post(`${site.url}/api/auth/sign-in/email`, { data, headers });
  expect(signedIn.status()).toBe(200);
  return context;
}
const signedInAs = async (page: Page) => (await page.request.get(`${site.url}/api/auth/user`)).status();
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `sign-out-${name}.png`), fullPage: false });

describe('sign out without a state-changing GET (issue 27 §1)', () => {
  for (const w of widths) {
    it(`${w.name}: the menu's Sign Out is pressable, posts, and lands at the top of home signed out`, async () => {
      const context = await readerContext(w.viewport);
      const page = await context.newPage();
      const errors = watchConsole(page);
      try {
        await page.goto(`${site.url}/news`, { waitUntil: 'networkidle' });
        await page.evaluate(() => window.scrollTo(0, 600));
        let scope: import('playwright-core').Locator;
        if (w.name === 'phone') {
          await page.getByRole('button', { name: 'Open menu' }).click();
          scope = page.getByRole('dialog', { name: 'Menu' });
        } else {
          await page.getByRole('button', { name: 'Account menu' }).click();
          scope = page.getByRole('menu');
        }
        expect(await pressableProblems(scope, ['Sign Out'])).toEqual([]);
        await shot(page, `${w.name}-menu`);
        const posted = page.waitForRequest((r) => r.url() === `${site.url}/api/logout`);
        await scope.getByRole(w.name === 'phone' ? 'button' : 'menuitem', { name: 'Sign Out' }).click();
        expect((await posted).method()).toBe('POST');
        await page.waitForURL(`${site.url}/`);
        await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        expect(await signedInAs(page)).toBe(401);
        await shot(page, `${w.name}-after`);
        // Back returns to the page the reader was on; it does not sign anyone in or out.
        await page.goBack();
        await page.waitForURL(`${site.url}/news`);
        expect(await signedInAs(page)).toBe(401);
        expect(errors()).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`${w.name}: opening /api/logout changes nothing; its page's Sign Out button signs out`, async () => {
      const context = await readerContext(w.viewport);
      const page = await context.newPage();
      try {
        await page.goto(`${site.url}/api/logout`, { waitUntil: 'networkidle' });
        expect(new URL(page.url()).pathname).toBe('/sign-out');
        await page.getByRole('heading', { name: 'Sign out?' }).waitFor();
        expect(await signedInAs(page)).toBe(200);
        const main = page.getByRole('main');
        expect(await pressableProblems(main, ['Sign Out', 'Stay signed in'])).toEqual([]);
        await shot(page, `${w.name}-page`);
        await main.getByRole('button', { name: 'Sign Out' }).click();
        await page.waitForURL(`${site.url}/`);
        expect(await signedInAs(page)).toBe(401);
        // Opening it again now says so, with a way home.
        await page.goto(`${site.url}/api/logout`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: "You're signed out" }).waitFor();
        expect(await pressableProblems(page.getByRole('main'), ['Back to Home'])).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('a published reader story with ![x](/api/logout) and ![x](/go/1) does not sign its readers out', async () => {
    // The story arrives, an editor approves and publishes it (through the API, as the admin).
    const admin = await browser.newContext();
    const creds = { email: 'admin@example.com', password: 'bloom-admin-demo' };
    const headers = { origin: site.url };
    expect(
      (await admin.request.post(`${site.url}/api/auth/sign-in/email`, { data: creds, headers })).status(),
    ).toBe(200);
    const sent = await admin.request.post(`${site.url}/api/stories`, {
      data: {
        name: 'Mallory',
        email: 'm@example.com',
        title: 'A story with pictures',
        story: 'My walk in pictures.\n\n![x](/api/logout)\n\n![y](/go/1)\n\n<img src="/api/logout">',
        consent: true,
      },
      headers,
    });
    expect(sent.status()).toBe(201);
    const stories = (await (await admin.request.get(`${site.url}/api/admin/stories`)).json()) as {
      id: number;
      title: string;
    }[];
    const story = stories.find((s) => s.title === 'A story with pictures')!;
    const approved = await admin.request.post(`${site.url}/api/admin/stories/${story.id}/approve`, {
      headers,
    });
    const { articleId } = (await approved.json()) as { articleId: number };
    const draft = (await (
      await admin.request.get(`${site.url}/api/admin/content/${articleId}`)
    ).json()) as Record<string, unknown>;
    const published = await admin.request.put(`${site.url}/api/content/${articleId}`, {
      data: {
        title: draft.title,
        excerpt: draft.excerpt,
        content: draft.content,
        category: draft.category,
        tags: draft.tags,
        status: 'published',
      },
      headers,
    });
    expect(published.status(), await published.text()).toBe(200);
    await admin.close();

    const context = await readerContext({ width: 390, height: 844 });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    try {
      await page.goto(`${site.url}/article/${articleId}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'A story with pictures' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      expect(requested.filter((p) => p === '/api/logout' || p.startsWith('/go/'))).toEqual([]);
      expect(await page.locator('article img[src*="/api/"], article img[src*="/go/"]').count()).toBe(0);
      expect(await signedInAs(page)).toBe(200);
    } finally {
      await context.close();
    }
  });
});
