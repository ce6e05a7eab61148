import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { demoAdmin, signInCookie } from './site-client';
import { watchConsole } from './visible-audit';

/**
 * Issue 26, the editor's side: every admin dialog walked with the keyboard (Enter opens it, focus is
 * inside; Escape or Cancel closes it and focus is back on the control that opened it, so the next Tab
 * goes on from there and not to the footer past every row), the Articles list on a phone, and the
 * clicks chart's last day drawn whole.
 */
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** A description of the focused element, to compare and to read in a failure. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40)}`;
  });
const describeEl = (el: Locator) =>
  el.evaluate(
    (e) => `${e.tagName.toLowerCase()}:${e.getAttribute('aria-label') ?? e.textContent?.trim().slice(0, 40)}`,
  );

/** The control Tab reaches after `el` (document order, skipping what cannot take focus). */
const nextTabStop = (el: Locator) =>
  el.evaluate((start) => {
    const all = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((e) => e.getClientRects().length > 0 && !e.closest('[inert]'));
    const next = all[all.indexOf(start) + 1];
    return next
      ? `${next.tagName.toLowerCase()}:${next.getAttribute('aria-label') ?? next.textContent?.trim().slice(0, 40)}`
      : 'none';
  });

/**
 * Opens the dialog from `opener` with the keyboard and closes it twice, by Escape and by Cancel (or
 * the dialog's own close button), checking where focus is each time and where the next Tab lands.
 */
async function walkDialog(page: Page, opener: Locator, dialogName: string | RegExp, closeButton: string) {
  await opener.focus();
  const me = await describeEl(opener);
  const after = await nextTabStop(opener);
  for (const how of ['Escape', closeButton]) {
    await page.keyboard.press('Enter');
    const dialog = page
      .getByRole('alertdialog', { name: dialogName })
      .or(page.getByRole('dialog', { name: dialogName }));
    await dialog.waitFor();
    expect(
      await dialog.evaluate((d) => d.contains(document.activeElement)),
      `${me}: focus moves into the dialog`,
    ).toBe(true);
    if (how === 'Escape') await page.keyboard.press('Escape');
    else {
      // Tab to the button, as a keyboard user does, and press it.
      const button = dialog.getByRole('button', { name: closeButton, exact: true });
      for (let i = 0; i < 12 && !(await button.evaluate((b) => b === document.activeElement)); i++) {
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');
    }
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page), `${me}: after ${how}, focus is back where the dialog was opened`).toBe(me);
  }
  await page.keyboard.press('Tab');
  const landed = await focused(page);
  expect(landed, `${me}: the next Tab goes on from it`).toBe(after);
  await page.keyboard.press('Shift+Tab');
}

describe('admin dialogs with the keyboard, the list on a phone, the chart (issue 26)', () => {
  let site: RunningSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: () => string[];
  let cookie: string;
  let adminEmail: string;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    mkdirSync(SHOTS, { recursive: true });
    const admin = demoAdmin(site.output());
    adminEmail = admin.email;
    cookie = await signInCookie(site.url, admin.email, admin.password);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, ...value] = cookie.split(';')[0]!.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: site.url }]);
    page = await context.newPage();
    errors = watchConsole(page);
  }, 180_000);
  afterAll(async () => {
    expect(errors().filter((e) => !/401|403/.test(e))).toEqual([]);
    await browser?.close();
    await site?.stop();
  });

  it('Articles, Products and Recipes: each row’s Delete asks; Escape and Cancel give focus back', async () => {
    for (const [tab, entity] of [
      ['articles', 'article'],
      ['products', 'product'],
      ['recipes', 'recipe'],
    ] as const) {
      await page.goto(`${site.url}/admin${tab === 'articles' ? '' : `?tab=${tab}`}`);
      const del = page.getByRole('button', { name: /^Delete / }).nth(2);
      await del.waitFor();
      await walkDialog(page, del, `Delete ${entity}?`, 'Cancel');
    }
  });

  it('a confirmed delete moves focus to the next row, not to the page’s end', async () => {
    await page.goto(`${site.url}/admin?tab=recipes`);
    const del = page.getByRole('button', { name: /^Delete / }).nth(1);
    await del.waitFor();
    const gone = (await del.getAttribute('aria-label'))!;
    await del.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete recipe?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Recipe deleted successfully').waitFor();
    await expect.poll(() => page.getByRole('button', { name: gone }).count()).toBe(0);
    const now = await focused(page);
    expect(now).not.toBe('body');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('li')))).toBe(true);
  });

  it('Categories, bulk actions, RSS sources and Users: Escape and Cancel give focus back', async () => {
    await page.goto(`${site.url}/admin?tab=categories`);
    const cat = page.getByRole('button', { name: /^Delete / }).first();
    await cat.waitFor();
    await walkDialog(page, cat, 'Delete category?', 'Cancel');

    await page.goto(`${site.url}/admin`);
    const tick = page.getByRole('checkbox', { name: /^Select / }).first();
    await tick.waitFor();
    await tick.focus();
    await page.keyboard.press('Space');
    const publish = page
      .getByRole('group', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Unpublish' });
    await walkDialog(page, publish, /^Unpublish /, 'Cancel');

    await page.goto(`${site.url}/admin?tab=rss`);
    const source = page.getByRole('button', { name: /^Delete / }).first();
    await source.waitFor();
    await walkDialog(page, source, 'Delete source?', 'Cancel');

    await page.goto(`${site.url}/admin?tab=users`);
    // "Sign out everywhere" asks first (the role select replaced the admin switch: issue 42).
    const self = page
      .locator('li', { hasText: adminEmail })
      .getByRole('button', { name: /^Sign out everywhere/ });
    await self.waitFor();
    await walkDialog(page, self, 'Sign this user out everywhere?', 'Cancel');
  });

  it('Messages and stories: the detail dialog and its delete question give focus back, step by step', async () => {
    await page.goto(`${site.url}/admin?tab=messages`);
    const row = page.locator('main li > button').first();
    await row.waitFor();
    await walkDialog(page, row, (await row.locator('span span').first().textContent())!.trim(), 'Close');
    // Delete inside the detail: its question closes back onto the detail's Delete button.
    await row.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog');
    await detail.waitFor();
    const del = detail.getByRole('button', { name: 'Delete', exact: true });
    await walkDialog(page, del, 'Delete message?', 'Cancel');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe(await describeEl(row));

    await page.goto(`${site.url}/admin?tab=messages&view=stories`);
    const story = page.locator('main li > button').first();
    await story.waitFor();
    await walkDialog(page, story, (await story.locator('span span').first().textContent())!.trim(), 'Close');
  });

  it('on a phone the Articles list gives titles the width of the row, buttons below', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const [name, ...value] = cookie.split(';')[0]!.split('=');
    await phone.addCookies([{ name: name!, value: value.join('='), url: site.url }]);
    const p = await phone.newPage();
    await p.goto(`${site.url}/admin`);
    const rows = p.locator('main ul > li:has(h3)');
    await rows.first().waitFor();
    const sizes = await rows.evaluateAll((lis) =>
      lis.map((li) => ({
        title: Math.round(li.querySelector('h3')!.getBoundingClientRect().width),
        height: Math.round(li.getBoundingClientRect().height),
      })),
    );
    // Before: ~80 px titles, one word per line, ~540 px a row (27,000 px for 50).
    expect(Math.min(...sizes.map((s) => s.title))).toBeGreaterThanOrEqual(250);
    const average = sizes.reduce((n, s) => n + s.height, 0) / sizes.length;
    expect(average).toBeLessThan(300);
    await rows.nth(1).scrollIntoViewIfNeeded();
    await p.screenshot({ path: path.join(SHOTS, 'admin-articles-390.png') });
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
  });

  it('the clicks chart draws today’s bar whole, as wide as the others', async () => {
    const products = (await (await fetch(`${site.url}/api/products?limit=3`)).json()) as { id: number }[];
    // Clicks today (and so a bar at the right edge), through the real click-through.
    for (const { id } of products) {
      // As a browser's top-level navigation says (only those count a click, issue 27).
      await fetch(`${site.url}/go/${id}?from=/shop`, {
        redirect: 'manual',
        headers: { cookie, 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
      });
    }
    await page.goto(`${site.url}/admin?tab=products`);
    await page.getByRole('button', { name: /Affiliate performance/ }).click();
    const canvas = page.locator('figure canvas').first();
    await canvas.waitFor();
    await page.waitForTimeout(300);
    await canvas.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'admin-clicks-chart-1280.png') });
    // The bars, read off the canvas: each day draws a bar 80% of a day wide (a zero day a line at 0).
    const { bar, day } = await canvas.evaluate((c: HTMLCanvasElement) => {
      const { data, width, height } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
      const runsAt = (y: number) => {
        const runs: { start: number; width: number }[] = [];
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          const red = data[i + 3]! > 40 && data[i]! > data[i + 1]! + 40 && data[i]! > data[i + 2]! + 20;
          const open = runs[runs.length - 1];
          if (red && open && open.start + open.width === x) open.width++;
          else if (red) runs.push({ start: x, width: 1 });
        }
        return runs;
      };
      // The baseline row has one run per day; a row a little above it only today's bar.
      let base = 0;
      let baseRuns: { start: number; width: number }[] = [];
      for (let y = 0; y < height; y++) {
        const r = runsAt(y);
        if (r.length >= baseRuns.length) [base, baseRuns] = [y, r];
      }
      let today = 0;
      for (let y = base - 4; y > 0 && !today; y--) {
        const r = runsAt(y);
        if (r.length === 1) today = r[0]!.width;
      }
      const gaps = baseRuns
        .slice(1)
        .map((r, i) => r.start - baseRuns[i]!.start)
        .sort((a, b) => a - b);
      return { bar: today, day: gaps[Math.floor(gaps.length / 2)] ?? 0 };
    });
    expect(day).toBeGreaterThan(10);
    // Whole: 80% of a day. Cut at the chart's edge (issue 26): 40%.
    expect(bar, `today's bar is ${bar} px wide, a day ${day} px`).toBeGreaterThanOrEqual(day * 0.7);
  });
});
