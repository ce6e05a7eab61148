import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningSite, startSite } from './harness';
import { sharp } from './sharp';

const LIMIT = 5 * 1024 * 1024;
const WIDTH = 5000;
const HEIGHT = 3500;

/**
 * A camera-sized JPEG far over 5 MB: random noise (which JPEG cannot shrink) at 5000×3500, quality 95,
 * stored landscape with EXIF orientation 6 (turn 90° clockwise), as a phone held upright writes it.
 */
async function cameraPhoto(): Promise<Buffer> {
  const noise = randomBytes(WIDTH * HEIGHT * 3);
  return sharp(noise, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('the admin image field takes a camera photo over 5 MB (issue 39 §4)', () => {
  let site: RunningSite;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    page = await browser.newPage();
    // The marker and the crops are placed by style properties: the CSP (style-src 'self') must not
    // refuse them (React sets them through the CSSOM, which the policy allows).
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`),
      );
    });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('scales it down in Chromium, uploads under 5 MB upright, and the product keeps the URL with its focal point', async () => {
    const photo = await cameraPhoto();
    expect(photo.length).toBeGreaterThan(LIMIT * 2);
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const file = path.join(site.dataDir, 'IMG_0001.jpg');
    writeFileSync(file, photo);

    await page.goto(`${site.url}/sign-in?returnTo=/admin`);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('bloom-admin-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${site.url}/admin`);
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('heading', { name: 'Create New Product' }).waitFor();

    const uploadRequest = page.waitForRequest(
      (r) => r.url() === `${site.url}/api/upload` && r.method() === 'POST',
      { timeout: 60_000 },
    );
    uploadRequest.catch(() => undefined); // a failure before it is awaited is reported there, not as unhandled
    await page.getByLabel('Image file').setInputFiles(file);
    await page.getByRole('button', { name: 'Preparing image…' }).waitFor({ timeout: 10_000 });

    const request = await uploadRequest;
    const response = await request.response();
    expect(response?.ok()).toBe(true);
    // What went on the wire: the request's Content-Length as Chromium sent it (the whole multipart
    // body: the scaled JPEG and its part headers). Chromium keeps no copy of a file body to read back.
    const sent = Number((await request.allHeaders())['content-length']);
    expect(sent).toBeGreaterThan(500_000);
    expect(sent).toBeLessThan(LIMIT);

    await page.getByText('Image uploaded successfully!').waitFor({ timeout: 60_000 });
    expect(await page.getByText('File too large').count()).toBe(0);
    const preview = page.getByAltText('Preview');
    const src = (await preview.getAttribute('src')) ?? '';
    expect(src.startsWith(`${site.url}/uploads/`)).toBe(true);

    // The stored picture is upright (the EXIF turn applied before scaling) and at most 4,000 px a side.
    const stored = await (await fetch(src)).arrayBuffer();
    const meta = await sharp(Buffer.from(stored)).metadata();
    expect(meta.height).toBeGreaterThan(meta.width);
    expect(meta.height).toBeLessThanOrEqual(4000);
    expect(meta.width / meta.height).toBeCloseTo(HEIGHT / WIDTH, 2);

    // A click at a quarter across and three quarters down on the real, laid-out preview.
    await preview.evaluate((img: HTMLImageElement) => img.decode());
    const control = page.getByRole('slider', { name: 'Focal point' });
    const box = (await control.boundingBox())!;
    expect(box.width).toBeGreaterThan(0);
    expect(box.height).toBeGreaterThan(box.width);
    await control.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    // The mouse lands on whole pixels: within a percent of the spot aimed at.
    const point = async () => {
      const m = /^(\d+)% across, (\d+)% down$/.exec((await control.getAttribute('aria-valuetext')) ?? '');
      expect(m).not.toBeNull();
      return { x: Number(m![1]), y: Number(m![2]) };
    };
    const clicked = await point();
    expect(Math.abs(clicked.x - 25)).toBeLessThanOrEqual(1);
    expect(Math.abs(clicked.y - 75)).toBeLessThanOrEqual(1);
    await control.press('ArrowRight');
    expect(await point()).toEqual({ x: clicked.x + 1, y: clicked.y });
    // The marker sits where the point is, and the crops follow it.
    const marker = page.getByTestId('focal-marker');
    expect(await marker.evaluate((el) => el.style.left)).toBe(`${clicked.x + 1}%`);
    const crops = await page
      .locator('figure img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).style.objectPosition));
    expect(crops).toEqual([`${clicked.x + 1}% ${clicked.y}%`, `${clicked.x + 1}% ${clicked.y}%`]);

    // The point control and its reset are seen and pressable (inside the viewport, topmost at their
    // centre) on a desktop and on a phone.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      for (const target of [control, page.getByRole('button', { name: 'Reset focal point' })]) {
        await target.scrollIntoViewIfNeeded();
        const verdict = await target.evaluate((el) => {
          const r = el.getBoundingClientRect();
          if (r.width <= 1 || r.height <= 1) return 'no box';
          if (r.left < 0 || r.top < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight) {
            return 'outside the viewport';
          }
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit && (hit === el || el.contains(hit))
            ? null
            : `covered by <${hit?.tagName.toLowerCase()}>`;
        });
        expect(verdict, `${width} px`).toBeNull();
      }
      await page.screenshot({ path: `/tmp/focal-point-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByLabel('Title', { exact: true }).fill(`E2E camera photo ${Date.now()}`);
    await page.getByLabel('Description', { exact: true }).fill('Shot on a phone, sent as it was.');
    await page.getByLabel('Price (£)', { exact: true }).fill('4.00');
    const category = page.getByLabel('Category', { exact: true });
    await category.selectOption({ index: 1 });
    const created = page.waitForResponse(
      (r) => r.url() === `${site.url}/api/products` && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create Product' }).click();
    const saved = await created;
    expect(saved.ok()).toBe(true);
    expect(saved.request().postDataJSON().imageUrl).toBe(`${src}#focus=${clicked.x + 1},${clicked.y}`);
    await page.getByText('Product created successfully').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  });
});
