import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Dialog, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';

/**
 * The editor's workspace (issue 15) in a real browser at phone and desktop widths: search the
 * Articles tab (kept in the URL across a reload), schedule an article, preview it, bulk publish, no lost
 * edits on a product form, and a bulk publish of every result of a search beyond the loaded page.
 */

const LEAVE = 'You have unsaved changes. Leave without saving?';

/** Runs `act`, which must raise exactly one browser dialog; answers it and returns it. */
async function answerDialog(page: Page, act: () => Promise<unknown>, accept: boolean): Promise<Dialog> {
  const asked = page.waitForEvent('dialog', { timeout: 5000 });
  // The action may wait on the dialog (a reload does), so it is not awaited before answering.
  const acting = act().catch(() => undefined);
  const dialog = await asked;
  await (accept ? dialog.accept() : dialog.dismiss());
  await acting;
  return dialog;
}

/** Runs `act` and fails if the browser asked anything meanwhile. */
async function noDialog(page: Page, act: () => Promise<unknown>) {
  const seen: string[] = [];
  const record = (d: Dialog) => {
    seen.push(d.message());
    void d.dismiss();
  };
  page.on('dialog', record);
  try {
    await act();
    await page.waitForTimeout(200);
  } finally {
    page.off('dialog', record);
  }
  expect(seen).toEqual([]);
}

