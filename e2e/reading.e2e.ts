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

  /** Holds the browser's requests for scripts matching `pattern` until `release()`. */
  async function holdScripts(page: Page, pattern: RegExp) {
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => {
      release = r;
    });
    await page.route(pattern, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  async function fillStory(page: Page, title: string) {
    await page.getByLabel('Your name').fill('Early Reader');
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel('Story title').fill(title);
    await page
      .getByLabel('Your story')
      .fill(
        'I typed this on a slow train, before the page had finished loading, and it still arrived whole.',
      );
    await page.getByLabel(/editors may edit and publish/).check();
  }

  it('news: words typed into the search box before the page hydrated are searched for once it has', async () => {
    const page = await browser.newPage();
    // The scripts wait until the reader has typed, as on a slow phone.
    const release = await holdScripts(page, /\/assets\/.*\.js$/);
    // Module scripts run before DOMContentLoaded: wait for the server's HTML only.
    await page.goto(`${site.url}/news`, { waitUntil: 'commit' });
    await page.getByPlaceholder('Search articles...').fill('morning');
    release();
    await page.getByRole('heading', { name: 'Search Results for "morning"' }).waitFor();
    await expect.poll(() => page.getByText('Ten-Minute Morning Rituals That Actually Stick').count()).toBe(1);
    expect(await page.getByPlaceholder('Search articles...').inputValue()).toBe('morning');
    await page.close();
  });

  it('a story typed before the page hydrated is sent whole: every field, the consent box too', async () => {
    const page = await browser.newPage();
    const release = await holdScripts(page, /\/assets\/.*\.js$/);
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/stories')) sent.push(r.postDataJSON());
    });
    await page.goto(`${site.url}/community/submit-story`, { waitUntil: 'commit' });
    const title = `Typed early ${Date.now()}`;
    await fillStory(page, title);
    release();
    // The page's script ran and hydrated (the last chunk loaded) before the reader presses Send.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Send My Story' }).click();
    await page.getByText(/Thank you for sharing/).waitFor();
    expect(sent).toEqual([
      expect.objectContaining({ name: 'Early Reader', email: 'early@example.com', title, consent: true }),
    ]);
    await page.close();
  });

  it('a story typed on while the page hydrates is sent whole, whichever field the hydration falls in', async () => {
    const steps = (page: Page, title: string) => [
      () => page.getByLabel('Your name').fill('Early Reader'),
      () => page.getByLabel('Email').fill('early@example.com'),
      () => page.getByLabel('Story title').fill(title),
      () =>
        page
          .getByLabel('Your story')
          .fill('Half typed before the page woke, half after, and all of it arrived.'),
      () => page.getByLabel(/editors may edit and publish/).check(),
    ];
    // The page's chunk arrives after the first `at` fields; a slowed CPU (as on a phone, or a CI
    // runner at full load) stretches the hydration over the typing that follows. Three sends: the
    // site takes five stories an hour from one address, and this file sends five.
    for (const [at, cpu] of [
      [1, 8],
      [3, 1],
      [4, 8],
    ] as const) {
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      const release = await holdScripts(page, /\/assets\/SubmitStoryPage-[^/]*\.js$/);
      const sent: unknown[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/stories')) sent.push(r.postDataJSON());
      });
      await page.goto(`${site.url}/community/submit-story`, { waitUntil: 'domcontentloaded' });
      const title = `Typed on ${at} ${cpu} ${Date.now()}`;
      for (const [i, step] of steps(page, title).entries()) {
        if (i === at) release();
        await step();
      }
      await page.getByRole('button', { name: 'Send My Story' }).click();
      await page.getByText(/Thank you for sharing/).waitFor();
      expect(sent).toEqual([
        expect.objectContaining({ name: 'Early Reader', email: 'early@example.com', title, consent: true }),
      ]);
      await page.close();
    }
  });

  it('Send pressed before the page hydrated is held, not sent by the browser into the URL, and goes once it has', async () => {
    const page = await browser.newPage();
    // The first script runs; the page's own chunk is slow, as on a phone.
    const release = await holdScripts(page, /\/assets\/SubmitStoryPage-[^/]*\.js$/);
    await page.goto(`${site.url}/community/submit-story`, { waitUntil: 'domcontentloaded' });
    const title = `Sent early ${Date.now()}`;
    await fillStory(page, title);
    await page.getByRole('button', { name: 'Send My Story' }).click();
    // Without the hold the browser would GET the page with the story in its query string.
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Story title').inputValue()).toBe(title);
    release();
    await page.getByText(/Thank you for sharing/).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('phone viewport: the menu pressed before the page hydrated opens once it has', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    // The first script runs; the page's own chunk is slow, so React is not listening yet.
    const release = await holdScripts(page, /\/assets\/HomePage-[^/]*\.js$/);
    await page.goto(`${site.url}/`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    release();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
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
