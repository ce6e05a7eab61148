import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { demoAdmin, signInCookie } from './site-client';
import { pressable, watchConsole } from './visible-audit';

/**
 * Issue 42 §7 in a browser, against the real API: a change made in /admin shows in the Audit tab with
 * who made it; the action filter narrows the table and lives in the URL (Back undoes it); the CSV
 * export carries the same filter; at 390 px the table scrolls in its own region, not the page.
 */
describe('the Audit tab (issue 42 §7)', () => {
  let site: RunningSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: () => string[];
  let cookie: string;
  let admin: { email: string; password: string };
  let productId: number;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    admin = demoAdmin(site.output());
    cookie = await signInCookie(site.url, admin.email, admin.password);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, ...value] = cookie.split(';')[0]!.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: site.url }]);
    page = await context.newPage();
    errors = watchConsole(page);
    const res = await fetch(`${site.url}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url, cookie: cookie.split(';')[0]! },
      body: JSON.stringify({ title: 'Audited serum', description: 'D', price: '12.00' }),
    });
    expect(res.status).toBe(201);
    productId = ((await res.json()) as { id: number }).id;
  }, 180_000);
  afterAll(async () => {
    expect(errors()).toEqual([]);
    await browser?.close();
    await site?.stop();
  });

  const table = () => page.getByRole('table');
  const productRow = () => table().locator('tr', { hasText: `#${productId}` });

  it('shows the product just made, by whom, and filters by action through the URL; Back undoes the filter', async () => {
    await page.goto(`${site.url}/admin?tab=audit`);
    await productRow().first().waitFor();
    const row = productRow().first();
    expect(await row.textContent()).toContain('Product created');
    expect(await row.textContent()).toContain(admin.email);
    expect(await pressable(row)).toBe('ok');
    // The demo admin's sign-in is there too.
    expect(await table().getByText('Signed in').count()).toBeGreaterThan(0);

    await page.getByLabel('Action').selectOption('product.create');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/action=product\.create/);
    await expect.poll(() => productRow().count()).toBe(1);
    expect(await table().getByText('Signed in').count()).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(400);
    await page.screenshot({ path: '/tmp/audit-1280.png' });

    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toContain('action=product.create');
    const csv = await (
      await fetch(new URL(href!, site.url), { headers: { cookie: cookie.split(';')[0]! } })
    ).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,at,actor_email/);
    expect(lines.slice(1).every((l) => l.includes(',product.create,'))).toBe(true);
    expect(lines.some((l) => l.includes(`,product,${productId},`))).toBe(true);

    await page.goBack();
    await page.waitForURL((u) => !u.search.includes('action='));
    await expect.poll(() => table().getByText('Signed in').count()).toBeGreaterThan(0);
  });

  it('at 390 px the filters are pressable and the table scrolls inside its region, not the page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site.url}/admin?tab=audit`);
    await productRow().first().waitFor();
    expect(await pressable(page.getByRole('button', { name: 'Apply filters' }))).toBe('ok');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const region = page.locator('section[tabindex="0"]');
    const sizes = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    await page.screenshot({ path: '/tmp/audit-390.png', fullPage: false });
  });
});
