import type { Locator, Page } from 'playwright-core';
import type { RunningSite } from './harness';

/** The items of a public list endpoint (a bare array or `{ items }`). */
export async function listApi<T>(site: RunningSite, api: string): Promise<T[]> {
  const res = await fetch(`${site.url}${api}`);
  if (!res.ok) throw new Error(`${api} answered ${res.status}`);
  const body = (await res.json()) as unknown;
  return (Array.isArray(body) ? body : ((body as { items?: T[] }).items ?? [])) as T[];
}

/** React's minified hydration errors: #418 text mismatch, #419 SSR abort, #425 text content. */
const HYDRATION = /Minified React error #(418|419|425)|Hydration failed|did not match|hydrat/i;

/**
 * Collects console errors and uncaught page errors. A failed request for a status the page means
 * to answer (the document's own 404, the anonymous "who am I" 401) is how Chromium logs that
 * status, not a defect; every other error, hydration errors first, counts.
 */
export function watchConsole(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    const url = msg.location().url;
    const expected =
      /Failed to load resource: the server responded with a status of (401|404)/.test(text) &&
      (/\/api\/auth\/user$/.test(url) || !/\/(assets|api)\//.test(url));
    if (!expected || HYDRATION.test(text)) errors.push(text.slice(0, 300));
  });
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message.slice(0, 300)}`));
  return () => errors;
}

export interface ControlAudit {
  controls: number;
  problems: string[];
  scrollWidth: number;
  innerWidth: number;
}

/**
 * Scrolls to each interactive control the screen shows and checks that it lies inside the viewport
 * and is the topmost element at its centre (itself or one of its descendants). Controls meant to be
 * unseen (no box, visibility hidden, screen-reader-only 1 px boxes, inert or aria-hidden subtrees)
 * are skipped: they are not shown, so a person cannot be expected to press them.
 */
export async function auditControls(page: Page): Promise<ControlAudit> {
  return page.evaluate(() => {
    const sel = 'a[href], button, input, select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])';
    const label = (el: Element) =>
      `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('placeholder') ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const meantToShow = (el: HTMLElement) => {
      if (el.closest('[inert],[aria-hidden="true"]')) return false;
      if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return false; // no box, or the sr-only pattern
      const cs = getComputedStyle(el);
      return cs.visibility !== 'hidden' && cs.display !== 'none';
    };
    const problems: string[] = [];
    const els = [...document.querySelectorAll<HTMLElement>(sel)].filter(meantToShow);
    for (const el of els) {
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      const vw = document.documentElement.clientWidth;
      const vh = window.innerHeight;
      // A link that wraps onto two lines has an empty corner at its box's centre: aim at the
      // centre of its widest line fragment, where a person would press.
      const aim =
        [...el.getClientRects()].reduce<DOMRect | null>((a, b) => (a && a.width >= b.width ? a : b), null) ??
        r;
      const cx = aim.left + aim.width / 2;
      const cy = aim.top + aim.height / 2;
      const inside =
        r.left >= -1 &&
        r.right <= vw + 1 &&
        (r.height <= vh
          ? r.top >= -1 && r.bottom <= vh + 1
          : r.top + r.height / 2 >= 0 && r.top + r.height / 2 <= vh);
      if (!inside) {
        problems.push(
          `${label(el)} is not inside the viewport (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)})`,
        );
        continue;
      }
      const hit = document.elementFromPoint(cx, cy);
      // A label covering its own control (custom checkboxes) presses that control.
      const viaLabel = hit?.closest('label') && (hit.closest('label') as HTMLLabelElement).control === el;
      if (!hit || !(el === hit || el.contains(hit) || viaLabel)) {
        problems.push(`${label(el)} is covered by ${hit ? label(hit) : 'nothing'} at its centre`);
      }
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return {
      controls: els.length,
      problems,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    };
  });
}

/** Opens the phone menu from the header and returns the open drawer. */
export async function openDrawer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.waitFor();
  return drawer;
}

/** 'ok' when `el` is visible, inside the viewport and topmost at its centre (what a person can press), else why not. */
export async function pressable(el: Locator): Promise<string> {
  await el.scrollIntoViewIfNeeded();
  return el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) return 'no box';
    if (r.left < 0 || r.top < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight)
      return `outside the viewport (${Math.round(r.left)},${Math.round(r.top)})`;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit && (hit === node || node.contains(hit)) ? 'ok' : `covered by <${hit?.tagName.toLowerCase()}>`;
  });
}

/** The admin dashboard's tabs' names, without the Messages tab's unread badge. */
export const tabNames = async (page: Page) =>
  (await page.getByRole('tab').allTextContents()).map((t) => t.replace(/\d+$/, ''));

/** Names (links or buttons) inside `scope` that are missing, outside the viewport or covered. */
export async function pressableProblems(scope: Locator, names: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const name of names) {
    const control = scope
      .getByRole('link', { name, exact: true })
      .or(scope.getByRole('button', { name, exact: true }))
      .or(scope.getByRole('menuitem', { name, exact: true }));
    if ((await control.count()) !== 1) {
      problems.push(`${name}: ${await control.count()} matches`);
      continue;
    }
    const verdict = await control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return 'has no visible box';
      if (r.left < 0 || r.top < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight) {
        return `is outside the viewport (${Math.round(r.left)},${Math.round(r.top)})`;
      }
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === el || el.contains(hit))) {
        return `is covered by <${hit?.tagName.toLowerCase()}> "${hit?.textContent?.trim().slice(0, 30)}"`;
      }
      return null;
    });
    if (verdict) problems.push(`${name} ${verdict}`);
  }
  return problems;
}

/**
 * Like Playwright's "networkidle", but 150 ms of quiet instead of 500 ms (this file loads over a
 * hundred pages): resolves once the page has hydrated and no request has been in flight for `quietMs`.
 */
export function trackRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (d: number) => {
    inFlight += d;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async function settled(quietMs = 150, timeoutMs = 15_000) {
    await page.waitForFunction(() => {
      const root = document.getElementById('root');
      return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer$'));
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (inFlight <= 0 && Date.now() - lastChange >= quietMs) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`requests still in flight after ${timeoutMs} ms`);
  };
}
