import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The bridge below runs the main process's own request, sign-in and file-check code.
import { readImageFile } from '../desktop/src/main/image-file';
import { adjustResponseHeaders } from '../desktop/src/main/security';
import * as OTPAuth from 'otpauth';
import {
  checkServer,
  forwardRequest,
  signInWithPassword,
  signOutOnServer,
  verifyTwoFactorOnServer,
} from '../desktop/src/main/server';
import type { AppState, WireRequest } from '../desktop/src/shared/bridge';
import { launchBrowser, type RunningSite, startSite } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rendererDir = path.join(root, 'desktop/out/renderer');
const fixture = path.join(root, 'desktop/test/fixtures/rose-64x48.png');

/** The built renderer bundle, served from loopback as Electron would load it from disk. */
async function serveRenderer(): Promise<{ url: string; close: () => Promise<void> }> {
  if (!existsSync(path.join(rendererDir, 'index.html'))) {
    execFileSync('npx', ['electron-vite', 'build'], { cwd: path.join(root, 'desktop'), stdio: 'ignore' });
  }
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server: Server = createServer((req, res) => {
    const rel =
      decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    const file = path.join(rendererDir, rel);
    if (!file.startsWith(rendererDir) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/index.html`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** What main does for each bridge call; the state lives here as it would in the main process. */
class FakeMain {
  serverUrl: string | null = null;
  token: string | null = null;
  /** What the next native dialog returns: a path, or null for Cancel. */
  nextPick: string | null = null;
  picks = 0;
  /** The network is down: every API call fails as main's fetch does then. */
  offline = false;

  /** Two-step sign-in's challenge cookie between the password and the code (main/ipc.ts keeps it the same way). */
  challenge: string | null = null;

  state(): AppState {
    return {
      serverUrl: this.serverUrl,
      signedIn: Boolean(this.token),
      tokenStorage: 'session',
      twoFactorPending: Boolean(this.challenge),
    };
  }

  async call(channel: string, args: unknown[]): Promise<unknown> {
    switch (channel) {
      case 'getState':
        return this.state();
      case 'setServer': {
        const r = await checkServer(String(args[0]));
        if (r.ok) this.serverUrl = r.value;
        return r;
      }
      case 'signIn': {
        if (!this.serverUrl) return { ok: false, message: 'Please set the server address first.' };
        const r = await signInWithPassword(this.serverUrl, String(args[0]), String(args[1]));
        if (!r.ok) return r;
        if ('challenge' in r.value) this.challenge = r.value.challenge;
        else this.token = r.value.token;
        return { ok: true, value: this.state() };
      }
      case 'verifyTwoFactor': {
        if (!this.serverUrl || !this.challenge) return { ok: false, message: 'Please sign in again.' };
        const r = await verifyTwoFactorOnServer(this.serverUrl, this.challenge, String(args[0]));
        if (!r.ok) {
          if (r.restart) this.challenge = null;
          return { ok: false, message: r.message };
        }
        this.challenge = null;
        this.token = r.value;
        return { ok: true, value: this.state() };
      }
      case 'signOut': {
        if (this.serverUrl && this.token) await signOutOnServer(this.serverUrl, this.token);
        this.token = null;
        return this.state();
      }
      case 'apiRequest': {
        if (!this.serverUrl) return { ok: false, message: 'Please set the server address first.' };
        if (this.offline) return { ok: false, message: `Could not reach the server at ${this.serverUrl}.` };
        return forwardRequest(this.serverUrl, this.token, args[0] as WireRequest, fetch, (t) => {
          this.token = t;
        });
      }
      case 'pickImage': {
        this.picks++;
        if (!this.nextPick) return { ok: true, value: null };
        // As main's dialog handler (ipc.ts): a photo may be picked up to 50 MB, the image field scales it.
        return readImageFile(this.nextPick, { photos: true });
      }
      case 'readDroppedImage': {
        const { name, data } = args[0] as { name: string; data: Uint8Array };
        const dir = mkdtempSync(path.join(tmpdir(), 'desktop-drop-'));
        const file = path.join(dir, path.basename(name));
        writeFileSync(file, data);
        try {
          return await readImageFile(file);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }
      default:
        throw new Error(`unknown channel ${channel}`);
    }
  }
}

// Bytes cross the page boundary as base64; everything else as JSON.
const toWire = (v: unknown): unknown => {
  if (v instanceof Uint8Array) return { __b64: Buffer.from(v).toString('base64') };
  if (Array.isArray(v)) return v.map(toWire);
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toWire(x)]));
  return v;
};
const fromWire = (v: unknown): unknown => {
  if (v && typeof v === 'object' && '__b64' in v)
    return new Uint8Array(Buffer.from(String(v.__b64), 'base64'));
  if (Array.isArray(v)) return v.map(fromWire);
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fromWire(x)]));
  return v;
};

/** The preload bridge as `window.bloom`, provided by the test (page side of the shim). */
function bridgeShim() {
  const w = window as unknown as Record<string, unknown>;
  const b64 = (u: Uint8Array) => {
    let s = '';
    for (const x of u) s += String.fromCharCode(x);
    return btoa(s);
  };
  const toWire = (v: unknown): unknown => {
    if (v instanceof Uint8Array) return { __b64: b64(v) };
    if (Array.isArray(v)) return v.map(toWire);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toWire(x)]));
    return v;
  };
  const fromWire = (v: unknown): unknown => {
    if (v && typeof v === 'object' && '__b64' in v) {
      return Uint8Array.from(atob(String((v as { __b64: string }).__b64)), (c) => c.charCodeAt(0));
    }
    if (Array.isArray(v)) return v.map(fromWire);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fromWire(x)]));
    return v;
  };
  const call = async (channel: string, ...args: unknown[]) =>
    fromWire(await (w.__bloomMain as (c: string, a: unknown) => Promise<unknown>)(channel, toWire(args)));
  const listeners: Record<string, Array<(...a: unknown[]) => void>> = { tab: [], settings: [], signOut: [] };
  const on = (k: string) => (fn: (...a: unknown[]) => void) => {
    listeners[k]?.push(fn);
    return () => undefined;
  };
  w.__bloomMenu = (k: string, ...a: unknown[]) => {
    for (const fn of listeners[k] ?? []) fn(...a);
  };
  w.bloom = {
    getState: () => call('getState'),
    setServer: (url: string) => call('setServer', url),
    signIn: (email: string, password: string) => call('signIn', email, password),
    verifyTwoFactor: (code: string) => call('verifyTwoFactor', code),
    signOut: () => call('signOut'),
    apiRequest: (req: unknown) => call('apiRequest', req),
    pickImage: () => call('pickImage'),
    // Preload would pass the dropped file's path; here the bytes travel and the test's main saves them.
    readDroppedImage: async (file: File) =>
      call('readDroppedImage', { name: file.name, data: new Uint8Array(await file.arrayBuffer()) }),
    openExternal: async () => undefined,
    onMenuTab: on('tab'),
    onMenuSettings: on('settings'),
    onMenuSignOut: on('signOut'),
  };
}

describe('desktop renderer: the built bundle with the preload bridge, against the real API', () => {
  let site: RunningSite;
  let browser: Browser;
  let renderer: Awaited<ReturnType<typeof serveRenderer>>;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    [site, browser, renderer] = await Promise.all([startSite(), launchBrowser(), serveRenderer()]);
    const m = site.output().match(/Demo admin: (\S+) \/ (\S+)/);
    if (!m?.[1] || !m[2]) throw new Error('demo admin not printed');
    admin = { email: m[1], password: m[2] };
  });
  afterAll(async () => {
    await browser?.close();
    await renderer?.close();
    await site?.stop();
  });

  async function openApp(main: FakeMain): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    // The renderer's own files load as they are; API calls go through the bridge. The only other
    // requests allowed are images from the chosen server, with the headers main's session hook gives them.
    const entryUrl = renderer.url;
    await page.route('**/*', async (route) => {
      const req = route.request();
      if (req.url().startsWith(new URL(entryUrl).origin)) return route.continue();
      if (main.serverUrl && req.url().startsWith(`${main.serverUrl}/`) && req.resourceType() === 'image') {
        const res = await route.fetch();
        const headers = Object.fromEntries(Object.entries(res.headers()).map(([k, v]) => [k, [v]]));
        const ctx = { entryUrl, serverUrl: main.serverUrl, dev: false };
        const adjusted = adjustResponseHeaders(
          { url: req.url(), resourceType: 'image', responseHeaders: headers },
          ctx,
        );
        const flat = Object.fromEntries(
          Object.entries(adjusted ?? headers).map(([k, v]) => [k, v.join(', ')]),
        );
        return route.fulfill({ response: res, headers: flat });
      }
      return route.abort();
    });
    await page.exposeFunction('__bloomMain', async (channel: string, args: unknown) =>
      toWire(await main.call(channel, fromWire(args) as unknown[])),
    );
    await page.addInitScript(bridgeShim);
    await page.goto(renderer.url);
    return { page, errors };
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  it('first start asks for the server address, validates it, then signs the admin in to the admin dashboard', async () => {
    const main = new FakeMain();
    const { page, errors } = await openApp(main);
    await page.getByRole('heading', { name: 'Connect to your site' }).waitFor();

    await page.getByLabel('Server address').fill('ftp://files.example');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The server address must start with http:// or https://.');

    await page.getByLabel('Server address').fill(`${site.url}/`);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(main.serverUrl).toBe(site.url);
    // The test's main has no key store: the app says the sign-in lasts for this session only.
    await page.getByText('kept for this session only').waitFor();

    await signIn(page, admin.email, 'not-the-password');
    await page.getByRole('alert').waitFor();
    expect(main.token).toBeNull();

    await signIn(page, admin.email, admin.password);
    await page.getByRole('heading', { name: /Admin Dashboard/ }).waitFor();
    expect(main.token).toEqual(expect.any(String));
    await page.getByText(admin.email).waitFor();

    // Sign out ends the session on the server too.
    const token = main.token;
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByText('You have signed out.').waitFor();
    expect(main.token).toBeNull();
    const after = await fetch(`${site.url}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a signed-in non-admin sees "Access Denied"', async () => {
    const email = `reader${Date.now()}@example.com`;
    const res = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ email, password: 'a-very-good-password', name: 'Rae Reader' }),
    });
    expect(res.status).toBe(200);
    const main = new FakeMain();
    main.serverUrl = site.url;
    const { page } = await openApp(main);
    await signIn(page, email, 'a-very-good-password');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByRole('heading', { name: /Admin Dashboard/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign in with another account' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(main.token).toBeNull();
    await page.close();
  });

  it('two-step sign-in (issue 42 §4): the code step after the password, a wrong code refused, then the dashboard; the account page names the desktop app', async () => {
    // A site of its own: this suite's sign-ins already fill the 10 a minute one client may make there.
    const own = await startSite({ REQUIRE_2FA_ROLES: 'editor' });
    try {
      const m = own.output().match(/Demo admin: (\S+) \/ (\S+)/);
      const post = (p: string, body: unknown, cookie?: string) =>
        fetch(`${own.url}${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: own.url, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        });
      const cookieOf = (res: Response) =>
        res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
      const editor = { email: `editor${Date.now()}@example.com`, password: 'a-very-good-password' };
      expect((await post('/api/auth/sign-up/email', { ...editor, name: 'Eda Editor' })).status).toBe(200);
      const adminCookie = cookieOf(
        await post('/api/auth/sign-in/email', { email: m?.[1], password: m?.[2] }),
      );
      const users = (await (
        await fetch(`${own.url}/api/admin/users`, { headers: { cookie: adminCookie } })
      ).json()) as Array<{ id: string; email: string }>;
      const id = users.find((u) => u.email === editor.email)!.id;
      const put = await fetch(`${own.url}/api/admin/users/${id}/role`, {
        method: 'PUT',
        headers: { cookie: adminCookie, origin: own.url, 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'editor' }),
      });
      expect(put.status).toBe(200);
      // Enrolled on the web beforehand (e2e/two-factor.e2e.ts drives that page): an authenticator of our own.
      let cookie = cookieOf(await post('/api/auth/sign-in/email', editor));
      const enabled = (await (
        await post('/api/auth/two-factor/enable', { password: editor.password }, cookie)
      ).json()) as {
        totpURI: string;
      };
      const totp = OTPAuth.URI.parse(enabled.totpURI) as OTPAuth.TOTP;
      const verified = await post('/api/auth/two-factor/verify-totp', { code: totp.generate() }, cookie);
      expect(verified.status).toBe(200);
      cookie = cookieOf(verified);

      const main = new FakeMain();
      main.serverUrl = own.url;
      const { page, errors } = await openApp(main);
      await signIn(page, editor.email, editor.password);
      await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
      expect(main.token).toBeNull();
      expect(main.challenge).toBeTruthy();
      const code = page.getByLabel('Code');
      expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);
      const now = totp.generate();
      await code.fill(now === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      expect(await page.getByRole('alert').textContent()).toBe(
        'That code is not right. Check the app and try again.',
      );
      expect(main.token).toBeNull();
      // The code step yields the bearer token: main keeps it, the dashboard opens with the editor's tabs.
      await code.fill(totp.generate());
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: /Admin Dashboard/ }).waitFor();
      expect(main.token).toBeTruthy();
      expect(await page.getByRole('tab', { name: 'Products' }).count()).toBe(1);
      // The account page lists this session as the desktop app, and the web one beside it.
      await page.getByRole('link', { name: 'Your account' }).click();
      const here = page.locator('li', { hasText: 'This device' });
      await here.waitFor();
      expect(await here.locator('h3').textContent()).toMatch(
        /^Desktop app on (Linux|macOS|Windows)This device$/,
      );
      expect(await here.textContent()).toContain('IP address 127.0.0.1');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await own.stop();
    }
  });

  it('a contributor gets the admin UI with the tabs a contributor may use (issue 42), by the same API', async () => {
    // A site of its own: this suite's sign-ins already fill the 10 a minute one client may make there.
    const own = await startSite();
    try {
      const m = own.output().match(/Demo admin: (\S+) \/ (\S+)/);
      const ownAdmin = { email: m?.[1] ?? '', password: m?.[2] ?? '' };
      const email = `writer${Date.now()}@example.com`;
      const res = await fetch(`${own.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: own.url },
        body: JSON.stringify({ email, password: 'a-very-good-password', name: 'Wren Writer' }),
      });
      expect(res.status).toBe(200);
      const adminSignIn = await fetch(`${own.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: own.url },
        body: JSON.stringify(ownAdmin),
      });
      const cookie = adminSignIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const users = (await (
        await fetch(`${own.url}/api/admin/users`, { headers: { cookie } })
      ).json()) as Array<{
        id: string;
        email: string;
      }>;
      const id = users.find((u) => u.email === email)!.id;
      const put = await fetch(`${own.url}/api/admin/users/${id}/role`, {
        method: 'PUT',
        headers: { cookie, origin: own.url, 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'contributor' }),
      });
      expect(put.status).toBe(200);
      const main = new FakeMain();
      main.serverUrl = own.url;
      const { page } = await openApp(main);
      await signIn(page, email, 'a-very-good-password');
      await page.getByRole('heading', { name: /Admin Dashboard/ }).waitFor();
      expect(await page.getByRole('tab').allTextContents()).toEqual(['Articles']);
      expect(await page.getByRole('heading', { name: 'Access Denied' }).count()).toBe(0);
      await page.close();
    } finally {
      await own.stop();
    }
  });

  it('the menu opens settings, where the server address can be changed (validated again)', async () => {
    const main = new FakeMain();
    main.serverUrl = site.url;
    const { page } = await openApp(main);
    await signIn(page, admin.email, admin.password);
    await page.getByRole('heading', { name: /Admin Dashboard/ }).waitFor();
    await page.evaluate(() =>
      (window as unknown as { __bloomMenu: (k: string) => void }).__bloomMenu('settings'),
    );
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByLabel('Server address').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Save server address' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/^Could not reach http:\/\/127\.0\.0\.1:9/);
    expect(main.serverUrl).toBe(site.url);
    await page.close();
  });

  it('a dropped image is checked by main first: a renamed text file is refused, a PNG reaches the control', async () => {
    const main = new FakeMain();
    main.serverUrl = site.url;
    const { page } = await openApp(main);
    await signIn(page, admin.email, admin.password);
    await page.getByRole('heading', { name: /Admin Dashboard/ }).waitFor();
    // Stands in for an image control's drop handler.
    await page.evaluate(() => {
      const w = window as unknown as { received: string[] };
      w.received = [];
      document.querySelector('main, section, h1')?.addEventListener('drop', (e) => {
        const f = (e as DragEvent).dataTransfer?.files[0];
        if (f) w.received.push(`${f.name} ${f.type} ${f.size}`);
      });
    });
    const drop = async (name: string, bytes: number[], type: string) => {
      const dt = await page.evaluateHandle(
        ([n, b, t]) => {
          const d = new DataTransfer();
          d.items.add(new File([new Uint8Array(b as number[])], n as string, { type: t as string }));
          return d;
        },
        [name, bytes, type] as const,
      );
      await page
        .getByRole('heading', { name: /Admin Dashboard/ })
        .dispatchEvent('drop', { dataTransfer: dt });
    };

    await drop('holiday.png', [...Buffer.from('plain text, not a picture')], 'image/png');
    // The admin UI's destructive toast, as on the web.
    const toast = page.getByRole('alert').filter({ hasText: 'Invalid file type' });
    await toast.getByText('Please upload a JPEG, PNG, GIF, or WebP image.').waitFor();

    const png = readFileSync(fixture);
    await drop('rose.png', [...png], 'image/png');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received: string[] }).received))
      .toEqual([`rose.png image/png ${png.length}`]);
    await page.close();
  });

  it('the article editor: the native picker and a drop through main put images in the text; offline the draft is kept and saved when back online (issue 31)', async () => {
    const main = new FakeMain();
    main.serverUrl = site.url;
    const { page, errors } = await openApp(main);
    await signIn(page, admin.email, admin.password);
    await page.getByRole('button', { name: 'Add Article' }).click();
    const editor = page.getByRole('textbox', { name: 'Content', exact: true });
    await editor.waitFor();
    const title = `Desktop offline ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Excerpt', { exact: true }).fill('Written on a train.');
    await editor.click();
    await page.keyboard.type('## On the train');
    await page.keyboard.press('Enter');
    await page.keyboard.type('No signal between stations.');

    // The toolbar's image button opens the system dialog (the bridge's pickImage), not a file input.
    main.nextPick = fixture;
    await page.getByRole('button', { name: 'Insert image' }).click();
    const ask = page.getByRole('dialog', { name: 'Describe this image' });
    await ask.getByLabel('Alt text').fill('A rose on a table');
    await ask.getByRole('button', { name: 'Save image details' }).click();
    // The upload goes through main and the server's picture store: seconds on a loaded machine, not one.
    await expect.poll(() => editor.locator('figure img').count(), { timeout: 15_000 }).toBe(1);
    expect(main.picks).toBe(1);
    expect(await editor.locator('figure img').getAttribute('src')).toMatch(
      new RegExp(`^${site.url}/uploads/`),
    );

    // A file dropped on the text goes through main's checks first (drop gate), then into the editor.
    const dt = await page.evaluateHandle((b64) => {
      const d = new DataTransfer();
      d.items.add(
        new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'dropped.png', { type: 'image/png' }),
      );
      return d;
    }, readFileSync(fixture).toString('base64'));
    const box = (await editor.boundingBox())!;
    await editor.dispatchEvent('drop', {
      dataTransfer: dt,
      clientX: box.x + 10,
      clientY: box.y + box.height - 8,
    });
    await page
      .getByRole('dialog', { name: 'Describe this image' })
      .getByRole('button', { name: 'Skip for now' })
      .click();
    await expect.poll(() => editor.locator('figure img').count(), { timeout: 15_000 }).toBe(2);

    // The connection drops (main cannot reach the server; the page hears "offline").
    main.offline = true;
    await page.context().setOffline(true);
    await editor.getByText('No signal between stations.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Still writing.');
    await page.getByRole('button', { name: 'Create Article' }).click();
    await page.getByText(/^Offline: your changes are kept on this device and will be saved/).waitFor();
    const kept = await page.evaluate(
      () => Object.entries(localStorage).find(([k]) => k.startsWith('bloom:article-draft:v1:'))?.[1],
    );
    expect(JSON.parse(kept ?? '{}').draft?.content).toContain('Still writing.');
    const before = await fetch(`${site.url}/api/content/search?q=${encodeURIComponent('Desktop offline')}`);
    expect(((await before.json()) as Array<{ title: string }>).some((a) => a.title === title)).toBe(false);

    // Back online: the waiting save goes out by itself.
    main.offline = false;
    await page.context().setOffline(false);
    await page.getByText('Article created successfully').waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: title }).waitFor();
    const list = (await (await fetch(`${site.url}/api/content?limit=50`)).json()) as Array<{
      title: string;
      slug: string;
    }>;
    const saved = list.find((a) => a.title === title);
    expect(saved).toBeTruthy();
    const article = (await (await fetch(`${site.url}/api/content/${saved!.slug}`)).json()) as {
      contentHtml: string;
    };
    expect(article.contentHtml).toContain('<h2>On the train</h2>');
    expect(article.contentHtml).toContain('Still writing.');
    expect(article.contentHtml).toContain('alt="A rose on a table"');
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith('bloom:article-draft:v1:')),
      ),
    ).toEqual([]);
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await page.close();
  });

  it('the menu shortcuts for the tabs (Ctrl/Cmd+1…9) select the admin tabs by name', async (ctx) => {
    const main = new FakeMain();
    main.serverUrl = site.url;
    const { page } = await openApp(main);
    await signIn(page, admin.email, admin.password);
    await page.getByRole('heading', { name: /Admin Dashboard/ }).waitFor();
    if ((await page.getByRole('tab').count()) === 0)
      ctx.skip('the admin dashboard tabs are not on this branch yet');
    // Main sends the tab's name (desktop/src/main/menu.ts), as its menu item does.
    const menu = (tab: string) =>
      page.evaluate(
        (name) =>
          (window as unknown as { __bloomMenu: (k: string, n: string) => void }).__bloomMenu('tab', name),
        tab,
      );
    await menu('Products');
    await page.getByRole('tab', { name: 'Products', selected: true }).waitFor();
    // Messages carries a count of unread messages after its name.
    await menu('Messages');
    await page.getByRole('tab', { name: /^Messages/, selected: true }).waitFor();
    await menu('Audit');
    await page.getByRole('tab', { name: 'Audit', selected: true }).waitFor();
    await menu('Articles');
    await page.getByRole('tab', { name: 'Articles', selected: true }).waitFor();
    await page.close();
  });

  it('the insights panels work in the desktop app: the chart draws under its CSP, the table reads, the CSV downloads with the token', async () => {
    const main = new FakeMain();
    main.serverUrl = site.url;
    const { page, errors } = await openApp(main);
    await signIn(page, admin.email, admin.password);
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('button', { name: 'Affiliate performance' }).click();
    await page.locator('.uplot canvas').first().waitFor();
    await page.getByRole('button', { name: 'Show as table' }).click();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(31);
    // No cookie on the desktop: the export goes through the bridge's fetcher and is saved from a blob.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(
      /^clicks-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    await page.getByRole('tab', { name: 'Articles' }).click();
    await page.getByRole('button', { name: 'Reading counts' }).click();
    await page.getByRole('img', { name: /^Reads from/ }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  // Needs the admin dashboard and POST /api/upload (admin issue): skipped where they are not merged yet.
  it('signs in, picks an image (the bridge returns the fixture), uploads it, creates an article and sees it in the list', async (ctx) => {
    const probe = await fetch(`${site.url}/api/upload`, { method: 'POST' });
    if (probe.status === 404) ctx.skip('POST /api/upload is not on this branch yet');
    const main = new FakeMain();
    main.serverUrl = site.url;
    const { page, errors } = await openApp(main);
    await signIn(page, admin.email, admin.password);
    await page.getByRole('heading', { name: 'Admin Dashboard - Manage your content and users' }).waitFor();
    await page.getByRole('button', { name: 'Add Article' }).click();
    await page.getByRole('heading', { name: 'Create New Article' }).waitFor();

    // Cancel first: nothing is sent.
    await page.getByRole('button', { name: 'Upload Image' }).click();
    await expect.poll(() => main.picks).toBe(1);
    main.nextPick = fixture;
    await page.getByRole('button', { name: 'Upload Image' }).click();
    await page.getByText('Image uploaded successfully!').waitFor();
    expect(main.picks).toBe(2);
    const src = await page.getByAltText('Preview').getAttribute('src');
    expect(src).toMatch(new RegExp(`^${site.url}/uploads/`));
    expect((await fetch(src ?? '')).headers.get('content-type')).toMatch(/^image\//);

    const title = `Desktop article ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Excerpt', { exact: true }).fill('Written in the desktop app.');
    await page.getByLabel('Content', { exact: true }).fill('A short body written in the desktop admin app.');
    await page.getByRole('button', { name: 'Create Article' }).click();
    await page.getByText('Article created successfully').waitFor();
    await page.getByRole('heading', { name: title }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
