import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { trackRequests, watchConsole } from './visible-audit';

/**
 * Issue 41 §8 at 390 and 1,280 px: axe on every admin tab (heading-order included, which a11y.e2e's
 * serious-only bar lets through), and the admin forms' focus: into the first field on Add and Edit,
 * back to the opening button on Cancel, to the first field in error (on screen) on a refused save;
 * the RSS source form's reasons; Word's bold pasted into the editor.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DEMO_ADMIN = { email: 'admin@example.com', password: 'bloom-admin-demo' };
const widths = [
  { name: '390', viewport: { width: 390, height: 844 } },
  { name: '1280', viewport: { width: 1280, height: 800 } },
] as const;

/** Serious and critical findings, and heading-order whatever axe calls its impact. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
    .map((v) => `${v.id} at ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
}

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
/** Inside the viewport, and the topmost element at its centre. */
const onScreen = (l: Locator) =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit) || hit.contains(el));
  });

describe('admin forms and tabs (issue 41 §8)', () => {
  let site: RunningSite;
  let browser: Browser;
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    const context = await browser.newContext();
    const res = await context.request.post(`${site.url}/api/auth/sign-in/email`, {
      data: DEMO_ADMIN,
      headers: { origin: site.url },
    });
    expect(res.status()).toBe(200);
    state = await context.storageState();
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  async function openTab(w: (typeof widths)[number], tab: string) {
    const context = await browser.newContext({ viewport: w.viewport, storageState: state });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const settled = trackRequests(page);
    await page.goto(`${site.url}/admin?tab=${tab}`);
    await settled();
    return { context, page, errors };
  }

  for (const w of widths) {
    it(`axe on every admin tab at ${w.name} px (heading-order included)`, async () => {
      const { context, page } = await openTab(w, 'articles');
      try {
        const tabs = page.getByRole('tab');
        const n = await tabs.count();
        expect(n).toBeGreaterThanOrEqual(9);
        const found: string[] = [];
        for (let i = 0; i < n; i++) {
          const tab = tabs.nth(i);
          await tab.click();
          await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
          await page.waitForLoadState('networkidle');
          for (const v of await violations(page)) found.push(`${await tab.textContent()}: ${v}`);
        }
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`Products at ${w.name} px: Add and Edit focus the first field, Cancel returns to the button, a refused save focuses the field in error`, async () => {
      const { context, page, errors } = await openTab(w, 'products');
      try {
        const add = page.getByRole('button', { name: 'Add Product' });
        await add.click();
        const title = page.getByRole('region', { name: 'Product form' }).getByLabel('Title');
        await expect.poll(() => isFocused(title)).toBe(true);
        await page
          .getByRole('region', { name: 'Product form' })
          .getByRole('button', { name: 'Cancel' })
          .click();
        await expect.poll(() => isFocused(add)).toBe(true);

        // A refused save: the first field in error gets focus, on screen.
        await add.click();
        await expect.poll(() => isFocused(title)).toBe(true);
        const form = page.getByRole('region', { name: 'Product form' });
        await form
          .getByRole('button', { name: /Create|Save/ })
          .last()
          .click();
        const invalid = form.locator('[aria-invalid="true"]').first();
        await expect.poll(() => isFocused(invalid)).toBe(true);
        expect(await onScreen(invalid)).toBe(true);
        await page.screenshot({ path: `/tmp/admin-refused-${w.name}.png` });
        await form.getByRole('button', { name: 'Cancel' }).click();
        // Cancel of a form with nothing typed asks nothing; focus is back on Add.
        await expect.poll(() => isFocused(add)).toBe(true);

        const edit = page.getByRole('button', { name: /^Edit / }).first();
        await edit.scrollIntoViewIfNeeded();
        await edit.click();
        const editTitle = page.getByRole('region', { name: 'Product form' }).getByLabel('Title');
        await expect.poll(() => isFocused(editTitle)).toBe(true);
        expect(await onScreen(editTitle)).toBe(true);
        await page
          .getByRole('region', { name: 'Product form' })
          .getByRole('button', { name: 'Cancel' })
          .click();
        await expect.poll(() => isFocused(edit)).toBe(true);
        expect(errors()).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`RSS at ${w.name} px: Add Source with an empty or malformed URL says why in the form, nothing in the console`, async () => {
      const { context, page, errors } = await openTab(w, 'rss');
      try {
        await page.getByRole('button', { name: 'Add Source', exact: true }).click();
        const form = page.getByRole('form', { name: 'Add RSS source' });
        const name = form.getByLabel('Name');
        await expect.poll(() => isFocused(name)).toBe(true);
        await name.fill('My feed');
        const url = form.getByLabel('Feed URL');
        for (const typed of ['', 'not a url']) {
          await url.fill(typed);
          await form.getByRole('button', { name: 'Add Source' }).click();
          await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
          await expect.poll(() => isFocused(url)).toBe(true);
          const described = await url.getAttribute('aria-describedby');
          expect(described).toBeTruthy();
          expect(await page.locator(`[id="${described}"]`).textContent()).toMatch(/URL/i);
        }
        await page.screenshot({ path: `/tmp/admin-rss-${w.name}.png` });
        expect(errors()).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`the article editor at ${w.name} px keeps Word's bold (mso-bidi-font-weight:normal) when pasted`, async () => {
      const { context, page } = await openTab(w, 'articles');
      try {
        await page.getByRole('button', { name: 'Add Article' }).click();
        const body = page.locator('[contenteditable="true"]').first();
        await body.waitFor();
        await body.click();
        await body.evaluate((el) => {
          const data = new DataTransfer();
          data.setData(
            'text/html',
            '<p class="MsoNormal"><b style="mso-bidi-font-weight:normal">Word bold</b> then plain</p>',
          );
          data.setData('text/plain', 'Word bold then plain');
          el.dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
          );
        });
        await expect.poll(() => body.locator('strong').allTextContents()).toEqual(['Word bold']);
      } finally {
        await context.close();
      }
    });
  }
});
