import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';

describe('shop, recipes and contact in a real browser', () => {
  let site: RunningSite;
  let browser: Browser;
  let context: BrowserContext;
  const goHits: Array<{ url: string; status: number; location: string | null }> = [];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    context = await browser.newContext();
    // Loopback only: anything else is refused before it leaves the browser.
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.abort(),
    );
    // The click-through is fetched without following the partner redirect, so it is counted and checked
    // but the partner site is never contacted.
    await context.route(`${site.url}/go/**`, async (route) => {
      const res = await route.fetch({ maxRedirects: 0 });
      goHits.push({
        url: route.request().url(),
        status: res.status(),
        location: res.headers().location ?? null,
      });
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>Partner</title><p>Partner shop</p>',
      });
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await site?.stop();
  });

  it('the shop and recipes are server-rendered; product and recipe detail are "Login Required" and noindex when signed out', async () => {
    const shop = await (await fetch(`${site.url}/shop`)).text();
    expect(shop).toContain('Sign In to Shop');
    expect(shop).toMatch(/Showing \d+ products across all categories/);
    expect(shop).toContain(
      '<title data-seo>Shop - Curated Wellness &amp; Lifestyle Products | Bloom &amp; Balance</title>',
    );
    const recipes = await (await fetch(`${site.url}/recipes`)).text();
    expect(recipes).toMatch(/Found \d+ recipe\(s\)/);
    for (const path of ['/product/1', '/recipe/1']) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      expect(html).toContain('Login Required');
      expect(html).toContain('content="noindex, nofollow"');
    }
  });

  it('sign up, filter the shop by category, open a product; Buy Now opens a new tab at /go/… which redirects to the partner', async () => {
    const page = await context.newPage();
    await page.goto(`${site.url}/api/login?returnTo=%2Fshop`);
    await page.waitForURL(/\/sign-in\?returnTo=/);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Last name').fill('Stone');
    await page.getByLabel('Email').fill(`shopper${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('a-very-good-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${site.url}/shop`);

    const nav = page.getByRole('navigation', { name: 'Product categories' });
    await nav.getByRole('link', { name: 'Fitness' }).click();
    await page.waitForURL(/\/shop\/\d+$/);
    await expect
      .poll(() => page.getByTestId('product-count').textContent())
      .toMatch(/^Showing \d+ products? in Fitness$/);

    await page.getByRole('link', { name: 'View Details' }).first().click();
    await page.waitForURL(/\/product\/\d+$/);
    const productId = page.url().split('/').pop();
    const buy = page.getByRole('link', { name: 'Buy Now' });
    expect(await buy.getAttribute('rel')).toBe('sponsored nofollow noopener noreferrer');
    const [popup] = await Promise.all([context.waitForEvent('page'), buy.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain(`/go/${productId}?from=`);
    expect(goHits.at(-1)).toMatchObject({ status: 302 });
    expect(goHits.at(-1)?.location).toMatch(/^https:\/\/www\.example-shop\.co\.uk\/.+\?ref=bloomandbalance$/);
    await popup.close();
    await page.close();
  });

  it('open a recipe and scale its servings; then send the contact form and see "Message Sent!"', async () => {
    const page = await context.newPage();
    await page.goto(`${site.url}/recipes`);
    await page.getByRole('link', { name: /Creamy Lemon & Pea Risotto/ }).click();
    await page.waitForURL(/\/recipe\/\d+$/);
    const ingredients = page.getByTestId('ingredients');
    await expect.poll(() => ingredients.textContent()).toContain('1 1/2 cups arborio rice');
    const servings = page.getByRole('spinbutton', { name: 'Servings' });
    expect(await servings.inputValue()).toBe('4');
    await servings.fill('8');
    await expect.poll(() => ingredients.textContent()).toContain('3 cups arborio rice');

    await page.goto(`${site.url}/contact`);
    await page.getByLabel('First Name').fill('Maya');
    await page.getByLabel('Last Name').fill('Stone');
    await page.getByLabel('Email').fill('maya@example.com');
    await page.getByLabel('Subject').fill('Hello from the browser test');
    await page.getByLabel('Message').fill('Lovely site, thank you.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Message Sent!' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain('Message Sent');
    await page.close();
  });
});
