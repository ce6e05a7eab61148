import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';

describe('smoke: the built site in a real browser', () => {
  let site: RunningSite;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('starts with demo content and prints the demo admin in development', async () => {
    expect((await fetch(`${site.url}/api/health`)).status).toBe(200);
    expect(site.output()).toMatch(/Demo admin: admin@example\.com/);
  });

  it('a visitor signs up from the Sign In control and sees their avatar initial', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/`);
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.waitForURL(/\/sign-in\?returnTo=/);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Last name').fill('Stone');
    await page.getByLabel('Email').fill(`maya${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('a-very-good-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${site.url}/`);
    await expect.poll(async () => page.getByTestId('avatar').first().textContent()).toBe('M');
    await page.close();
  });
});
