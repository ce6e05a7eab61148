import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { openDrawer, pressableProblems, trackRequests, watchConsole } from './visible-audit';

/**
 * Issue 41 §5-7 as a reader meets them at 390 and 1,280 px: the /challenges list, the phone menu that
 * makes the page behind it inert, and the newsletter forms (a plain message, one request per double
 * click, a real form post before scripts, no form where the site cannot send mail).
 */

const widths = [
  { name: '390', viewport: { width: 390, height: 844 } },
  { name: '1280', viewport: { width: 1280, height: 800 } },
] as const;

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el
      ? `${el.tagName.toLowerCase()} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}`
      : '';
  });

describe('forms and menus (issue 41 §5-7)', () => {
  let site: RunningSite;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  for (const w of widths) {
    it(`/challenges at ${w.name} px: a server-rendered list with its own title and one h1, linked from home, in the sitemap`, async () => {
      const context = await browser.newContext({ viewport: w.viewport });
      const page = await context.newPage();
      const errors = watchConsole(page);
      try {
        // The HTML itself holds the list (no script needed).
        const html = await (await fetch(`${site.url}/challenges`)).text();
        const challenges = (await (await fetch(`${site.url}/api/challenges`)).json()) as {
          id: number;
          title: string;
        }[];
        expect(challenges.length).toBeGreaterThan(0);
        for (const c of challenges) expect(html).toContain(`href="/challenges/${c.id}"`);

        const settled = trackRequests(page);
        await page.goto(`${site.url}/`);
        await settled();
        const see = page.getByRole('link', { name: 'See all challenges →' });
        await see.scrollIntoViewIfNeeded();
        expect(await pressableProblems(page.getByRole('main'), ['See all challenges →'])).toEqual([]);
        await see.click();
        await page.waitForURL(`${site.url}/challenges`);
        await expect.poll(() => page.title()).toMatch(/^Challenges \| /);
        expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Challenges']);
        const first = challenges[0]!;
        const card = page.getByRole('link', { name: new RegExp(first.title) }).first();
        await card.scrollIntoViewIfNeeded();
        await card.click();
        await page.waitForURL(`${site.url}/challenges/${first.id}`);
        // The challenge page leads back to the list.
        await page.getByRole('link', { name: '← All challenges' }).click();
        await page.waitForURL(`${site.url}/challenges`);
        await page.screenshot({ path: `/tmp/challenges-${w.name}.png`, fullPage: w.name === '390' });

        // The sitemap index leads to the pages file, which lists it.
        const index = await (await fetch(`${site.url}/sitemap.xml`)).text();
        expect(index).toContain(`<loc>${site.url}/sitemap-pages.xml</loc>`);
        const sitemap = await (await fetch(`${site.url}/sitemap-pages.xml`)).text();
        expect(sitemap).toContain(`<loc>${site.url}/challenges</loc>`);
        expect(errors()).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('the phone menu at 390 px: the page behind it is inert while open, Tab stays inside, focus returns to the button', async () => {
    const context = await browser.newContext({ viewport: widths[0].viewport });
    const page = await context.newPage();
    try {
      const settled = trackRequests(page);
      await page.goto(`${site.url}/`);
      await settled();
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.waitFor();
      // Everything outside the menu: inert (no focus, no click, hidden from assistive technology).
      const outside = await page.evaluate(() => ({
        root: Boolean(document.getElementById('root')?.closest('[inert]')),
        menuInert: Boolean(document.querySelector('[role="dialog"]')?.closest('[inert]')),
      }));
      expect(outside).toEqual({ root: true, menuInert: false });
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
        expect(
          await drawer.evaluate((d) => d.contains(document.activeElement)),
          `Tab ${i + 1} left the menu`,
        ).toBe(true);
      }
      await page.screenshot({ path: '/tmp/menu-inert-390.png' });
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.count()).toBe(0);
      expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0);
      expect(await focusedName(page)).toBe('button Open menu');
      // Closed with its Close button too.
      await openDrawer(page);
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0);
      expect(await focusedName(page)).toBe('button Open menu');
    } finally {
      await context.close();
    }
  });

  for (const w of widths) {
    it(`newsletter at ${w.name} px: the address is checked in the page with a plain message; a double click sends one request`, async () => {
      const context = await browser.newContext({ viewport: w.viewport });
      const page = await context.newPage();
      const errors = watchConsole(page);
      try {
        const settled = trackRequests(page);
        await page.goto(`${site.url}/newsletter`);
        await settled();
        const form = page.getByTestId('newsletter-page');
        const email = form.getByLabel('Newsletter address');
        const subscribe = form.getByRole('button', { name: 'Subscribe' });
        let posts = 0;
        await page.route('**/api/newsletter/subscribe', async (route) => {
          posts++;
          await new Promise((r) => setTimeout(r, 600));
          await route.continue();
        });

        await email.fill('not-an-address');
        await subscribe.click();
        const alert = form.getByRole('alert');
        await expect
          .poll(() => alert.textContent())
          .toBe('Please enter a valid email address, like name@example.com.');
        expect(await email.getAttribute('aria-invalid')).toBe('true');
        expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
        await email.fill('');
        await subscribe.click();
        await expect.poll(() => alert.textContent()).toBe('Please enter your email address.');
        expect(posts, 'the page checks before asking the server').toBe(0);

        await email.fill(`double-${w.name}@example.com`);
        await subscribe.dblclick();
        const done = form.getByRole('status');
        await expect.poll(() => done.textContent(), { timeout: 10_000 }).toMatch(/Check your inbox/);
        expect(posts, 'one request for a double click').toBe(1);
        await page.screenshot({ path: `/tmp/newsletter-done-${w.name}.png` });
        expect(errors()).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`newsletter at ${w.name} px: the server's refusal shows without the field name in front`, async () => {
      const context = await browser.newContext({ viewport: w.viewport });
      const page = await context.newPage();
      try {
        const settled = trackRequests(page);
        await page.goto(`${site.url}/`);
        await settled();
        const form = page.getByTestId('newsletter-footer');
        // Passes the page's plain check; the server's stricter one refuses it.
        await form.getByLabel('Newsletter address').fill('a@b.c');
        await form.getByRole('button', { name: 'Subscribe' }).click();
        const alert = form.getByRole('alert');
        await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toBeTruthy();
        expect(await alert.textContent()).not.toMatch(/^email:/i);
        await page.screenshot({ path: `/tmp/newsletter-footer-error-${w.name}.png` });
      } finally {
        await context.close();
      }
    });

    it(`newsletter at ${w.name} px: Subscribe before scripts posts the form; the address never reaches the URL`, async () => {
      const context = await browser.newContext({ viewport: w.viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        await page.goto(`${site.url}/contact`);
        const form = page.getByTestId('newsletter-footer');
        await form.getByLabel('Newsletter address').fill(`noscript-${w.name}@example.com`);
        await form.getByRole('button', { name: 'Subscribe' }).click();
        await page.waitForURL(/\/newsletter\?subscribe=/);
        expect(page.url()).toBe(`${site.url}/newsletter?subscribe=sent`);
        expect(page.url()).not.toContain('example.com');
        expect(await page.getByTestId('subscribe-outcome').textContent()).toMatch(/Check your inbox/);
        await page.screenshot({ path: `/tmp/newsletter-noscript-${w.name}.png` });
        // A malformed address: said on the page, in words.
        await page.getByTestId('newsletter-page').getByLabel('Newsletter address').fill('nope');
        await page.getByTestId('newsletter-page').getByRole('button', { name: 'Subscribe' }).click();
        await page.waitForURL(/subscribe=invalid/);
        expect(await page.getByTestId('subscribe-outcome').textContent()).toBe(
          'Please enter a valid email address, like name@example.com.',
        );
      } finally {
        await context.close();
      }
    });
  }
});

describe('newsletter where the site cannot send mail (production without SMTP_URL, issue 41 §7)', () => {
  let site: RunningSite;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([
      startSite({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'e2e-production-secret-0123456789abcdef' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  for (const w of widths) {
    it(`at ${w.name} px the footer and /newsletter show a sentence, not a form that always fails`, async () => {
      const context = await browser.newContext({ viewport: w.viewport });
      const page = await context.newPage();
      try {
        const settled = trackRequests(page);
        await page.goto(`${site.url}/newsletter`);
        await settled();
        for (const where of ['newsletter-page', 'newsletter-footer']) {
          const box = page.getByTestId(where);
          expect(await box.getByRole('textbox').count(), where).toBe(0);
          expect(await box.getByTestId('newsletter-closed').textContent()).toMatch(
            /not taking subscriptions/,
          );
        }
        // In the server's HTML too: no form flashes before the page learns.
        const html = await (await fetch(`${site.url}/newsletter`)).text();
        expect(html).not.toContain('Newsletter address');
        await page
          .getByTestId('newsletter-page')
          .screenshot({ path: `/tmp/newsletter-closed-${w.name}.png` });
      } finally {
        await context.close();
      }
    });
  }
});
