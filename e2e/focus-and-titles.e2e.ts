import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { demoAdmin, signInCookie } from './site-client';
import { watchConsole } from './visible-audit';

/**
 * Issue 41, items 1-4, as a reader gets them at 390 and 1280 px: where focus is and what is announced
 * after each press, what Back does after a gated page sent the reader to sign in, where a page opened
 * again by its address is scrolled, and titles and headings that say which page this is.
 */
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const HEADER = 64; // the sticky header: what it covers is not in view
const BRAND = 'Bloom & Balance';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Until the scroll position has not moved for 150 ms. */
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
const scrollY = async (page: Page) => {
  await settledScroll(page);
  return page.evaluate(() => Math.round(window.scrollY));
};

/** In the viewport below the sticky header, and the topmost element at its centre. */
async function inView(target: Locator, header = HEADER): Promise<string | null> {
  return target.evaluate((el, top) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return 'has no box';
    if (r.bottom <= top || r.top >= window.innerHeight) return `is out of view (top ${Math.round(r.top)})`;
    const cx = r.left + r.width / 2;
    const cy = Math.min(Math.max(r.top + r.height / 2, top + 1), window.innerHeight - 1);
    const hit = document.elementFromPoint(cx, cy);
    if (!hit || !(hit === el || el.contains(hit) || hit.contains(el)))
      return `is covered by <${hit?.tagName.toLowerCase()}>`;
    return null;
  }, header);
}

/** Scrolls with the mouse wheel until `target` is in view below the header. */
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
  expect(await inView(target), 'in view before it is pressed').toBeNull();
}

/** Presses at the centre of what is shown. */
async function press(page: Page, target: Locator) {
  expect(await inView(target, 0), 'what is pressed is in view').toBeNull();
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** What has focus: its tag, text and href, and whether a ring is drawn around it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', text: '', href: null, ring: false };
    const style = getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      text: (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80),
      href: el.getAttribute('href'),
      ring: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
    };
  });
}
const announced = (page: Page) =>
  page.evaluate(() => {
    const region = document.querySelector('[aria-live="polite"][data-testid="route-announcer"]');
    return region ? (region.textContent ?? '') : null;
  });

/** A new page: focus on its h1 (no ring, in view) and its title said by the live region. */
async function expectFocusOnNewPage(page: Page) {
  const h1 = page.locator('main h1').first();
  await h1.waitFor();
  await expect
    .poll(async () => (await focused(page)).tag, { message: 'focus moves to the page’s heading' })
    .toBe('h1');
  const now = await focused(page);
  expect(now.text).toBe((await h1.textContent())?.trim());
  expect(now.ring, 'no focus ring jumps onto the heading').toBe(false);
  expect(await inView(h1), 'the heading is in view').toBeNull();
  await expect.poll(() => announced(page), { message: 'its title is announced' }).toBe(await page.title());
}

const SEED = 24;

