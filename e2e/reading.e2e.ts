import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';

/** Console errors and warnings, to catch hydration mismatches. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  return problems;
}

describe('public reading in a real browser', () => {
  let site: RunningSite;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('a public page loads at most 120 KB gzip of JavaScript before interaction', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1],
    );
    expect(scripts.length).toBeGreaterThan(0);
    let total = 0;
    for (const s of scripts)
      total += gzipSync(Buffer.from(await (await fetch(`${site.url}${s}`)).arrayBuffer())).length;
    console.log(`initial JS on /: ${(total / 1024).toFixed(1)} KB gzip (${scripts.join(', ')})`);
    expect(total).toBeLessThanOrEqual(120 * 1024);
  });

  it('home → featured article, without hydration warnings', async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) apiCalls.push(new URL(r.url()).pathname);
    });
    await page.goto(`${site.url}/`);
    await page.waitForLoadState('networkidle');
    // The server handed its data to react-query: the browser does not fetch it again.
    expect(apiCalls).not.toContain('/api/content/featured');
    expect(apiCalls).not.toContain('/api/challenges');
    const featured = page.locator('section[aria-labelledby="featured"] a').first();
    const title = (await featured.locator('h3').textContent()) ?? '';
    await featured.click();
    await page.waitForURL(/\/content\//);
    await expect.poll(() => page.locator('h1').textContent()).toBe(title);
    await page.getByRole('heading', { name: 'Related Articles' }).waitFor();
    // A direct load of the article hydrates cleanly too.
    await page.reload();
    await page.getByRole('heading', { name: 'Related Articles' }).waitFor();
    expect(problems.filter((p) => /hydrat|did not match|Minified React error/i.test(p))).toEqual([]);
    await page.close();
  });

  it('news: search from 3 characters, then Load More Articles fetches the next page', async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${site.url}/news`);
    const cards = page.locator('main .grid > a');
    await expect.poll(() => cards.count()).toBe(20);
    await page.getByPlaceholder('Search articles...').fill('morning');
    await page.getByRole('heading', { name: 'Search Results for "morning"' }).waitFor();
    await expect.poll(() => page.getByText('Ten-Minute Morning Rituals That Actually Stick').count()).toBe(1);
    await page.getByPlaceholder('Search articles...').fill('');
    await page.getByRole('heading', { name: 'Latest News' }).waitFor();
    await page.getByRole('button', { name: 'Load More Articles' }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
    expect(problems.filter((p) => /hydrat|did not match|Minified React error/i.test(p))).toEqual([]);
    await page.close();
  });

  it('news: words typed into the search box before the page hydrated are searched for once it has', async () => {
    const page = await browser.newPage();
    // The scripts wait until the reader has typed, as on a slow phone.
    let release: () => void = () => undefined;
    const typed = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/assets/*.js', async (route) => {
      await typed;
      await route.continue();
    });
    // Module scripts run before DOMContentLoaded: wait for the server's HTML only.
    await page.goto(`${site.url}/news`, { waitUntil: 'commit' });
    await page.getByPlaceholder('Search articles...').fill('morning');
    release();
    await page.getByRole('heading', { name: 'Search Results for "morning"' }).waitFor();
    await expect.poll(() => page.getByText('Ten-Minute Morning Rituals That Actually Stick').count()).toBe(1);
    expect(await page.getByPlaceholder('Search articles...').inputValue()).toBe('morning');
    await page.close();
  });

  it('phone viewport: the drawer opens and closes when a link is chosen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${site.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Style' }).click();
    await page.waitForURL(/\/style$/);
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Style & Fashion' }).waitFor();
    await page.close();
  });
});
