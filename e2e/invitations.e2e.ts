import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { demoAdmin, signInCookie } from './site-client';
import { pressable, tabNames, watchConsole } from './visible-audit';

/**
 * Issue 42 §6 in a browser: an admin invites someone from the Users tab, the invitation mail reaches
 * the development outbox, and its link, opened in a fresh browser, makes the account with the role and
 * lands in the dashboard with that role's tabs. At a phone's width and a laptop's.
 */

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const viewport = (width: number) => ({ width, height: width < 500 ? 844 : 800 });

describe('staff invitations in the browser (issue 42 §6)', () => {
  let site: RunningSite;
  let browser: Browser;
  let adminCookie: string;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    const demo = demoAdmin(site.output());
    adminCookie = await signInCookie(site.url, demo.email, demo.password);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  /** The development outbox, as the admin's Newsletter tab reads it. */
  async function invitationLink(to: string): Promise<string> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const res = await fetch(`${site.url}/api/admin/newsletter/outbox?limit=100`, {
        headers: { cookie: adminCookie },
      });
      expect(res.status).toBe(200);
      const mails = (await res.json()) as Array<{ to: string; kind: string; text: string }>;
      const mail = mails.find((m) => m.to === to && m.kind === 'invitation');
      const link = mail?.text.match(/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/)?.[0];
      if (link) return link;
      if (Date.now() > deadline) throw new Error(`no invitation mail to ${to} in the outbox`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  const cases = [
    { width: 390, role: 'contributor', label: 'Contributor' },
    { width: 1280, role: 'editor', label: 'Editor' },
  ] as const;

  for (const { width, role, label } of cases) {
    it(`at ${width} px: invite as ${role}, open the mailed link in a fresh browser, set a password, land in /admin`, async () => {
      const email = `invited.${role}.${Date.now()}@example.com`;

      // The admin invites from the Users tab.
      const adminContext = await browser.newContext({ viewport: viewport(width) });
      const [name, ...value] = adminCookie.split(';')[0]!.split('=');
      await adminContext.addCookies([{ name: name!, value: value.join('='), url: site.url }]);
      const admin = await adminContext.newPage();
      const adminErrors = watchConsole(admin);
      await admin.goto(`${site.url}/admin?tab=users`);
      const emailField = admin.getByLabel('Email', { exact: true });
      await emailField.waitFor();
      expect(await pressable(emailField)).toBe('ok');
      await emailField.fill(email);
      await admin.getByLabel('Invite as').selectOption(role);
      const send = admin.getByRole('button', { name: 'Send invitation' });
      expect(await pressable(send)).toBe('ok');
      await send.click();
      await admin.getByText(`Invitation sent to ${email}`).first().waitFor();
      const row = admin.getByRole('list', { name: 'Pending invitations' }).locator('li', { hasText: email });
      await row.getByText(label, { exact: true }).waitFor();
      expect(await pressable(row.getByRole('button', { name: `Revoke invitation: ${email}` }))).toBe('ok');
      expect(await noSidewaysScroll(admin)).toBeLessThanOrEqual(width);
      await admin.screenshot({ path: `/tmp/invitations-admin-${width}.png` });
      expect(adminErrors()).toEqual([]);
      await adminContext.close();

      // The person opens the mail's link in a browser of their own.
      const link = await invitationLink(email);
      expect(new URL(link).origin).toBe(site.url);
      const context = await browser.newContext({ viewport: viewport(width) });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const opened = await page.goto(link);
      expect(opened?.status()).toBe(200);
      // One person's link: never kept by a shared cache.
      expect(opened?.headers()['cache-control']).toMatch(/no-store/);
      await page.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
      await page.getByLabel('First name').fill('Ivy');
      await page.getByLabel('Last name').fill('Invited');
      await page.getByLabel('Password (at least 8 characters)').fill('a-very-good-password');
      const create = page.getByRole('button', { name: 'Create my account' });
      expect(await pressable(create)).toBe('ok');
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/invitations-accept-${width}.png` });
      await create.click();
      await page.waitForURL(`${site.url}/admin`);
      await page.getByRole('heading', { name: 'Admin Dashboard - Manage your content and users' }).waitFor();
      await page.getByRole('tab', { name: 'Articles' }).waitFor();
      const tabs = await tabNames(page);
      if (role === 'contributor') expect(tabs).toEqual(['Articles']);
      else {
        expect(tabs).toEqual(expect.arrayContaining(['Articles', 'Products', 'Recipes', 'Messages']));
        expect(tabs).not.toContain('Users');
      }
      expect(await pressable(page.getByRole('tab', { name: 'Articles' }))).toBe('ok');
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/invitations-landed-${width}.png` });
      expect(errors()).toEqual([]);
      await context.close();

      // The link worked once: opened again, it says so plainly.
      const again = await browser.newContext({ viewport: viewport(width) });
      const second = await again.newPage();
      await second.goto(link);
      await second.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
      expect(await second.getByRole('alert').textContent()).toMatch(/expired or was already used/);
      expect(await second.getByLabel('Password (at least 8 characters)').count()).toBe(0);
      await again.close();
    });
  }
});
