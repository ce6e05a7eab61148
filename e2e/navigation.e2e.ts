import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { demoAdmin, signInCookie } from './site-client';
import { watchConsole } from './visible-audit';

/**
 * Issue 26: navigation that behaves like a web site, tested the way a person moves. The reader scrolls
 * with the mouse wheel until a link is in view, presses it where it is shown, and after each step we
 * look at where the page is scrolled and what is in view: a new page opens at its top, Back returns to
 * the place the reader left (the link they pressed in view again), Forward to the top they had seen.
 * Every link kind (header, drawer, footer, card, related, Load More) at 390 and 1280 px.
 */
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const HEADER = 64; // the sticky header's height: what it covers is not in view

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

interface Place {
  y: number;
  url: string;
}

/** Where the page is scrolled and its address, once the scroll position has settled. */
async function place(page: Page): Promise<Place> {
  await settledScroll(page);
  return { y: await page.evaluate(() => Math.round(window.scrollY)), url: page.url() };
}

/** Until the scroll position has not moved for 150 ms (keyboard and wheel scrolls are animated). */
async function settledScroll(page: Page) {
  let last = -1;
  let still = 0;
  for (let i = 0; i < 80 && still < 3; i++) {
    const y = await page.evaluate(() => window.scrollY);
    still = y === last ? still + 1 : 0;
    last = y;
    await page.waitForTimeout(50);
  }
}

/**
 * Whether the element is in the viewport and the topmost one at its centre; page content must be below
 * the sticky header (what it covers is not in view), the header's own links may be in it.
 */
async function inView(target: Locator, inHeader = false): Promise<string | null> {
  return target.evaluate(
    (el, header) => {
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) return 'has no box';
      if (r.bottom <= header || r.top >= window.innerHeight)
        return `is out of view (top ${Math.round(r.top)})`;
      const cx = r.left + r.width / 2;
      const cy = Math.min(Math.max(r.top + r.height / 2, header + 1), window.innerHeight - 1);
      const hit = document.elementFromPoint(cx, cy);
      if (!hit || !(hit === el || el.contains(hit) || hit.contains(el))) {
        return `is covered by <${hit?.tagName.toLowerCase()}> "${hit?.textContent?.trim().slice(0, 40)}"`;
      }
      return null;
    },
    inHeader ? 0 : HEADER,
  );
}

/** Whether all of the element is between the sticky header and the bottom of the viewport. */
async function wholeInView(target: Locator): Promise<string | null> {
  return target.evaluate((el, header) => {
    const r = el.getBoundingClientRect();
    if (r.height > window.innerHeight - header) return null; // taller than the view: nothing to ask
    if (r.top < header - 1) return `is under the header (top ${Math.round(r.top)})`;
    if (r.bottom > window.innerHeight + 1) return `runs off the bottom (${Math.round(r.bottom)})`;
    return null;
  }, HEADER);
}

/** Scrolls with the mouse wheel, as a person does, until `target` is fully in view below the header. */
async function wheelTo(page: Page, target: Locator) {
  await target.waitFor({ state: 'attached' });
  const vh = page.viewportSize()!.height;
  for (let i = 0; i < 200; i++) {
    const box = await target.boundingBox();
    if (!box) throw new Error('target has no box');
    if (box.y >= HEADER + 8 && box.y + box.height <= vh - 8) break;
    const goal = box.y - vh / 3;
    const step = Math.sign(goal) * Math.min(Math.abs(goal), vh * 0.8);
    await page.mouse.move(page.viewportSize()!.width / 2, vh / 2);
    await page.mouse.wheel(0, Math.abs(step) < 1 ? Math.sign(goal) * 40 : step);
    await page.waitForTimeout(60);
  }
  await settledScroll(page);
  expect(await inView(target), 'the link is in view before it is pressed').toBeNull();
}