describe('focus, announcements, Back from sign-in, addresses and titles (issue 41)', () => {
  let site: RunningSite;
  let browser: Browser;
  let adminCookie: string;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    mkdirSync(SHOTS, { recursive: true });
    const admin = demoAdmin(site.output());
    adminCookie = await signInCookie(site.url, admin.email, admin.password);
    // Enough articles for /news to scroll and to offer Load More.
    for (let i = 1; i <= SEED; i++) {
      const res = await fetch(`${site.url}/api/content`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: adminCookie, origin: site.url },
        body: JSON.stringify({
          title: `Focus walk ${String(i).padStart(2, '0')}: a quiet evening`,
          excerpt: 'A short piece for the focus test.',
          content: `<p>${'A calm paragraph. '.repeat(40)}</p>`,
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

  it('the live region is in the server’s HTML, empty', async () => {
    const html = await (await fetch(`${site.url}/news`)).text();
    expect(html).toMatch(/<div[^>]*aria-live="polite"[^>]*data-testid="route-announcer"[^>]*><\/div>/);
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
        page.screenshot({ path: path.join(SHOTS, `focus-${vp.width}-${name}.png`) });

      it('1. a card: focus on the article’s heading, its title announced; Back: focus on the card again', async () => {
        await page.goto(`${site.url}/news`);
        await page.waitForLoadState('networkidle');
        // The first load is the browser's: nothing moved, nothing said.
        expect((await focused(page)).tag).toBe('body');
        expect(await announced(page)).toBe('');
        const card = page.locator('main a[href^="/content/"]').nth(4);
        await wheelTo(page, card);
        const href = (await card.getAttribute('href'))!;
        await press(page, card);
        await page.waitForURL(new RegExp(`${href}$`));
        await expectFocusOnNewPage(page);
        await shot('1-article-focused');
        await page.goBack();
        await page.waitForURL(/\/news$/);
        await expect
          .poll(async () => (await focused(page)).href, { message: 'focus on the card' })
          .toBe(href);
        expect(await inView(page.locator(`main a[href="${href}"]`))).toBeNull();
      });

      it('1. the header (phone: the menu): focus on the new page’s heading, not the link or the menu button', async () => {
        await page.goto(`${site.url}/recipes`);
        await page.waitForLoadState('networkidle');
        if (vp.width < 768) {
          await press(page, page.getByRole('button', { name: 'Open menu' }));
          const drawer = page.getByRole('dialog', { name: 'Menu' });
          await drawer.waitFor();
          await press(page, drawer.getByRole('link', { name: 'Shop' }));
        } else {
          await press(
            page,
            page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }),
          );
        }
        await page.waitForURL(/\/shop$/);
        await expectFocusOnNewPage(page);
        await shot('2-shop-focused');
        // The keyboard: Tab goes on from the heading into the page.
        await page.keyboard.press('Tab');
        expect(
          await page.evaluate(() => Boolean(document.activeElement?.closest('main'))),
          'Tab from the heading stays in the page',
        ).toBe(true);
      });

      it('1. in-page changes keep focus: a news filter, a shop category, Load More, a recipe filter', async () => {
        await page.goto(`${site.url}/news`);
        await page.waitForLoadState('networkidle');
        const filters = page.getByRole('navigation', { name: 'Filter by category' });
        await press(page, filters.getByRole('link', { name: /^Wellness/ }));
        await page.waitForURL(/\/news\/wellness$/);
        await expect
          .poll(async () => (await focused(page)).href, { message: 'focus stays on the filter' })
          .toBe('/news/wellness');
        await expect
          .poll(async () => [await announced(page), await page.title()], { message: 'the new title said' })
          .toEqual([
            `Latest Wellness & Self-Care News | ${BRAND}`,
            `Latest Wellness & Self-Care News | ${BRAND}`,
          ]);
        await shot('3-filter-focused');

        await page.goto(`${site.url}/shop`);
        await page.waitForLoadState('networkidle');
        const chips = page.getByRole('navigation', { name: 'Product categories' });
        const chip = chips.getByRole('link').nth(1);
        const chipHref = await chip.getAttribute('href');
        await press(page, chip);
        await page.waitForURL(new RegExp(`${chipHref}$`));
        await expect
          .poll(async () => (await focused(page)).href, { message: 'focus stays on the category' })
          .toBe(chipHref);

        await page.goto(`${site.url}/news`);
        await page.waitForLoadState('networkidle');
        const more = page.getByRole('button', { name: 'Load More Articles' });
        await wheelTo(page, more);
        const y = await scrollY(page);
        await press(page, more);
        await page.waitForURL(/\/news\?pages=2$/);
        await page.waitForLoadState('networkidle');
        await expect.poll(() => page.locator('main a:has(h2)').count()).toBeGreaterThan(20);
        const now = await focused(page);
        // Still on Load More, or (when that was the last page and the button went) on the first new card.
        expect(
          now.tag === 'button'
            ? now.text
            : (await page.locator('main a:has(h2)').nth(20).getAttribute('href')) === now.href,
          JSON.stringify(now),
        ).toBeTruthy();
        expect(Math.abs((await scrollY(page)) - y), 'Load More moves nothing').toBeLessThanOrEqual(2);

        await page.goto(`${site.url}/recipes`);
        await page.waitForLoadState('networkidle');
        const cuisine = page.locator('main select').first();
        await cuisine.focus();
        await cuisine.selectOption({ index: 1 });
        await page.waitForURL(/\/recipes\?/);
        await page.waitForTimeout(300);
        expect((await focused(page)).tag, 'focus stays on the filter').toBe('select');
      });

      it('2. signed out: /recipes → a recipe → sign-in; Back returns to /recipes at its place', async () => {
        await page.goto(`${site.url}/recipes`);
        await page.waitForLoadState('networkidle');
        const card = page.locator('main a[href^="/recipe/"]').last();
        await wheelTo(page, card);
        const before = await scrollY(page);
        expect(before).toBeGreaterThan(100);
        await press(page, card);
        await page.waitForURL(/\/sign-in\?returnTo=%2Frecipe%2F/);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shot('4-sign-in');
        await page.goBack();
        await page.waitForURL(`${site.url}/recipes`);
        await page.waitForTimeout(1500); // a redirect would have left by now
        expect(page.url()).toBe(`${site.url}/recipes`);
        await expect.poll(() => scrollY(page), { message: `back at scrollY ${before}` }).toBe(before);
        expect(await inView(card)).toBeNull();
        await shot('5-back-to-recipes');
      });

      it('2. signed out: / → /admin → sign-in; Back returns home', async () => {
        await page.goto(`${site.url}/`);
        await page.waitForLoadState('networkidle');
        await page.goto(`${site.url}/admin`);
        await page.waitForURL(/\/sign-in\?returnTo=%2Fadmin/, { timeout: 10_000 });
        await page.goBack();
        await page.waitForURL(`${site.url}/`);
        await page.waitForTimeout(2500);
        expect(page.url()).toBe(`${site.url}/`);
      });

      it('3. a page opened again by its address opens at the top; a reload returns to the place', async () => {
        await page.goto(`${site.url}/news`);
        await page.waitForLoadState('networkidle');
        await wheelTo(page, page.locator('main a[href^="/content/"]').nth(9));
        const y = await scrollY(page);
        expect(y).toBeGreaterThan(300);
        await page.reload();
        await page.waitForLoadState('networkidle');
        await expect.poll(() => scrollY(page), { message: 'a reload returns to the place' }).toBe(y);
        // Typed again (or a bookmark): a new visit.
        await page.goto(`${site.url}/news`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        expect(await scrollY(page), 'opened again by its address: at the top').toBe(0);
        expect(await inView(page.locator('main h1'))).toBeNull();
      });

      it('3. a reader who scrolls before the page hydrates (a reload on a slow phone) is not jumped', async () => {
        await page.goto(`${site.url}/news`);
        await page.waitForLoadState('networkidle');
        await wheelTo(page, page.locator('main a[href^="/content/"]').nth(15));
        const saved = await scrollY(page);
        let release: () => void = () => undefined;
        const released = new Promise<void>((r) => {
          release = r;
        });
        const held = /\/assets\/.*\.js$/;
        await page.route(held, async (route) => {
          await released;
          await route.continue();
        });
        await page.reload({ waitUntil: 'commit' });
        const target = page.locator('main a[href^="/content/"]').nth(6);
        await wheelTo(page, target);
        const mine = await scrollY(page);
        expect(Math.abs(mine - saved)).toBeGreaterThan(100);
        release();
        await page.waitForLoadState('networkidle');
        await page.unroute(held);
        await page.waitForTimeout(500);
        expect(await scrollY(page), 'where the reader scrolled to').toBe(mine);
        expect(await inView(target)).toBeNull();
      });

      it('4. titles and headings say which page: /wellness and /news/wellness, /shop/{id}', async () => {
        const seen = new Map<string, { title: string; h1: string }>();
        for (const url of ['/wellness', '/news/wellness']) {
          await page.goto(`${site.url}${url}`);
          const h1 = (await page.locator('main h1').textContent())?.trim() ?? '';
          seen.set(url, { title: await page.title(), h1 });
          expect(await inView(page.locator('main h1'))).toBeNull();
        }
        const a = seen.get('/wellness')!;
        const b = seen.get('/news/wellness')!;
        expect(a.title).not.toBe(b.title);
        expect(a.h1).not.toBe(b.h1);
        expect(a.title).toBe(`${a.h1} | ${BRAND}`);
        expect(b.title).toBe(`${b.h1} | ${BRAND}`);
        expect(b.h1).toMatch(/News/);

        await page.goto(`${site.url}/shop/1`);
        const h1 = (await page.locator('main h1').textContent())?.trim() ?? '';
        const title = await page.title();
        expect(title).toMatch(/ - Shop \| /);
        expect(title.startsWith(`${h1} - Shop`), `"${title}" and its h1 "${h1}" agree`).toBe(true);
        await shot('6-shop-category');
      });

      it('4. each admin tab names itself in the title', async () => {
        const admin = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
        await admin.addCookies(
          adminCookie.split('; ').map((c) => {
            const at = c.indexOf('=');
            return { name: c.slice(0, at), value: c.slice(at + 1), url: site.url };
          }),
        );
        const p = await admin.newPage();
        try {
          await p.goto(`${site.url}/admin`);
          await p.getByRole('heading', { name: 'Admin Dashboard - Manage your content and users' }).waitFor();
          const tabs = p.getByRole('tab');
          const n = await tabs.count();
          expect(n).toBe(10);
          const titles = new Set<string>();
          for (let i = 0; i < n; i++) {
            const tab = tabs.nth(i);
            await tab.scrollIntoViewIfNeeded();
            await press(p, tab);
            await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
            const label = (await tab.textContent())?.replace(/\d+$/, '').trim();
            await expect.poll(() => p.title()).toBe(`${label} - Admin | ${BRAND}`);
            // A tab is an in-page change: focus stays on it.
            expect(await p.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
            titles.add(await p.title());
          }
          expect(titles.size).toBe(10);
        } finally {
          await admin.close();
        }
      });
    });
  }
});
