import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { get as httpGet } from 'node:http';

/**
 * The insights panels (docs/insights.md) end to end: a reader's article view sends one beacon after
 * load, clicks go through /go/{id}, and the admin opens each panel and reads the chart's table.
 */

const today = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
}).format(new Date());

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Visible, inside the viewport, and the topmost element at its centre (DESIGN.md §7). Measured in one
 * go in the page, and polled briefly so a list still loading beside it can settle first.
 */
async function expectPressable(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await expect
    .poll(
      () =>
        target.evaluate((el) => {
          const r = el.getBoundingClientRect();
          if (!r.width || !r.height) return 'no box';
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight)
            return 'outside the viewport';
          const at = document.elementFromPoint(x, y);
          return at && (el === at || el.contains(at)) ? 'self' : (at?.outerHTML.slice(0, 160) ?? 'nothing');
        }),
      { timeout: 5000 },
    )
    .toBe('self');
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the open panels: serious and critical findings only (the a11y bar). */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (no inline scripts) would refuse a script tag.
  await page.evaluate(axeSource);
  const found = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as { id: string; impact: string; help: string }[];
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}

describe('insights panels in a real browser', () => {
  let site: RunningSite;
  let browser: Browser;
  let admin: Page;
  let article: { id: number; slug: string; title: string };
  let productId: number;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite({ LINK_CHECK_CRON: 'off' }), launchBrowser()]);
    const products = (await (await fetch(`${site.url}/api/products?limit=1`)).json()) as { id: number }[];
    productId = products[0]!.id;
    const articles = (await (await fetch(`${site.url}/api/content?limit=1`)).json()) as (typeof article)[];
    article = articles[0]!;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('a reader’s article view sends one read beacon once the page is idle', async () => {
    // Headless Chromium says so in its user agent: a bot, not counted.
    const headless = await browser.newPage();
    const ignored = headless.waitForResponse((r) => r.url().endsWith('/api/insights/read'), {
      timeout: 20_000,
    });
    await headless.goto(`${site.url}/content/${article.slug}`);
    expect(await (await ignored).json()).toEqual({ counted: false, reason: 'bot' });
    await headless.close();

    const reader = await browser.newPage({ userAgent: CHROME_UA });
    const beacon = reader.waitForResponse((r) => r.url().endsWith('/api/insights/read'), { timeout: 20_000 });
    await reader.goto(`${site.url}/content/${article.slug}`);
    const answer = await beacon;
    expect(answer.request().method()).toBe('POST');
    expect(await answer.json()).toEqual({ counted: true });
    // Sent after the load event, never before the page is interactive.
    const order = await reader.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const b = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/api/insights/read'));
      return { loadEnd: nav.loadEventEnd, beaconStart: b?.startTime ?? null };
    });
    if (order.beaconStart !== null) expect(order.beaconStart).toBeGreaterThanOrEqual(order.loadEnd);
    await reader.close();
    // Two clicks from the shop page, one from the article.
    for (const from of ['/shop', '/shop', `/content/${article.slug}`]) {
      // Only a navigation counts (issue 27 §1): send what a browser following the link sends. Node's
      // fetch would say Sec-Fetch-Mode: cors, which is not a click.
      expect(await navigate(`${site.url}/go/${productId}?from=${encodeURIComponent(from)}`)).toBe(302);
    }
  });

  it('the admin opens the Products panels and reads the clicks chart as a table', async () => {
    admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await admin.goto(`${site.url}/sign-in?returnTo=/admin`);
    await admin.getByLabel('Email').fill('admin@example.com');
    await admin.getByLabel('Password').fill('bloom-admin-demo');
    await admin.getByRole('button', { name: 'Sign In' }).click();
    await admin.waitForURL(`${site.url}/admin`);
    await admin.getByRole('tab', { name: 'Products' }).click();

    const open = admin.getByRole('button', { name: 'Affiliate performance' });
    await expectPressable(open);
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    await open.click();
    // In the panel: the product list's own click badge can read "3 clicks" too.
    await admin
      .getByRole('region', { name: 'Affiliate performance' })
      .getByText('3 clicks', { exact: true })
      .waitFor();
    // The chart is drawn (uPlot, loaded on demand) and described for screen readers.
    await admin.locator('.uplot canvas').first().waitFor();
    const chart = admin.getByRole('img', { name: /^Clicks from .*: 3 in total/ });
    await chart.waitFor();

    const showTable = admin.getByRole('button', { name: 'Show as table' });
    await expectPressable(showTable);
    await showTable.click();
    const table = admin.getByRole('table');
    const row = table.getByRole('row', { name: new RegExp(`^${today} 3$`) });
    await row.waitFor();
    expect(await table.getByRole('row').count()).toBe(31); // header + 30 days
    const pages = admin.locator('h3:text("Top pages") + ol');
    expect(await pages.textContent()).toMatch(/\/shop\s*2/);

    // 7 days, one product, and the CSV export of the same range.
    await admin.getByRole('button', { name: '7 days' }).click();
    await admin.getByLabel('Product', { exact: true }).selectOption(String(productId));
    await expect.poll(() => admin.getByRole('table').getByRole('row').count()).toBe(8);
    await admin.getByRole('row', { name: new RegExp(`^${today} 3$`) }).waitFor();
    const csv = admin.getByRole('link', { name: 'Download CSV' });
    await expectPressable(csv);
    const href = (await csv.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^/api/admin/insights/clicks\\.csv\\?from=.*&productId=${productId}$`));
    const exported = await admin.evaluate(async (u) => (await fetch(u)).text(), href);
    expect(exported.trim().split('\r\n')).toHaveLength(4);

    const health = admin.getByRole('button', { name: 'Affiliate link health' });
    await expectPressable(health);
    await health.click();
    await admin.getByText(/No links checked yet|links checked/).waitFor();
    await expectPressable(admin.getByRole('button', { name: 'Check links now' }));
    await expectPressable(admin.getByLabel('Broken links'));
    // Both panels open, the table shown: no serious or critical axe findings (contrast included).
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it('the Articles tab shows the most read and one article’s reads per day', async () => {
    await admin.getByRole('tab', { name: 'Articles' }).click();
    const open = admin.getByRole('button', { name: 'Reading counts' });
    await expectPressable(open);
    await open.click();
    await admin
      .getByRole('region', { name: 'Reading counts' })
      .getByText('1 read', { exact: true })
      .waitFor();
    const mostRead = admin.locator('h3:text("Most read") + ol');
    expect(await mostRead.textContent()).toContain(article.title);
    await admin.getByRole('button', { name: 'Show as table' }).click();
    await admin.getByRole('row', { name: new RegExp(`^${today} 1$`) }).waitFor();

    const reads = admin.getByRole('button', { name: `Reads of ${article.title}` });
    await expectPressable(reads);
    await reads.click();
    const dialog = admin.getByRole('dialog', { name: `Reads: ${article.title}` });
    await dialog.getByText('1 read', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Show as table' }).click();
    await dialog.getByRole('row', { name: new RegExp(`^${today} 1$`) }).waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('panels and their controls are pressable on a phone', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    await admin.getByRole('button', { name: 'Reading counts' }).click();
    await expectPressable(admin.getByRole('button', { name: '90 days' }));
    await expectPressable(admin.getByRole('button', { name: `Reads of ${article.title}` }));
    await admin.getByRole('tab', { name: 'Products' }).click();
    const open = admin.getByRole('button', { name: 'Affiliate performance' });
    await expectPressable(open);
    await open.click();
    await expectPressable(admin.getByRole('button', { name: 'Show as table' }));
    await expectPressable(admin.getByRole('link', { name: 'Download CSV' }));
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});

/** A GET with the Fetch Metadata of a top-level navigation; the redirect is not followed. */
function navigate(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(
      url,
      { headers: { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', accept: 'text/html' } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    ).on('error', reject);
  });
}
