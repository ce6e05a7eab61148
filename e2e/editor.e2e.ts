import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { auditControls, watchConsole } from './visible-audit';

/**
 * Writing in the admin (issue 31, done-when) in Chromium at phone and desktop widths, against the
 * built server: an article with a heading, a list and a link typed with markdown shortcuts and the
 * keyboard, a dropped image with alt text and caption; the tab closed mid-edit and the work recovered;
 * two saves, a compare and a restore; the published page rendering it; a Google Docs paste.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNG = readFileSync(path.join(root, 'desktop/test/fixtures/rose-64x48.png')).toString('base64');
const GOOGLE_DOCS = readFileSync(
  path.join(root, 'web/src/admin/articles/editor/fixtures/google-docs.html'),
  'utf8',
);
const SHOTS = path.join(root, 'e2e/screenshots');
const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: path.join(SHOTS, `editor-${page.viewportSize()!.width}-${name}.png`),
    fullPage: false,
  });
}

/** Visible, inside the viewport and the topmost element at its centre (DESIGN.md §7). */
async function expectPressable(target: Locator) {
  await target.waitFor({ state: 'visible' });
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await target.boundingBox();
  const vp = target.page().viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(vp.width);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(vp.height);
  const onTop = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === el || el.contains(hit);
  });
  expect(onTop, await target.evaluate((el) => el.outerHTML.slice(0, 120))).toBe(true);
}

/** A file dropped on the editor as a browser delivers it: dragenter, dragover and drop at one spot. */
async function dropImage(target: Locator, name: string) {
  await target.evaluate(
    (el, { b64, name }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type: 'image/png' }));
      const r = el.getBoundingClientRect();
      const at = { clientX: r.left + 20, clientY: r.bottom - 10 };
      for (const type of ['dragenter', 'dragover', 'drop'])
        el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt, ...at }));
    },
    { b64: PNG, name },
  );
}

/** CSP violations on the page (the editor must need no inline style or script). */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

