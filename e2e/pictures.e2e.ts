import type { Browser, Page } from 'playwright-core';
import { sharp } from './sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { demoAdmin, signInCookie } from './site-client';

/**
 * Issue 39: a reader's browser fetches each picture at the size it shows it. Real uploads (photo-like
 * JPEGs through POST /api/upload) become the pictures of the newest articles; once the queue has made
 * their sizes, each picture on /news and on an article page must have loaded a rung that covers its
 * rendered width at the screen's pixel ratio, and at 1,280 px none more than twice that width.
 */

/** Blurred noise: a photograph's detail, so encoders cannot shortcut flat areas. */
const photo = (width: number, height: number, seed: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 100 + seed * 20, sigma: 50 },
    },
  })
    .blur(1.5)
    .jpeg({ quality: 85 })
    .toBuffer();

interface Shown {
  alt: string;
  currentSrc: string;
  /** The loaded file's width in pixels: the rung's width, which its name states (the API tests check
   * each rung is that wide). naturalWidth would not do: for a srcset it is corrected by the density. */
  fileWidth: number;
  renderedWidth: number;
  loading: string | null;
  fetchPriority: string | null;
  hasSize: boolean;
}

/** Every <picture>'s image in the page that the reader has scrolled past, as the browser shows it. */
async function shownPictures(page: Page): Promise<Shown[]> {
  return page.$$eval('picture img', (imgs) =>
    (imgs as HTMLImageElement[])
      .filter((img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 0)
      .map((img) => ({
        alt: img.alt,
        currentSrc: img.currentSrc,
        fileWidth: Number(/-(\d+)w\.(?:avif|webp)$/.exec(img.currentSrc)?.[1] ?? Number.NaN),
        renderedWidth: img.getBoundingClientRect().width,
        loading: img.getAttribute('loading'),
        fetchPriority: img.getAttribute('fetchpriority'),
        hasSize: img.hasAttribute('width') && img.hasAttribute('height'),
      })),
  );
}

/** Scroll to the bottom in steps, as a reader does, so every lazy picture loads; then wait for them. */
async function scrollThrough(page: Page) {
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 400) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(60);
  }
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('picture img')]
      .filter((img) => img.getBoundingClientRect().top < window.innerHeight + window.scrollY)
      .every((img) => img.complete),
  );
}

describe('pictures sized for the screen that shows them (issue 39)', () => {
  let site: RunningSite;
  let browser: Browser;
  const uploaded: string[] = [];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    const { email, password } = demoAdmin(site.output());
    const cookie = await signInCookie(site.url, email, password);
    const headers = { cookie, origin: site.url };
    const newest = (await (await fetch(`${site.url}/api/content?limit=3`)).json()) as Array<{ id: number }>;
    for (const [i, article] of newest.entries()) {
      const form = new FormData();
      form.append('image', new Blob([await photo(2400, 1600, i)], { type: 'image/jpeg' }), 'camera.jpg');
      const res = await fetch(`${site.url}/api/upload`, { method: 'POST', headers, body: form });
      expect(res.status).toBe(201);
      const { imageUrl } = (await res.json()) as { imageUrl: string };
      uploaded.push(imageUrl);
      const put = await fetch(`${site.url}/api/content/${article.id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ imageUrl }),
      });
      expect(put.status).toBe(200);
    }
    // The queue makes the sizes in the background: wait until each picture's largest one is there.
    const deadline = Date.now() + 90_000;
    for (const url of uploaded) {
      const top = url.replace(/\.webp$/, '-1920w.avif');
      while ((await fetch(top, { redirect: 'manual' })).status !== 200) {
        if (Date.now() > deadline) throw new Error(`no sizes for ${url}:\n${site.output().slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  for (const { width, height, dpr } of [
    { width: 390, height: 844, dpr: 3 },
    { width: 1280, height: 800, dpr: 1 },
  ]) {
    it(`at ${width} px (DPR ${dpr}), /news and an article fetch sizes that fit what they show`, async () => {
      const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr });
      const page = await context.newPage();
      try {
        await page.goto(`${site.url}/news`);
        await page.locator('picture img').first().waitFor();
        await page.screenshot({ path: `/tmp/pictures-news-${width}.png` });
        await scrollThrough(page);
        const onNews = (await shownPictures(page)).filter((p) => p.currentSrc.includes('/uploads/'));
        expect(onNews.length).toBeGreaterThanOrEqual(3);
        for (const p of onNews) {
          const needed = p.renderedWidth * dpr;
          // An AVIF rung of the ladder, never the 2,000 px original.
          expect(p.currentSrc, p.alt).toMatch(/-\d+w\.avif$/);
          expect(p.fileWidth, `${p.alt}: ${p.currentSrc}`).toBeGreaterThanOrEqual(Math.min(needed, 1920) - 1);
          if (width === 1280)
            expect(p.fileWidth, `${p.alt}: ${p.currentSrc}`).toBeLessThanOrEqual(2 * needed);
          expect(p.hasSize).toBe(true);
        }

        const article = page.locator('a[href^="/content/"]').first();
        await page.evaluate(() => window.scrollTo(0, 0));
        await article.click();
        await page.waitForURL(/\/content\//);
        await page.locator('article picture img').first().waitFor();
        await page.screenshot({ path: `/tmp/pictures-article-${width}.png` });
        await scrollThrough(page);
        const [lead] = await shownPictures(page);
        expect(lead?.currentSrc).toMatch(/-\d+w\.avif$/);
        expect(lead?.loading).toBe('eager');
        expect(lead?.fetchPriority).toBe('high');
        const needed = (lead?.renderedWidth ?? 0) * dpr;
        expect(lead?.fileWidth).toBeGreaterThanOrEqual(Math.min(needed, 1920) - 1);
        if (width === 1280) expect(lead?.fileWidth).toBeLessThanOrEqual(2 * needed);
      } finally {
        await context.close();
      }
    });
  }
});
