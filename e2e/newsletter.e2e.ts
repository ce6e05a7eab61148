import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { auditControls, listApi, watchConsole } from './visible-audit';

/**
 * The newsletter as a person meets it (issue 30), on the compiled server with demo content and no SMTP
 * settings (development: mail goes to the outbox). Forms in the footer, at the end of an article and
 * on /newsletter; the confirmation page; the unsubscribe page; the admin's Newsletter tab. At 390 and
 * 1280 px: every control shown is inside the viewport and topmost at its centre, nothing overflows
 * sideways, no console error.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.join(here, 'screenshots');
const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

let site: RunningSite;
let browser: Browser;
let adminCookie: string;

async function adminApi<T>(p: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${site.url}${p}`, {
    ...init,
    headers: { cookie: adminCookie, origin: site.url, 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}
const outbox = () =>
  adminApi<
    Array<{ to: string; kind: string; subject: string; text: string; headers: Array<[string, string]> }>
  >('/api/admin/newsletter/outbox?limit=100');
async function waitFor<T>(what: string, get: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  site = await startSite();
  browser = await launchBrowser();
  const res = await fetch(`${site.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ email: 'admin@example.com', password: 'bloom-admin-demo' }),
  });
  adminCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Each named control of the form is visible, inside the viewport once scrolled to, and topmost at its centre. */
async function formIsPressable(page: Page, testId: string) {
  const form = page.getByTestId(testId);
  await form.scrollIntoViewIfNeeded();
  const problems = await form.evaluate((root) => {
    const out: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>('input:not([tabindex="-1"]), button, a')) {
      if (el.closest('[aria-hidden="true"]')) continue;
      el.scrollIntoView({ block: 'center', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) {
        out.push(`${el.tagName} has no box`);
        continue;
      }
      if (
        r.left < -1 ||
        r.right > document.documentElement.clientWidth + 1 ||
        r.top < -1 ||
        r.bottom > innerHeight + 1
      ) {
        out.push(`${el.tagName} "${el.textContent?.trim()}" outside the viewport`);
        continue;
      }
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === el || el.contains(hit)))
        out.push(`${el.tagName} "${el.textContent?.trim()}" is covered`);
    }
    return out;
  });
  expect(problems).toEqual([]);
}

describe('newsletter forms (issue 30)', () => {
  it('the footer form is in the server-rendered HTML of every kind of page', async () => {
    const [article] = await listApi<{ slug: string }>(site, '/api/content?limit=1');
    for (const p of ['/', '/contact', '/shop', `/content/${article!.slug}`, '/newsletter', '/no-such-page']) {
      const html = await (await fetch(`${site.url}${p}`)).text();
      expect(html, p).toContain('data-testid="newsletter-footer"');
      const footer = html.slice(html.indexOf('data-testid="newsletter-footer"'));
      expect(footer, p).toMatch(/<input[^>]*name="email"[^>]*>/);
      expect(footer, p).toMatch(/<button[^>]*type="submit"[^>]*>Subscribe<\/button>/);
    }
    const page = await (await fetch(`${site.url}/newsletter`)).text();
    expect(page).toContain('A sample issue');
    expect(page).toContain('data-testid="newsletter-page"');
  });

  for (const w of widths) {
    it(`${w.name}: subscribe at the end of an article, confirm from the mail's link, pressable all the way`, async () => {
      const context = await browser.newContext({ viewport: w.viewport });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const [first, second] = await listApi<{ slug: string }>(site, '/api/content?limit=2');
      await page.goto(`${site.url}/content/${first!.slug}`);
      await page.goto(`${site.url}/content/${second!.slug}`);
      await formIsPressable(page, 'newsletter-article');
      await formIsPressable(page, 'newsletter-footer');
      const email = `reader-${w.name}@example.com`;
      const form = page.getByTestId('newsletter-article');
      await form.getByPlaceholder('Email address').fill(email);
      await form.getByPlaceholder('First name (optional)').fill('Rae');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await form.getByRole('status').waitFor();
      expect(await form.getByRole('status').textContent()).toContain('Check your inbox');
      // The answer shows where the form was, in view: the reader did not lose their place.
      const answerBox = await form.getByRole('status').boundingBox();
      expect(answerBox!.y).toBeGreaterThanOrEqual(0);
      expect(answerBox!.y + answerBox!.height).toBeLessThanOrEqual(w.viewport.height);
      await page.screenshot({ path: path.join(SHOTS, `newsletter-article-form-${w.name}.png`) });
      // Back leaves the article for the one before it (subscribing added no history entry).
      await page.goBack();
      await page.waitForURL(`${site.url}/content/${first!.slug}`);

      const mail = await waitFor('the confirmation mail', async () =>
        (await outbox()).find((m) => m.to === email && m.kind === 'confirm'),
      );
      const link = /http:\/\/127\.0\.0\.1:\d+\/newsletter\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
      await page.goto(link);
      const button = page.getByRole('button', { name: 'Confirm my subscription' });
      await button.waitFor();
      // Opening the link confirmed nothing.
      const pending = await adminApi<{ subscribers: Array<{ status: string }> }>(
        `/api/admin/newsletter/subscribers?q=${encodeURIComponent(email)}`,
      );
      expect(pending.subscribers[0]!.status).toBe('pending');
      const audit = await auditControls(page);
      expect(audit.problems).toEqual([]);
      expect(audit.scrollWidth).toBeLessThanOrEqual(audit.innerWidth);
      await button.click();
      await page.getByText('You are subscribed').waitFor();
      await page.screenshot({ path: path.join(SHOTS, `newsletter-confirmed-${w.name}.png`) });
      const done = await adminApi<{ subscribers: Array<{ status: string; firstName: string }> }>(
        `/api/admin/newsletter/subscribers?q=${encodeURIComponent(email)}`,
      );
      expect(done.subscribers[0]).toMatchObject({ status: 'subscribed', firstName: 'Rae' });
      expect(errors()).toEqual([]);
      await context.close();
    }, 90_000);

    it(`${w.name}: /newsletter says what it is, shows a sample issue, and its form is pressable`, async () => {
      const context = await browser.newContext({ viewport: w.viewport });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await page.goto(`${site.url}/newsletter`);
      await page.getByRole('heading', { name: /newsletter/i, level: 1 }).waitFor();
      expect(await page.getByTestId('sample-issue').getByRole('link').count()).toBe(3);
      await formIsPressable(page, 'newsletter-page');
      const audit = await auditControls(page);
      expect(audit.problems).toEqual([]);
      expect(audit.scrollWidth).toBeLessThanOrEqual(audit.innerWidth);
      await page.screenshot({ path: path.join(SHOTS, `newsletter-page-${w.name}.png`), fullPage: true });
      expect(errors()).toEqual([]);
      await context.close();
    }, 60_000);
  }
});