/** Presses at the centre of what is shown (not a scripted click on a hidden node). */
async function press(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** A new page: its address, scrolled to the top, its heading in view. */
async function expectNewPageAtTop(page: Page, url: RegExp) {
  await page.waitForURL(url);
  const h1 = page.locator('main h1').first();
  await h1.waitFor();
  await expect.poll(async () => (await place(page)).y, { message: 'a new page opens at its top' }).toBe(0);
  expect(await inView(h1), 'its title is in view').toBeNull();
}

/** Back (or Forward): the same address and scroll position as before, and `target` in view again. */
async function expectReturnedTo(page: Page, before: Place, target: Locator) {
  await page.waitForURL(before.url);
  await expect
    .poll(async () => (await place(page)).y, { message: `returns to scrollY ${before.y}` })
    .toBeGreaterThanOrEqual(before.y - 2);
  expect(Math.abs((await place(page)).y - before.y), 'the same place').toBeLessThanOrEqual(2);
  expect(await inView(target), 'what the reader pressed is in view again').toBeNull();
}

describe('scroll position, Back and Forward as on a web site (issue 26)', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    mkdirSync(SHOTS, { recursive: true });
    // Enough published articles for /news to grow to 40 cards and more with Load More.
    const admin = demoAdmin(site.output());
    const cookie = await signInCookie(site.url, admin.email, admin.password);
    for (let i = 1; i <= 24; i++) {
      const res = await fetch(`${site.url}/api/content`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: site.url },
        body: JSON.stringify({
          title: `Reader walk ${String(i).padStart(2, '0')}: notes from a slow morning`,
          excerpt: 'A short piece for the navigation test.',
          content: `<p>${'A gentle paragraph about mornings. '.repeat(40)}</p>`,
          category: i % 2 ? 'wellness' : 'style',
          status: 'published',
          publishedAt: new Date(Date.now() - (40 + i) * 86_400_000).toISOString(),
        }),
      });
      if (res.status !== 201) throw new Error(`seeding articles: ${res.status} ${await res.text()}`);
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  for (const vp of WIDTHS) {
    describe(`at ${vp.width} px`, () => {
      let context: BrowserContext;
      let page: Page;
      let errors: () => string[];
      beforeAll(async () => {
        context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
        page = await context.newPage();
        errors = watchConsole(page);
      });
      afterAll(async () => {
        expect(errors()).toEqual([]);
        await context?.close();
      });
      const shot = (name: string) =>
        page.screenshot({ path: path.join(SHOTS, `navigation-${vp.width}-${name}.png`) });

      it('a card: the article opens at its top; Back returns to the card; Forward to the article’s top', async () => {
        await page.goto(`${site.url}/news`);
        const card = page.locator('main a[href^="/content/"]').nth(7);
        await wheelTo(page, card);
        const before = await place(page);
        expect(before.y).toBeGreaterThan(300);
        const href = (await card.getAttribute('href'))!;
        await press(page, card);
        await expectNewPageAtTop(page, new RegExp(`${href}$`));
        await page.goBack();
        await expectReturnedTo(page, before, page.locator(`main a[href="${href}"]`));
        await page.goForward();
        await expectNewPageAtTop(page, new RegExp(`${href}$`));
      });

      it('scrolled before the page hydrated (a slow phone): a card, then Back returns to it', async () => {
        let release: () => void = () => undefined;
        const released = new Promise<void>((r) => {
          release = r;
        });
        const held = /\/assets\/.*\.js$/;
        await page.route(held, async (route) => {
          await released;
          await route.continue();
        });
        await page.goto(`${site.url}/news?early=1`, { waitUntil: 'commit' });
        const card = page.locator('main a[href^="/content/"]').nth(6);
        await wheelTo(page, card);
        const before = await place(page);
        expect(before.y).toBeGreaterThan(300);
        release();
        await page.waitForLoadState('networkidle');
        await page.unroute(held);
        const href = (await card.getAttribute('href'))!;
        await press(page, card);
        await expectNewPageAtTop(page, new RegExp(`${href}$`));
        await page.goBack();
        await expectReturnedTo(page, before, page.locator(`main a[href="${href}"]`));
      });

      it('Load More: the list grows in place; card 40 opens at the top; Back shows all 40 cards at the same place', async () => {
        await page.goto(`${site.url}/news`);
        await shot('1-news');
        const more = page.getByRole('button', { name: 'Load More Articles' });
        await wheelTo(page, more);
        const atButton = await place(page);
        await press(page, more);
        await page.waitForURL(/\/news\?pages=2$/);
        const cards = page.locator('main a:has(h2)');
        await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(40);
        // Loading more moves nothing: the reader is where they were, the new cards below.
        expect(Math.abs((await place(page)).y - atButton.y)).toBeLessThanOrEqual(2);
        // Card 40, or the last card of ours before it (imported items open their source in a new tab).
        let n = 39;
        while (!(await cards.nth(n).getAttribute('href'))?.startsWith('/content/')) n--;
        const card40 = cards.nth(n);
        await wheelTo(page, card40);
        await shot('2-news-40-cards');
        const before = await place(page);
        const href = (await card40.getAttribute('href'))!;
        await press(page, card40);
        await expectNewPageAtTop(page, new RegExp(`${href}$`));
        await shot('3-article-40');
        await page.goBack();
        await expectReturnedTo(page, before, page.locator(`main a[href="${href}"]`));
        expect(await cards.count()).toBeGreaterThanOrEqual(40);
        await shot('4-back-to-card-40');
        // A reload of the grown list (and so a Back from another site) keeps cards and place too.
        await page.reload();
        await expectReturnedTo(page, before, page.locator(`main a[href="${href}"]`));
        await page.goForward();
        await expectNewPageAtTop(page, new RegExp(`${href}$`));
      });

      it('a related article: opens at its top; Back returns to Related Articles', async () => {
        await page.goto(`${site.url}/news/wellness`);
        const first = page.locator('main a[href^="/content/"]').first();
        await press(page, first);
        await expectNewPageAtTop(page, /\/content\//);
        const related = page.locator('section[aria-labelledby="related"] a').first();
        await wheelTo(page, related);
        const before = await place(page);
        const href = (await related.getAttribute('href'))!;
        await press(page, related);
        await expectNewPageAtTop(page, new RegExp(`${href}$`));
        await page.goBack();
        await expectReturnedTo(
          page,
          before,
          page.locator(`section[aria-labelledby="related"] a[href="${href}"]`),
        );
        await page.goForward();
        await expectNewPageAtTop(page, new RegExp(`${href}$`));
      });

      it('a footer link: the page opens at its top; Back returns to the footer', async () => {
        await page.goto(`${site.url}/news`);
        const link = page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' });
        await wheelTo(page, link);
        const before = await place(page);
        await press(page, link);
        await expectNewPageAtTop(page, /\/contact$/);
        await page.goBack();
        await expectReturnedTo(page, before, link);
        await page.goForward();
        await expectNewPageAtTop(page, /\/contact$/);
      });

      it('the header (phone: the drawer): the page opens at its top; Back returns to where the reader was', async () => {
        await page.goto(`${site.url}/recipes`);
        const card = page.locator('main a[href^="/recipe/"]').nth(4);
        await wheelTo(page, card);
        const before = await place(page);
        if (vp.width < 768) {
          // The sticky header stays in view; its menu opens the drawer.
          await press(page, page.getByRole('button', { name: 'Open menu' }));
          const drawer = page.getByRole('dialog', { name: 'Menu' });
          await drawer.waitFor();
          const shop = drawer.getByRole('link', { name: 'Shop' });
          expect(await inView(shop, true)).toBeNull();
          await press(page, shop);
        } else {
          const shop = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' });
          expect(await inView(shop, true)).toBeNull();
          await press(page, shop);
        }
        await expectNewPageAtTop(page, /\/shop$/);
        await page.goBack();
        await expectReturnedTo(page, before, card);
        // The logo, from far down a page: home at its top.
        const logo = page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Bloom & Balance' });
        expect(await inView(logo, true)).toBeNull();
        await press(page, logo);
        await page.waitForURL(`${site.url}/`);
        await expect.poll(async () => (await place(page)).y).toBe(0);
        await page.goBack();
        await expectReturnedTo(page, before, card);
        await page.goForward();
        await page.waitForURL(`${site.url}/`);
        await expect.poll(async () => (await place(page)).y).toBe(0);
      });

      it('tabbing backwards through the cards never leaves the focused one under the sticky header', async () => {
        await page.goto(`${site.url}/news`);
        await page.waitForLoadState('networkidle');
        // From the footer, backwards through the list, as a keyboard reader goes.
        await page.getByRole('contentinfo').getByRole('link').first().focus();
        let checked = 0;
        for (let i = 0; i < 30; i++) {
          await page.keyboard.press('Shift+Tab');
          await settledScroll(page);
          const focused = page.locator(':focus');
          if (!(await focused.evaluate((el) => Boolean(el.closest('main'))))) continue;
          expect(await wholeInView(focused), `step ${i}: ${await focused.textContent()}`).toBeNull();
          checked++;
        }
        expect(checked).toBeGreaterThan(10);
      });

      it('a page keeps its height while it is scrolled to the bottom (no late growth), and End reaches it', async () => {
        for (const url of ['/shop', '/news', '/recipes', '/']) {
          await page.goto(`${site.url}${url}`);
          await page.waitForLoadState('networkidle');
          const height = () => page.evaluate(() => document.documentElement.scrollHeight);
          const start = await height();
          const vh = vp.height;
          for (let i = 0; i < 400; i++) {
            const atBottom = await page.evaluate(
              () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
            );
            if (atBottom) break;
            await page.mouse.move(vp.width / 2, vh / 2);
            await page.mouse.wheel(0, vh * 0.8);
            await page.waitForTimeout(40);
          }
          await page.waitForLoadState('networkidle');
          await settledScroll(page);
          expect(await height(), `${url} grew while it was scrolled`).toBe(start);
          await page.keyboard.press('Home');
          await settledScroll(page);
          await page.keyboard.press('End');
          const gap = () =>
            page.evaluate(
              () => document.documentElement.scrollHeight - (window.scrollY + window.innerHeight),
            );
          await expect
            .poll(gap, { message: `${url}: End reaches the bottom`, timeout: 10_000 })
            .toBeLessThanOrEqual(1);
          expect(await height()).toBe(start);
        }
      });
    });
  }
});
