import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';

// A real 8×8 PNG (rose pink), so the server's content check and re-encode run for real.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWN4sWADVsQwtCQAigGOAXyPtzoAAAAASUVORK5CYII=',
  'base64',
);

describe('admin dashboard in a real browser', () => {
  let site: RunningSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const title = `E2E Rose Balm ${Date.now()}`;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('an anonymous visitor at /admin sees "Admin Login Required" and lands on sign-in', async () => {
    const anon = await browser.newPage();
    await anon.goto(`${site.url}/admin`);
    await anon.getByRole('heading', { name: 'Admin Login Required' }).waitFor();
    await anon.getByText('Admin Access Required').waitFor();
    await anon.waitForURL(/\/sign-in\?returnTo=%2Fadmin/, { timeout: 10_000 });
    await anon.close();
  });

  it('the admin signs in, uploads an image and creates a product in a category', async () => {
    await page.goto(`${site.url}/sign-in?returnTo=/admin`);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('bloom-admin-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${site.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard - Manage your content and users' }).waitFor();

    await page.getByRole('tab', { name: 'Products' }).click();
    await page.waitForURL(/\?tab=products/);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('heading', { name: 'Create New Product' }).waitFor();
    await page
      .getByLabel('Image file')
      .setInputFiles({ name: 'balm.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Image uploaded successfully!').waitFor();
    const src = await page.getByAltText('Preview').getAttribute('src');
    expect(src).toMatch(new RegExp(`^${site.url}/uploads/[0-9a-f-]{36}-8x8\\.webp$`));
    const img = await fetch(src!);
    expect(img.headers.get('content-type')).toBe('image/webp');

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill('A soothing balm for dry skin.');
    await page.getByLabel('Price (£)', { exact: true }).fill('12.50');
    const category = page.getByLabel('Category', { exact: true });
    const options = await category.locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(1);
    await category.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Create Product' }).click();
    await page.getByText('Product created successfully').waitFor();
    await page.getByRole('heading', { name: title }).waitFor();

    // Reload: the tab survives in the URL and the product is stored.
    await page.reload();
    await page.getByRole('tab', { name: 'Products', selected: true }).waitFor();
    await page.getByRole('heading', { name: title }).waitFor();
  });

  it('the new product appears on /shop', async (ctx) => {
    // The shop page is another issue's; until it is merged there is nothing to look at.
    const probe = await fetch(`${site.url}/api/products?limit=1`);
    if (probe.status === 404) ctx.skip();
    const shop = await context.newPage();
    await shop.goto(`${site.url}/shop`);
    await shop.getByText(title).first().waitFor({ timeout: 10_000 });
    await shop.close();
  });

  it('opening an unread message shows it and marks it read', async () => {
    const counts = async () =>
      page.evaluate(
        async () => (await fetch('/api/admin/contact-messages/counts')).json() as Promise<{ unread: number }>,
      );
    const before = await counts();
    expect(before.unread).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Messages' }).click();
    await page
      .getByTestId('unread-count')
      .filter({ hasText: `(${before.unread} unread)` })
      .waitFor();
    await page.getByLabel('Filter by status').selectOption('unread');
    const first = page.getByRole('tabpanel').locator('li button').first();
    const subject = (await first.locator('span span').first().textContent()) ?? '';
    await first.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: subject }).waitFor();
    await expect.poll(() => dialog.getByLabel('Status').inputValue()).toBe('read');
    await expect.poll(async () => (await counts()).unread).toBe(before.unread - 1);
    await page
      .getByTestId('unread-count')
      .filter({ hasText: `(${before.unread - 1} unread)` })
      .waitFor();
  });

  it('a reader sends a story; the admin approves it into a Community draft and edits it', async () => {
    const storyTitle = `E2E story ${Date.now()}`;
    const reader = await browser.newPage();
    await reader.goto(`${site.url}/community/submit-story`);
    await reader.getByLabel('Your name').fill('Robin Reader');
    await reader.getByLabel('Email').fill('robin@example.com');
    await reader.getByLabel('Story title').fill(storyTitle);
    await reader
      .getByLabel('Your story')
      .fill(
        'I learned to cook for one after moving cities, and it turned lonely evenings into something I look forward to.',
      );
    await reader.getByLabel(/editors may edit and publish/).check();
    await reader.getByRole('button', { name: 'Send My Story' }).click();
    await reader.getByText(/Thank you for sharing/).waitFor();
    await reader.close();

    await page.goto(`${site.url}/admin?tab=messages`);
    await page.getByTestId('inbox-badge').waitFor();
    await page.getByRole('button', { name: 'Community Stories' }).click();
    await page.getByRole('button', { name: new RegExp(storyTitle) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/cook for one/).waitFor();
    await dialog.getByRole('button', { name: 'Approve as Draft' }).click();
    await page.getByText('Story Approved').first().waitFor();
    await page.waitForURL(/tab=articles&edit=\d+/);
    await page.getByRole('heading', { name: 'Edit Article' }).waitFor();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(storyTitle);
    // A draft: not public until an editor publishes it.
    const found = await page.evaluate(
      async (t) =>
        (await fetch(`/api/content/search?q=${encodeURIComponent(t)}`)).json() as Promise<unknown[]>,
      storyTitle,
    );
    expect(found).toEqual([]);
  });
});