describe('the admin Newsletter tab (issue 30)', () => {
  for (const w of widths) {
    it(`${w.name}: preview, send the digest, counts that reach sent, the outbox, unsubscribe from the mail`, async () => {
      const context = await browser.newContext({ viewport: w.viewport });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await page.goto(`${site.url}/sign-in?returnTo=/admin`);
      await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
      await page.getByLabel('Password', { exact: true }).fill('bloom-admin-demo');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${site.url}/admin`);
      await page.getByRole('tab', { name: 'Newsletter' }).click();
      await page.waitForURL(/\?tab=newsletter/);
      await page.getByRole('heading', { name: 'Next digest' }).waitFor();
      await page.getByTestId('transport-note').waitFor();
      expect(await page.getByTestId('transport-note').textContent()).toContain('outbox');
      // The preview frame shows the mail, styled (its own policy) and with absolute links.
      const frame = page.frameLocator('iframe[title="Preview of the next digest"]');
      await frame.getByText('Manage your subscription').waitFor();
      await page.getByTestId('subscriber-counts').waitFor();
      const audit = await auditControls(page);
      expect(audit.problems).toEqual([]);
      expect(audit.scrollWidth).toBeLessThanOrEqual(audit.innerWidth);
      await page.screenshot({ path: path.join(SHOTS, `newsletter-admin-${w.name}.png`), fullPage: true });

      // A sponsor is corrected in place: Edit opens its fields filled in, every control pressable.
      const sponsorRow = page.getByTestId('sponsor-row').first();
      const sponsorName = (await sponsorRow.locator('p').first().textContent())!.trim();
      await sponsorRow.getByRole('button', { name: `Edit ${sponsorName}` }).click();
      const sponsorForm = page.getByRole('form', { name: `Edit ${sponsorName}` });
      await sponsorForm.scrollIntoViewIfNeeded();
      expect(await sponsorForm.getByLabel('Name').inputValue()).toBe(sponsorName);
      const inForm = await auditControls(page);
      expect(inForm.problems).toEqual([]);
      await sponsorForm.evaluate((f) => f.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.screenshot({ path: path.join(SHOTS, `newsletter-sponsor-edit-${w.name}.png`) });
      await sponsorForm.getByLabel('Name').fill(`${sponsorName} (${w.name})`);
      await sponsorForm.getByRole('button', { name: 'Save sponsor' }).click();
      await page.getByText('Sponsor updated').waitFor();
      await page.getByTestId('sponsor-row').getByText(`${sponsorName} (${w.name})`).waitFor();

      // Only the first width sends: the second finds nothing new since (409), which it says.
      const sendButton = page.getByRole('button', { name: 'Send the digest now' });
      if (w.name === 'phone') {
        await sendButton.scrollIntoViewIfNeeded();
        await sendButton.click();
        await page.getByText('Digest queued').waitFor();
        const row = page.getByTestId('issue-row').first();
        await row.getByText('sent', { exact: true }).waitFor({ timeout: 30_000 });
        const cells = await row.locator('td').allTextContents();
        expect(Number(cells[3])).toBeGreaterThanOrEqual(3);
        const digest = await waitFor('a digest in the outbox', async () =>
          (await outbox()).find((m) => m.kind === 'digest' && m.to === 'amara.reader@example.com'),
        );
        const names = digest.headers.map(([k]) => k.toLowerCase());
        expect(names).toEqual(
          expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'message-id', 'date']),
        );
        // The unsubscribe page from the mail's visible link: a button, then done.
        const unsub = /http:\/\/127\.0\.0\.1:\d+\/newsletter\/unsubscribe\/[A-Za-z0-9._-]+/.exec(
          digest.text,
        )![0];
        const reader = await context.newPage();
        await reader.goto(unsub);
        await reader.getByRole('button', { name: 'Unsubscribe' }).waitFor();
        const a2 = await auditControls(reader);
        expect(a2.problems).toEqual([]);
        await reader.getByRole('button', { name: 'Unsubscribe' }).click();
        await reader.getByText('You are unsubscribed').waitFor();
        await reader.getByRole('button', { name: 'Subscribe again' }).waitFor();
        await reader.screenshot({ path: path.join(SHOTS, `newsletter-unsubscribed-${w.name}.png`) });
        await reader.close();
      }
      expect(errors()).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