/** Visible, inside the viewport and the topmost element at its centre (DESIGN.md §7). */
async function expectPressable(target: Locator) {
  await target.waitFor({ state: 'visible' });
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  const page = target.page();
  const vp = page.viewportSize()!;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(vp.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(vp.height);
  const onTop = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === el || el.contains(hit) || (el instanceof HTMLInputElement && hit === el.labels?.[0]);
  });
  expect(onTop, await target.evaluate((el) => el.outerHTML.slice(0, 120))).toBe(true);
}

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** What the editor sees at this moment, for a person to review (e2e/screenshots, git-ignored). */
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: path.join(SHOTS, `admin-${page.viewportSize()!.width}-${name}.jpg`),
    type: 'jpeg',
    quality: 70,
  });
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each([
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
])('admin workspace at $width x $height', (viewport) => {
  let site: RunningSite;
  let browser: Browser;
  let page: Page;
  const title = `Workspace Zinnia ${viewport.width}`;
  let slug = '';

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    const context = await browser.newContext({ viewport });
    page = await context.newPage();
    await page.goto(`${site.url}/sign-in?returnTo=/admin`);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('bloom-admin-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${site.url}/admin`);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('searches the Articles tab on the server; the query is in the URL and survives a reload', async () => {
    const total = Number(
      ((await fetch(`${site.url}/api/content/counts`).then((r) => r.json())) as { all: number }).all,
    );
    const box = page.getByRole('searchbox', { name: 'Search articles' });
    await expectPressable(box);
    await box.fill('morning rituals');
    await page.waitForURL(/[?&]q=morning\+rituals/);
    // The tab shows the server's count of matches (X-Total-Count), not the rows it happens to hold.
    const res = await page.request.get(`${site.url}/api/admin/content?q=morning+rituals`);
    const matches = Number(res.headers()['x-total-count']);
    expect(matches).toBeGreaterThanOrEqual(1);
    expect(matches).toBeLessThan(total);
    const counted = page.getByText(`${matches} result${matches === 1 ? '' : 's'}`, { exact: true });
    await counted.waitFor();
    await page.getByRole('heading', { name: 'Ten-Minute Morning Rituals That Actually Stick' }).waitFor();
    await shot(page, 'search');

    const status = page.getByLabel('Filter by status');
    await expectPressable(status);
    await status.selectOption('draft');
    await page.waitForURL(/status=draft/);
    await page.getByText('No articles match this search.').waitFor();
    await status.selectOption('');
    await expectPressable(page.getByLabel('Filter by category'));
    await expectPressable(page.getByLabel('Filter by origin'));
    await expectPressable(page.getByLabel('Sort by'));

    await page.reload();
    expect(await page.getByRole('searchbox', { name: 'Search articles' }).inputValue()).toBe(
      'morning rituals',
    );
    await counted.waitFor();
    await noSidewaysScroll(page);
    await box.fill('');
    await page.waitForURL((u) => !u.searchParams.has('q'));
  });

  it('schedules an article: "Scheduled for 24 Nov 2027, 09:00" (UK time), absent from the public site', async () => {
    const add = page.getByRole('button', { name: 'Add Article' });
    await expectPressable(add);
    await add.click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Excerpt', { exact: true }).fill('A scheduled excerpt');
    // The rich editor (issue 31): markdown shortcuts as you type, so **…** becomes bold.
    await page.getByLabel('Content', { exact: true }).click();
    await page.keyboard.type('A **scheduled** body, rendered as readers see it.');
    const status = page.getByLabel('Status', { exact: true });
    await expectPressable(status);
    await status.selectOption('scheduled');
    const when = page.getByLabel('Publish at (UK time)');
    await expectPressable(when);
    await when.fill('2027-11-24T09:00');
    const create = page.getByRole('button', { name: 'Create Article' });
    await expectPressable(create);
    await create.click();
    await page.getByText('Article created successfully').waitFor();
    await page.getByText('Scheduled for 24 Nov 2027, 09:00').first().waitFor();
    await shot(page, 'scheduled');

    const list = (await fetch(`${site.url}/api/content?limit=50`).then((r) => r.json())) as {
      title: string;
    }[];
    expect(list.some((a) => a.title === title)).toBe(false);
  });

  it('previews it from the editor: the article page under "Preview – not published", noindex', async () => {
    const edit = page.getByRole('button', { name: `Edit ${title}` });
    await expectPressable(edit);
    await edit.click();
    const preview = page.getByRole('link', { name: 'Preview' });
    await expectPressable(preview);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), preview.click()]);
    await tab.waitForLoadState();
    await tab.getByText('Preview – not published').waitFor();
    await tab.getByRole('heading', { level: 1, name: title }).waitFor();
    await shot(tab, 'preview');
    expect(await tab.locator('.article-body strong').textContent()).toBe('scheduled');
    expect(await tab.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    slug = new URL(tab.url()).pathname;
    await tab.close();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('bulk publishes the selected articles after one confirmation naming the count', async () => {
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('zinnia');
    await page.getByText('1 result', { exact: true }).waitFor();
    const pick = page.getByRole('checkbox', { name: `Select ${title}` });
    await expectPressable(pick);
    await pick.check();
    const publish = page
      .getByRole('group', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Publish', exact: true });
    await expectPressable(publish);
    await publish.click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish 1 article?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Publish', exact: true });
    await expectPressable(confirm);
    await confirm.click();
    await page.getByText('1 article published').waitFor();
    await expect.poll(async () => await page.getByText('Scheduled for 24 Nov 2027, 09:00').count()).toBe(0);

    const list = (await fetch(`${site.url}/api/content?limit=50`).then((r) => r.json())) as {
      title: string;
    }[];
    expect(list.some((a) => a.title === title)).toBe(true);
    expect(slug).toMatch(/^\/admin\/preview\/\d+$/);
  });
  it('a product form with unsaved changes asks before Cancel, another tab, Back and reload; unchanged it does not', async () => {
    const productsTab = page.getByRole('tab', { name: 'Products' });
    await expectPressable(productsTab);
    await productsTab.click();
    await page.waitForURL(/tab=products/);
    const edit = page.getByRole('button', { name: /^Edit / }).first();
    await expectPressable(edit);
    const name = (await edit.getAttribute('aria-label'))!.replace(/^Edit /, '');
    await edit.click();
    const heading = page.getByRole('heading', { name: 'Edit Product' });
    await heading.waitFor();
    const cancel = page.getByRole('button', { name: 'Cancel' });
    await expectPressable(cancel);
    // Unchanged: Cancel closes at once.
    await noDialog(page, () => cancel.click());
    await heading.waitFor({ state: 'detached' });

    await edit.click();
    const titleField = page.getByLabel('Title', { exact: true });
    await expectPressable(titleField);
    await titleField.fill(`${name} (draft edit)`);
    const url = page.url();
    const ways: [string, () => Promise<unknown>][] = [
      ['Cancel', () => cancel.click()],
      ['another tab', () => page.getByRole('tab', { name: 'Recipes' }).click()],
      ['Back', () => page.goBack({ timeout: 2000 })],
    ];
    for (const [way, act] of ways) {
      const dialog = await answerDialog(page, act, false).catch((e) => {
        throw new Error(`${way}: ${e}`);
      });
      expect(dialog.type(), way).toBe('confirm');
      expect(dialog.message(), way).toBe(LEAVE);
      // Staying keeps the page, the form and the edit.
      expect(page.url(), way).toBe(url);
      await heading.waitFor();
      expect(await titleField.inputValue(), way).toBe(`${name} (draft edit)`);
    }
    const reload = await answerDialog(page, () => page.evaluate(() => window.location.reload()), false);
    expect(reload.type()).toBe('beforeunload');
    expect(await titleField.inputValue()).toBe(`${name} (draft edit)`);

    // Agreeing drops the edit; the saved product is as it was.
    await answerDialog(page, () => cancel.click(), true);
    await heading.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name, exact: true }).first().waitFor();
    await noDialog(page, () => page.getByRole('tab', { name: 'Articles' }).click());
    await page.waitForURL((u) => !u.searchParams.has('tab'));
  });

  it('"Select all N results" publishes every draft the search finds, beyond the 50 loaded, after naming the count', async () => {
    const word = 'quokka';
    const post = (data: Record<string, unknown>) =>
      page.request.post(`${site.url}/api/content`, { data, headers: { origin: site.url } });
    const base = { excerpt: 'A bulk excerpt', content: 'A bulk body', category: 'home', status: 'draft' };
    for (let i = 1; i <= 55; i++) {
      const res = await post({ ...base, title: `The ${word} notes ${i}` });
      expect(res.status()).toBe(201);
    }
    // Outside the search: must stay a draft.
    const control = (await (await post({ ...base, title: 'The wombat notes' })).json()) as { id: number };

    const box = page.getByRole('searchbox', { name: 'Search articles' });
    await box.fill(word);
    await page.getByLabel('Filter by status').selectOption('draft');
    await page.waitForURL(/status=draft/);
    await page.getByText('55 results', { exact: true }).waitFor();
    const shown = page.getByRole('checkbox', { name: 'Select all 50 shown' });
    await expectPressable(shown);
    await shown.check();
    const all = page.getByRole('button', { name: 'Select all 55 results' });
    await expectPressable(all);
    await all.click();
    const bar = page.getByRole('group', { name: 'Bulk actions' });
    await bar.getByText('55 articles selected').waitFor();
    await shot(page, 'select-all-results');
    const publish = bar.getByRole('button', { name: 'Publish', exact: true });
    await expectPressable(publish);
    await publish.click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish 55 articles?' });
    const confirm = dialog.getByRole('button', { name: 'Publish', exact: true });
    await expectPressable(confirm);
    await shot(page, 'bulk-confirm');
    await confirm.click();
    await page.getByText('55 articles published').waitFor();
    await page.getByText('No articles match this search.').waitFor();
    await noSidewaysScroll(page);

    const total = async (query: string) =>
      Number((await page.request.get(`${site.url}/api/admin/content?${query}`)).headers()['x-total-count']);
    expect(await total(`q=${word}&status=draft`)).toBe(0);
    expect(await total(`q=${word}&status=published`)).toBe(55);
    const after = (await (await page.request.get(`${site.url}/api/admin/content/${control.id}`)).json()) as {
      status: string;
    };
    expect(after.status).toBe('draft');
  });
});
