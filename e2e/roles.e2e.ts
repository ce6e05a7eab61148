import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { demoAdmin, signInCookie } from './site-client';
import { pressable, tabNames, watchConsole } from './visible-audit';

/**
 * Issue 42 §1-3 in a browser: the Users tab's role select and "Sign out everywhere", the dashboard a
 * contributor and an editor get, and a change that reaches an open session on its next page.
 */

async function contextWith(browser: Browser, url: string, cookie: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 800 } });
  const [name, ...value] = cookie.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url }]);
  return context;
}

describe('staff roles in the dashboard (issue 42)', () => {
  let site: RunningSite;
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;
  let errors: () => string[];
  const staff = { email: `writer${Date.now()}@example.com`, password: 'a-very-good-password' };
  let staffCookie: string;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    const demo = demoAdmin(site.output());
    adminContext = await contextWith(
      browser,
      site.url,
      await signInCookie(site.url, demo.email, demo.password),
      1280,
    );
    admin = await adminContext.newPage();
    errors = watchConsole(admin);
    const res = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ ...staff, name: 'Wren Writer', firstName: 'Wren', lastName: 'Writer' }),
    });
    expect(res.status).toBe(200);
    staffCookie = await signInCookie(site.url, staff.email, staff.password);
  }, 180_000);
  afterAll(async () => {
    expect(errors()).toEqual([]);
    await browser?.close();
    await site?.stop();
  });

  const row = () => admin.locator('li', { hasText: staff.email });
  const roleSelect = () => row().getByRole('combobox', { name: 'Role: Wren Writer' });

  it('an admin gives a reader the contributor role with the select; it shows on the row and focus stays', async () => {
    await admin.goto(`${site.url}/admin?tab=users`);
    await roleSelect().waitFor();
    expect(await row().getByText('Reader', { exact: true }).first().isVisible()).toBe(true);
    expect(await pressable(roleSelect())).toBe('ok');
    expect(await admin.getByRole('switch').count()).toBe(0);
    // As a keyboard user does: focus the select, pick with the arrow keys (Reader → Contributor).
    await roleSelect().focus();
    await admin.keyboard.press('ArrowDown');
    await admin.getByText('User role updated').first().waitFor();
    await row().locator('h3').getByText('Contributor').waitFor();
    expect(await roleSelect().inputValue()).toBe('contributor');
    expect(await roleSelect().evaluate((el) => el === document.activeElement)).toBe(true);
    await admin.screenshot({ path: '/tmp/roles-users-1280.png' });
    // On a phone the select and the button wrap under the name, still pressable.
    await admin.setViewportSize({ width: 390, height: 844 });
    expect(await pressable(roleSelect())).toBe('ok');
    expect(await pressable(row().getByRole('button', { name: /^Sign out everywhere/ }))).toBe('ok');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row().screenshot({ path: '/tmp/roles-users-390.png' });
    await admin.setViewportSize({ width: 1280, height: 800 });
  });

  for (const width of [390, 1280]) {
    it(`at ${width} px a contributor gets the dashboard with Articles only, pressable; Back leaves it`, async () => {
      const context = await contextWith(browser, site.url, staffCookie, width);
      const page = await context.newPage();
      const pageErrors = watchConsole(page);
      await page.goto(`${site.url}/`);
      await page.goto(`${site.url}/admin?tab=users`);
      await page.getByRole('heading', { name: 'Admin Dashboard - Manage your content and users' }).waitFor();
      expect(await tabNames(page)).toEqual(['Articles']);
      const tab = page.getByRole('tab', { name: 'Articles' });
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      expect(await pressable(tab)).toBe('ok');
      expect(await page.getByRole('heading', { name: 'Users', exact: true }).count()).toBe(0);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.screenshot({ path: `/tmp/roles-contributor-${width}.png` });
      await page.goBack();
      await page.waitForURL(`${site.url}/`);
      expect(pageErrors()).toEqual([]);
      await context.close();
    });
  }

  it('a promotion reaches the open page on its next load; "Sign out everywhere" ends the session', async () => {
    const context = await contextWith(browser, site.url, staffCookie, 1280);
    const page = await context.newPage();
    await page.goto(`${site.url}/admin`);
    await page.getByRole('tab', { name: 'Articles' }).waitFor();
    expect(await tabNames(page)).toEqual(['Articles']);

    await roleSelect().selectOption('editor');
    await row().locator('h3').getByText('Editor').waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Products' }).waitFor();
    expect(await tabNames(page)).toEqual([
      'Articles',
      'Products',
      'Recipes',
      'Categories',
      'Messages',
      'RSS Feeds',
      'AI Content',
      // Previews, test mails and issues; sending, subscribers, settings and sponsors stay an admin's.
      'Newsletter',
    ]);
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.waitForURL(/tab=products/);
    await page.goBack();
    await page.waitForURL(`${site.url}/admin`);
    expect(await page.getByRole('tab', { name: 'Articles' }).getAttribute('aria-selected')).toBe('true');

    const signOut = row().getByRole('button', { name: 'Sign out everywhere: Wren Writer' });
    expect(await pressable(signOut)).toBe('ok');
    await signOut.click();
    const dialog = admin.getByRole('alertdialog', { name: 'Sign this user out everywhere?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await admin.getByText('Signed out of 1 session').waitFor();
    await admin.screenshot({ path: '/tmp/roles-signed-out-1280.png' });
    // Focus goes back to the button that asked.
    expect(await signOut.evaluate((el) => el === document.activeElement)).toBe(true);
    // The staff page's next load, in a fresh tab of the same browser (same cookie): the old tab may
    // be leaving by itself (a poll's 401 sends it to sign in), and a reload racing that navigation
    // fails in the browser, not in the product.
    await page.close();
    const next = await context.newPage();
    await next.goto(`${site.url}/admin`);
    await next.getByRole('heading', { name: 'Admin Login Required' }).waitFor();
    await context.close();
  });
});