async function signIn(page: Page, site: RunningSite) {
  await page.goto(`${site.url}/sign-in?returnTo=/admin`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('bloom-admin-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${site.url}/admin`);
}

describe.each([
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
])('writing an article at $width x $height', (viewport) => {
  let site: RunningSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: () => string[];
  let csp: () => Promise<string[]>;
  const title = `Kitchen Light ${viewport.width}`;
  let articleId = 0;
  let slug = '';

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    errors = watchConsole(page);
    csp = await watchCsp(page);
    await signIn(page, site);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const editor = () => page.getByRole('textbox', { name: 'Content', exact: true });

  it('writes with markdown shortcuts, the keyboard and the toolbar; every control is visible and pressable', async () => {
    const add = page.getByRole('button', { name: 'Add Article' });
    await expectPressable(add);
    await add.click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page
      .getByLabel('Excerpt', { exact: true })
      .fill('Where the morning sun lands, and what to put there.');
    // Keyboard order: the excerpt, the toolbar (one stop), then the text.
    await page.getByLabel('Excerpt', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Heading 2');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Heading 3');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('textbox');

    // Markdown shortcuts as you type: "## " a heading, "- " a list; Enter twice leaves the list.
    await page.keyboard.type('## Morning light');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Open the curtains before the kettle.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- Clear the windowsill');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Add one plant');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read our window guide');
    // The editor reads typed text from the page a moment later: select only once it has.
    await expect.poll(() => editor().textContent()).toContain('Read our window guide');
    await page.waitForTimeout(150);
    // Select "window guide" and link it with Ctrl/Cmd+K.
    for (let i = 0; i < 'window guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press(`${mod}+k`);
    const address = page.getByLabel('Link address');
    await expect.poll(() => address.evaluate((el) => el === document.activeElement)).toBe(true);
    await address.fill('ftp://example.org/guide');
    await page.keyboard.press('Enter');
    await page.getByText('Enter a full address that starts with http:// or https://').waitFor();
    await address.fill('https://example.org/window-guide');
    await page.keyboard.press('Enter');
    await editor().locator('a[href="https://example.org/window-guide"]').waitFor();
    // Applying gives the focus back to the text, with the cursor after the link: typing goes on
    // there. The focus moves a frame after the link appears; keys sent before it are lost (a CI flake).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('textbox');
    await page.keyboard.type(' and ');
    await page.keyboard.press(`${mod}+b`);
    await page.keyboard.type('start today');
    await page.keyboard.press(`${mod}+b`);
    await page.keyboard.type('.');

    const html = await editor().innerHTML();
    expect(html).toContain('<h2>Morning light</h2>');
    expect(html).toMatch(/<ul><li><p>Clear the windowsill<\/p><\/li><li><p>Add one plant<\/p><\/li><\/ul>/);
    expect(html).toContain('<a href="https://example.org/window-guide">window guide</a>');
    expect(html).toContain('<strong>start today</strong>');

    const audit = await auditControls(page);
    expect(audit.problems).toEqual([]);
    expect(audit.scrollWidth).toBeLessThanOrEqual(audit.innerWidth);
    for (const name of ['Bold', 'Link', 'Bulleted list', 'Insert image', 'Undo'])
      await expectPressable(page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name }));
    await shot(page, 'typed');
  });

  it('a dropped image uploads with progress, asks for its alt text and sits in the text as a captioned figure', async () => {
    await dropImage(editor(), 'kitchen.png');
    const ask = page.getByRole('dialog', { name: 'Describe this image' });
    await ask.waitFor();
    await expectPressable(ask.getByLabel('Alt text'));
    await ask.getByLabel('Alt text').fill('Morning sun across a kitchen table');
    await ask.getByLabel('Caption (optional)').fill('Light at 8am');
    await shot(page, 'alt-text');
    await ask.getByRole('button', { name: 'Save image details' }).click();
    const img = editor().locator('figure img');
    await img.waitFor();
    expect(await img.getAttribute('alt')).toBe('Morning sun across a kitchen table');
    expect(await img.getAttribute('src')).toMatch(new RegExp(`^${site.url}/uploads/[\\w-]+\\.\\w+$`));
    expect(await editor().locator('figcaption').textContent()).toBe('Light at 8am');
    // The upload really is the server's: it loads.
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true);
    await page.getByText(/^Autosaved at /).waitFor({ timeout: 10_000 });
  });

  it('closing the tab mid-edit loses nothing: reopening the form offers the work back', async () => {
    // Into the last paragraph's text (a click on the image would select the image, and typing replaces it).
    await editor().getByText('start today').click();
    await expect.poll(() => editor().locator('.ProseMirror-selectednode').count()).toBe(0);
    await page.keyboard.press('End');
    await page.waitForTimeout(100);
    await page.keyboard.type(' Unsaved words at the end.');
    await expect.poll(() => editor().textContent()).toContain('Unsaved words at the end.');
    // Closed as a crash or a closed laptop closes it: no beforeunload question, no save.
    await page.close({ runBeforeUnload: false });
    page = await context.newPage();
    errors = watchConsole(page);
    csp = await watchCsp(page);
    await page.goto(`${site.url}/admin`);
    await page.getByRole('button', { name: 'Add Article' }).click();
    const offer = page.getByRole('alert').filter({ hasText: 'Unsaved changes from' });
    await offer.waitFor();
    expect(await offer.textContent()).toContain('were kept on this device');
    const restore = offer.getByRole('button', { name: 'Restore unsaved changes' });
    await expectPressable(restore);
    await shot(page, 'recovery');
    await restore.click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    const html = await editor().innerHTML();
    for (const part of [
      '<h2>Morning light</h2>',
      'Clear the windowsill',
      'href="https://example.org/window-guide"',
      'alt="Morning sun across a kitchen table"',
      'Unsaved words at the end.',
    ])
      expect(html).toContain(part);
  });

  it('saves twice, compares the two revisions word by word and restores the first as a new save', async () => {
    const create = page.getByRole('button', { name: 'Create Article' });
    await expectPressable(create);
    await create.click();
    await page.getByText('Article created successfully').waitFor();
    const list = (await (
      await page.request.get(`${site.url}/api/admin/content?q=${encodeURIComponent(title)}`)
    ).json()) as Array<{
      id: number;
      slug: string;
      title: string;
    }>;
    const created = list.find((a) => a.title === title)!;
    articleId = created.id;
    slug = created.slug;

    const edit = page.getByRole('button', { name: `Edit ${title}` });
    await expectPressable(edit);
    await edit.click();
    await editor().waitFor();
    const scrolledTo = await page.evaluate(() => window.scrollY);
    await editor().getByText('Open the curtains before the kettle.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Then breathe.');
    await page.getByRole('button', { name: 'Update Article' }).click();
    await page.getByText('Article updated successfully').waitFor();

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const history = page.getByRole('button', { name: 'History' });
    await expectPressable(history);
    await history.click();
    const dialog = page.getByRole('dialog', { name: 'Revision history' });
    const rows = dialog.getByRole('list', { name: 'Revisions, newest first' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toMatch(/Saved by/);
    expect(await rows.nth(1).textContent()).toMatch(/Created by/);
    const diff = dialog.getByRole('region', { name: 'Differences' });
    await diff.locator('ins').first().waitFor();
    const added = await diff.locator('ins').allTextContents();
    expect(added.map((t) => t.replace(/\s+/g, ' ').replace(' ]', ']'))).toEqual(['[added: Then breathe.]']);
    expect(await diff.locator('del').count()).toBe(0);
    await shot(page, 'history');
    const restoreFirst = rows.nth(1).getByRole('button', { name: /^Restore revision/ });
    await expectPressable(restoreFirst);
    await restoreFirst.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
    await page.getByText(/^Revision #\d+ restored and saved$/).waitFor();
    await expect.poll(async () => (await editor().textContent())?.includes('Then breathe.')).toBe(false);
    const revisions = (await (
      await page.request.get(`${site.url}/api/admin/content/${articleId}/revisions`)
    ).json()) as Array<{
      kind: string;
    }>;
    expect(revisions.map((r) => r.kind)).toEqual(['restore', 'save', 'create']);
    expect(scrolledTo).toBeGreaterThanOrEqual(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('the published page renders it: heading, list, link, captioned image; opens at the top; Back returns to the admin', async () => {
    await page.goto(`${site.url}/content/${slug}`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const body = page.locator('.article-body');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await body.getByRole('heading', { level: 2, name: 'Morning light' }).count()).toBe(1);
    expect(await body.locator('ul > li').allTextContents()).toEqual([
      'Clear the windowsill',
      'Add one plant',
    ]);
    const link = body.getByRole('link', { name: 'window guide' });
    expect(await link.getAttribute('href')).toBe('https://example.org/window-guide');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    const img = body.getByRole('img', { name: 'Morning sun across a kitchen table' });
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true);
    expect(await body.locator('figcaption').textContent()).toBe('Light at 8am');
    expect(await body.textContent()).not.toContain('Then breathe.');
    await expectPressable(link);
    const audit = await auditControls(page);
    expect(audit.scrollWidth).toBeLessThanOrEqual(audit.innerWidth);
    await shot(page, 'published');
    await page.goBack();
    await page.waitForURL(`${site.url}/admin`);
    await page.getByRole('button', { name: 'Add Article' }).waitFor();
  });

  it('a Google Docs paste keeps headings, lists, links and emphasis and drops the styling', async () => {
    if (!page.url().endsWith('/admin')) await page.goto(`${site.url}/admin`);
    await page.getByRole('button', { name: 'Add Article' }).click();
    await editor().click();
    await editor().evaluate((el, html) => {
      const dt = new DataTransfer();
      dt.setData('text/html', html);
      dt.setData('text/plain', 'Spring reset plan');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, GOOGLE_DOCS);
    await editor().locator('h2').first().waitFor();
    const html = await editor().innerHTML();
    expect(html).toContain('<h2>Spring reset plan</h2>');
    expect(html).toContain(
      '<a href="https://www.example.org/guides/declutter?ref=spring">declutter guide</a>',
    );
    expect(html).toMatch(/<strong>one drawer<\/strong>/);
    expect(html).toMatch(/<em>whole house<\/em>/);
    expect(html).not.toMatch(/style=|google\.com\/url|docs-internal-guid|<span/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    page.once('dialog', (d) => void d.accept());
  });

  it('no console errors, no hydration errors and no CSP violations along the way', async () => {
    expect(errors()).toEqual([]);
    expect(await csp()).toEqual([]);
  });
});
