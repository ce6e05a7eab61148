import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../api/test/ai-fake-openai';
import { type FeedServer, startFeedServer } from '../api/test/rss-feed-server';
import { launchBrowser, type RunningSite, startSite } from './harness';

/**
 * Issue 28 in a real browser: a feed that needs repairs and an AI that answers 429. The editor sees
 * the warnings where she tests the feed, and a run that "succeeded with warnings" with the AI
 * outcome, in the panel, the toast and the history, at 1280 and 390 px.
 */
const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** Visible, inside the viewport once scrolled to, and the topmost element at its centre (DESIGN.md §7). */
async function expectShown(page: Page, target: Locator, what: string) {
  // Scrolled to the middle of the screen, as a reader brings it into view (a toast may sit at the bottom).
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  expect(box, `${what} has a box`).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x >= 0 && box.x + box.width <= viewport.width + 0.5, `${what} fits across`).toBe(true);
  expect(box.y >= 0 && box.y < viewport.height, `${what} starts inside the viewport`).toBe(true);
  const onTop = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 10));
    return top === el || el.contains(top);
  });
  expect(onTop, `${what} is the topmost element at its centre`).toBe(true);
}
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('RSS warnings and AI outcomes in a real browser (issue 28)', () => {
  let site: RunningSite;
  let browser: Browser;
  let feeds: FeedServer;
  let ai: FakeOpenAI;
  let page: Page;

  beforeAll(async () => {
    [feeds, ai, browser] = await Promise.all([startFeedServer(), startFakeOpenAI(), launchBrowser()]);
    // The AI is rate limited for the whole test: every recipe falls to the built-in writer.
    ai.set({ kind: 'status', status: 429, headers: { 'retry-after': '7' } });
    const sources = path.join(tmpdir(), `rss-warnings-e2e-${process.pid}.json`);
    writeFileSync(
      sources,
      JSON.stringify([
        {
          name: 'Turnbuckle Times',
          // Two seconds to answer: the run is still going when the tab first asks, so the "started"
          // toast is on screen before the outcome replaces it (a run that ended sooner raced it).
          url: `${feeds.base}/files/ring-news.xml?delay=2000`,
          category: 'sports',
          makeRecipes: true,
        },
      ]),
    );
    site = await startSite({
      RSS_ALLOW_PRIVATE: 'true',
      RSS_SOURCES: sources,
      OPENAI_API_KEY: 'sk-e2e-not-a-real-key-0000',
      OPENAI_BASE_URL: ai.baseURL,
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto(`${site.url}/sign-in?returnTo=/admin?tab=rss`);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('bloom-admin-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'RSS Feed Management' }).waitFor();
    mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await feeds?.close();
    await ai?.close();
  });

  it('the schedule line says what RSS_CRON says: off in this harness', async () => {
    expect(await page.getByTestId('schedule').textContent()).toBe(
      'Scheduled runs are off: RSS processing runs only when started here.',
    );
  });

  it('testing a repairable feed shows what is wrong with it; adding it and running shows the warnings and the AI outcome', async () => {
    await page.getByRole('button', { name: 'Add Source' }).click();
    const form = page.getByRole('form', { name: 'Add RSS source' });
    await form.getByLabel('Name').fill('Harbour & Hill');
    await form.getByLabel('Feed URL').fill(`${feeds.base}/files/bozo-entities.xml`);
    await form.getByRole('button', { name: 'Test Feed' }).click();
    const result = page.getByRole('region', { name: 'Feed test result' });
    await result.getByText('Feed works: Harbour & Hill Community News (5 items shown)').waitFor();
    await result
      .getByText(
        '1 undefined entity: &doesnotexist; in "Choir rehearsal notes &doesnotexist; week two" (kept as text)',
      )
      .waitFor();
    await expectShown(page, result.getByText('Read, with warnings:'), 'test warnings');
    await page.screenshot({ path: path.join(screenshots, 'rss-test-warnings-1280.png'), fullPage: true });
    await form.getByRole('button', { name: 'Add Source' }).click();
    await page.getByRole('listitem', { name: 'Harbour & Hill' }).waitFor();

    await page.getByRole('button', { name: 'Process RSS Feeds Now' }).click();
    await page.getByText('RSS processing started').waitFor();
    const panel = page.getByRole('region', { name: 'Current RSS run' });
    await panel
      .getByText(
        'RSS processing succeeded with warnings (the AI failed and 1 feed had problems): 11 new articles, 6 recipes.',
      )
      .waitFor({ timeout: 30_000 });
    const aiLine = panel.getByText(
      'AI: 429 rate limited (retry after 7 s), 6 recipes by the built-in writer',
    );
    await aiLine.waitFor();
    // The toast follows the run: "started" has become the outcome.
    const toast = page
      .locator('[data-variant]')
      .filter({ hasText: 'RSS processing succeeded with warnings' });
    await toast.waitFor();
    expect(await page.getByText('RSS processing started').count()).toBe(0);
    await expectShown(page, aiLine, 'AI outcome');
    await expectShown(
      page,
      panel.getByText('2 unescaped "&" characters in "Fish & chips night moves to Fridays", read as text'),
      'warning',
    );
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: path.join(screenshots, 'rss-warnings-1280.png'), fullPage: true });
    await page
      .getByRole('listitem', { name: 'Harbour & Hill' })
      .getByText('1 undefined entity', { exact: false })
      .waitFor();
  });

  it('at 390 px the warnings, the AI outcome and the history are readable without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site.url}/admin?tab=rss`);
    await page.getByRole('heading', { name: 'RSS Feed Management' }).waitFor();
    await page.getByText('Succeeded with warnings').first().waitFor();
    const history = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Recent Runs' }) })
      .last();
    const aiLine = history.getByText(
      'AI: 429 rate limited (retry after 7 s), 6 recipes by the built-in writer',
    );
    await expectShown(page, history.getByText('Succeeded with warnings').first(), 'history status');
    await expectShown(page, aiLine, 'AI outcome in the history');
    await expectShown(
      page,
      history
        .getByText(
          '1 undefined entity: &doesnotexist; in "Choir rehearsal notes &doesnotexist; week two" (kept as text)',
        )
        .first(),
      'feed warning in the history',
    );
    await expectShown(page, page.getByRole('button', { name: 'Process RSS Feeds Now' }), 'Process button');
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: path.join(screenshots, 'rss-warnings-390.png'), fullPage: true });
    // Close-ups at phone width (a full page is too tall to read as a picture).
    await history.screenshot({ path: path.join(screenshots, 'rss-history-390.png') });
    await page
      .locator('section[aria-labelledby="rss-sources-heading"]')
      .screenshot({ path: path.join(screenshots, 'rss-sources-390.png') });

    // Another run at phone width: nothing new (no recipe to write), but the feed still needs repairs.
    await page.getByRole('button', { name: 'Process RSS Feeds Now' }).click();
    const panel = page.getByRole('region', { name: 'Current RSS run' });
    const outcome = panel.getByText(
      'RSS processing succeeded with warnings (1 feed had problems): 0 new articles, 0 recipes.',
    );
    await outcome.waitFor({ timeout: 30_000 });
    await expectShown(page, outcome, 'run outcome in the panel');
    await expectShown(
      page,
      panel.getByText('2 unescaped "&" characters in "Fish & chips night moves to Fridays", read as text'),
      'feed warning in the panel',
    );
    expect(await noSidewaysScroll(page)).toBe(true);
    await panel.screenshot({ path: path.join(screenshots, 'rss-warnings-run-390.png') });
  });
});
