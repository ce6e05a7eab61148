import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../src/shared/bridge';
import { electronModule, fake, invoke, ipcEvent } from './support/fake-electron';

vi.mock('electron', () => electronModule);

const { FOREIGN_SENDER, registerIpc } = await import('../src/main/ipc');
const { INVALID_TYPE, TOO_LARGE, IMAGE_FILTERS, PICK_MAX_BYTES } = await import('../src/main/image-file');
const { SettingsStore } = await import('../src/main/settings');
const { TokenStore } = await import('../src/main/token-store');

const fixture = path.join(import.meta.dirname, 'fixtures/rose-64x48.png');
const FIVE_MB = 5 * 1024 * 1024;

const signedOut = vi.fn();
const tokenAtSignOut: Array<string | null> = [];
let dir: string;
let entryUrl: string;
let settingsFile: string;
let server: Server;
let serverUrl: string;
const seen: Array<{
  method: string;
  url: string;
  auth: string | undefined;
  body: string;
  cookie?: string | undefined;
  origin?: string | undefined;
  ua?: string | undefined;
}> = [];
/** The stand-in's two-step sign-in: the challenge cookie it sets, and the code and backup code it takes. */
const CHALLENGE = 'better-auth.two_factor=chal-1.sig';

// A loopback stand-in for the API: health, better-auth's sign-in (set-auth-token) and an echo.
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization,
        body,
        cookie: req.headers.cookie,
        origin: req.headers.origin,
        ua: req.headers['user-agent'],
      });
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
      if (req.url === '/api/health')
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      if (req.url === '/api/auth/sign-in/email') {
        const { email, password } = JSON.parse(body) as { email: string; password: string };
        if (password !== 'right-password') {
          return res
            .writeHead(401, { 'content-type': 'application/json' })
            .end('{"message":"Invalid email or password"}');
        }
        // better-auth for an account with two-step sign-in: no session, a challenge cookie instead.
        if (email === 'two-step@example.com')
          return json(
            200,
            { twoFactorRedirect: true, twoFactorMethods: ['totp'] },
            { 'set-cookie': `${CHALLENGE}; Max-Age=600; Path=/; HttpOnly; SameSite=Lax` },
          );
        return res
          .writeHead(200, { 'set-auth-token': 'tok-123', 'content-type': 'application/json' })
          .end('{}');
      }
      if (
        req.url === '/api/auth/two-factor/verify-totp' ||
        req.url === '/api/auth/two-factor/verify-backup-code'
      ) {
        const { code } = JSON.parse(body) as { code: string };
        // As the API's own origin check: a cookie must come with the site's origin.
        if (req.headers.origin !== serverUrl) return json(403, { message: 'foreign origin' });
        if (req.headers.cookie !== CHALLENGE)
          return json(401, { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' });
        if (code === '999999')
          return json(400, { code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', message: 'Too many' });
        const ok = req.url.endsWith('verify-totp') ? code === '123456' : code === 'abcde-12345';
        if (!ok)
          return json(401, {
            code: req.url.endsWith('verify-totp') ? 'INVALID_CODE' : 'INVALID_BACKUP_CODE',
          });
        return json(200, { token: 'tok-2fa' }, { 'set-auth-token': 'tok-2fa.sig' });
      }
      // Turning two-step sign-in on replaces the session: the bearer plugin sends the new token.
      if (req.url === '/api/auth/two-factor/enable-stand-in')
        return json(200, { status: true }, { 'set-auth-token': 'tok-replaced' });
      if (req.url === '/api/auth/sign-out') return res.writeHead(200).end('{}');
      if (req.url?.startsWith('/api/echo')) {
        return res
          .writeHead(201, { 'content-type': 'application/json', 'set-cookie': 'x=1' })
          .end(
            JSON.stringify({ auth: req.headers.authorization ?? null, type: req.headers['content-type'] }),
          );
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  serverUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  fake.reset();
  vi.clearAllMocks();
  seen.length = 0;
  dir = mkdtempSync(path.join(tmpdir(), 'desktop-test-'));
  settingsFile = path.join(dir, 'settings.json');
  entryUrl = pathToFileURL(path.join(dir, 'out/renderer/index.html')).href;
  const settings = new SettingsStore(settingsFile);
  const tokens = new TokenStore(settings);
  // What the preview windows see when told: the token must already be gone.
  signedOut.mockImplementation(() => {
    tokenAtSignOut.push(tokens.get());
  });
  tokenAtSignOut.length = 0;
  registerIpc({ settings, tokens, entryUrl, onSignedOut: signedOut });
  return () => rmSync(dir, { recursive: true, force: true });
});

const app = () => ipcEvent(`${entryUrl}#/admin`);

describe('native image picking (pick-image)', () => {
  it('opens the system dialog filtered to JPEG, PNG, GIF and WebP', async () => {
    fake.dialogResult = { canceled: true, filePaths: [] };
    await invoke(CHANNELS.pickImage, app());
    expect(electronModule.dialog.showOpenDialog).toHaveBeenCalledWith(
      expect.objectContaining({ properties: ['openFile'], filters: IMAGE_FILTERS }),
    );
    expect(IMAGE_FILTERS[0]?.extensions).toEqual(['jpeg', 'jpg', 'png', 'gif', 'webp']);
  });

  it('accepts a real PNG: type by content, size and the bytes on disk', async () => {
    fake.dialogResult = { canceled: false, filePaths: [fixture] };
    const res = (await invoke(CHANNELS.pickImage, app())) as { ok: true; value: Record<string, unknown> };
    const bytes = await readFile(fixture);
    expect(res.ok).toBe(true);
    expect(res.value).toMatchObject({ name: 'rose-64x48.png', type: 'image/png', size: bytes.length });
    expect(Buffer.from(res.value.data as Uint8Array).equals(bytes)).toBe(true);
  });

  it('refuses a text file renamed to .png with "Invalid file type"', async () => {
    const fakePng = path.join(dir, 'holiday.png');
    writeFileSync(fakePng, 'just some text pretending to be a picture\n'.repeat(20));
    fake.dialogResult = { canceled: false, filePaths: [fakePng] };
    expect(await invoke(CHANNELS.pickImage, app())).toEqual({ ok: false, message: INVALID_TYPE });
    expect(INVALID_TYPE).toBe('Invalid file type: Please upload a JPEG, PNG, GIF, or WebP image.');
  });

  it('a dropped 5 MB + 1 byte PNG is refused with "File too large"; exactly 5 MB is accepted', async () => {
    const png = await readFile(fixture);
    const big = path.join(dir, 'big.png');
    writeFileSync(big, Buffer.concat([png, Buffer.alloc(FIVE_MB + 1 - png.length)]));
    expect(await invoke(CHANNELS.readDroppedImage, app(), big)).toEqual({ ok: false, message: TOO_LARGE });
    expect(TOO_LARGE).toBe('File too large: Please upload an image smaller than 5MB.');

    writeFileSync(big, Buffer.concat([png, Buffer.alloc(FIVE_MB - png.length)]));
    const ok = (await invoke(CHANNELS.readDroppedImage, app(), big)) as {
      ok: boolean;
      value: { size: number };
    };
    expect(ok.ok).toBe(true);
    expect(ok.value.size).toBe(FIVE_MB);
  });

  it('the dialog hands on a photo over 5 MB (the image field scales it down), but not a GIF, nor past 50 MB', async () => {
    const png = await readFile(fixture);
    const big = path.join(dir, 'camera.png');
    writeFileSync(big, Buffer.concat([png, Buffer.alloc(FIVE_MB + 1 - png.length)]));
    fake.dialogResult = { canceled: false, filePaths: [big] };
    const res = (await invoke(CHANNELS.pickImage, app())) as { ok: boolean; value: Record<string, unknown> };
    expect(res.ok).toBe(true);
    expect(res.value).toMatchObject({ name: 'camera.png', type: 'image/png', size: FIVE_MB + 1 });

    // A GIF's animation would be lost in scaling: 5 MB stays its limit.
    const gif = path.join(dir, 'party.gif');
    writeFileSync(gif, Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(FIVE_MB + 1 - 6)]));
    fake.dialogResult = { canceled: false, filePaths: [gif] };
    expect(await invoke(CHANNELS.pickImage, app())).toEqual({ ok: false, message: TOO_LARGE });

    // Past PICK_MAX_BYTES the file is refused from its size on disk, without reading it (a sparse file).
    expect(PICK_MAX_BYTES).toBe(50 * 1024 * 1024);
    truncateSync(big, PICK_MAX_BYTES + 1);
    fake.dialogResult = { canceled: false, filePaths: [big] };
    expect(await invoke(CHANNELS.pickImage, app())).toEqual({ ok: false, message: TOO_LARGE });
  });

  it('a cancelled dialog is no error and no file (value null)', async () => {
    fake.dialogResult = { canceled: true, filePaths: [] };
    expect(await invoke(CHANNELS.pickImage, app())).toEqual({ ok: true, value: null });
  });

  it('a dropped file is read and checked the same way', async () => {
    const res = (await invoke(CHANNELS.readDroppedImage, app(), fixture)) as { ok: boolean };
    expect(res.ok).toBe(true);
    const txt = path.join(dir, 'notes.webp');
    writeFileSync(txt, 'hello');
    expect(await invoke(CHANNELS.readDroppedImage, app(), txt)).toEqual({ ok: false, message: INVALID_TYPE });
  });
});

describe('every IPC handler checks its sender', () => {
  const foreign = [
    ['a page from the internet', () => ipcEvent('https://evil.example/index.html')],
    ['another local file', () => ipcEvent(pathToFileURL(path.join(dir, 'other.html')).href)],
    ['a frame inside the app', () => ipcEvent(entryUrl, { url: entryUrl })],
    ['no frame (navigated away)', () => ({ senderFrame: null, sender: {} })],
  ] as const;

  it.each(foreign)('refuses a call from %s on every channel, before doing anything', async (_name, event) => {
    fake.dialogResult = { canceled: false, filePaths: [fixture] };
    const channels = [...fake.handlers.keys()];
    expect(channels.length).toBeGreaterThanOrEqual(8);
    for (const channel of channels) {
      await expect(invoke(channel, event(), 'https://example.com')).rejects.toThrow(FOREIGN_SENDER);
    }
    expect(electronModule.dialog.showOpenDialog).not.toHaveBeenCalled();
    expect(electronModule.shell.openExternal).not.toHaveBeenCalled();
  });
});

describe('server address, sign-in and the token store', () => {
  it('rejects non-http(s) and unreachable addresses with a message, keeps a healthy one', async () => {
    expect(await invoke(CHANNELS.setServer, app(), 'ftp://files.example')).toEqual({
      ok: false,
      message: 'The server address must start with http:// or https://.',
    });
    expect(await invoke(CHANNELS.setServer, app(), 'not an address')).toMatchObject({ ok: false });
    expect(await invoke(CHANNELS.setServer, app(), 'http://127.0.0.1:9')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Could not reach http:\/\/127\.0\.0\.1:9/),
    });
    expect(await invoke(CHANNELS.getState, app())).toMatchObject({ serverUrl: null });

    expect(await invoke(CHANNELS.setServer, app(), ` ${serverUrl}/ `)).toEqual({
      ok: true,
      value: serverUrl,
    });
    expect(seen.at(-1)?.url).toBe('/api/health');
    // Remembered on disk for the next start.
    expect(new SettingsStore(settingsFile).get().serverUrl).toBe(serverUrl);
  });

  it('signs in, keeps the token encrypted on disk, sends it as a bearer, and signs out clearing it', async () => {
    await invoke(CHANNELS.setServer, app(), serverUrl);
    expect(await invoke(CHANNELS.signIn, app(), 'admin@example.com', 'wrong')).toEqual({
      ok: false,
      message: 'Invalid email or password',
    });
    const signed = await invoke(CHANNELS.signIn, app(), 'admin@example.com', 'right-password');
    expect(signed).toEqual({
      ok: true,
      value: { serverUrl, signedIn: true, tokenStorage: 'secure', twoFactorPending: false },
    });
    // The app names itself, so the account page's device list says "Desktop app on …".
    expect(seen.find((r) => r.url === '/api/auth/sign-in/email')?.ua).toMatch(/^BloomDesktop\/\S+ \(\w+\)$/);

    const onDisk = await readFile(settingsFile, 'utf8');
    expect(onDisk).not.toContain('tok-123');
    expect(JSON.parse(onDisk).encryptedToken).toEqual(expect.any(String));
    // A restart (new store over the same file) still has the session.
    const again = new TokenStore(new SettingsStore(settingsFile));
    expect(again.get()).toBe('tok-123');

    const res = (await invoke(CHANNELS.apiRequest, app(), {
      path: '/api/echo',
      method: 'POST',
      headers: [
        ['content-type', 'application/json'],
        ['authorization', 'Bearer forged'],
      ],
      body: { kind: 'text', text: '{"a":1}' },
    })) as { ok: true; value: { status: number; headers: [string, string][]; body: Uint8Array } };
    expect(res.value.status).toBe(201);
    expect(JSON.parse(Buffer.from(res.value.body).toString())).toEqual({
      auth: 'Bearer tok-123',
      type: 'application/json',
    });
    expect(res.value.headers.map(([k]) => k)).not.toContain('set-cookie');

    expect(await invoke(CHANNELS.signOut, app())).toMatchObject({ signedIn: false });
    expect(seen.at(-1)).toMatchObject({ url: '/api/auth/sign-out', auth: 'Bearer tok-123' });
    expect(JSON.parse(await readFile(settingsFile, 'utf8')).encryptedToken).toBeNull();
  });

  it('sign-out and a change of server tell the preview windows, after the token is gone', async () => {
    await invoke(CHANNELS.setServer, app(), serverUrl);
    expect(signedOut).toHaveBeenCalledTimes(1);
    await invoke(CHANNELS.signIn, app(), 'admin@example.com', 'right-password');
    // The same server again keeps the session.
    await invoke(CHANNELS.setServer, app(), serverUrl);
    expect(signedOut).toHaveBeenCalledTimes(1);
    await expect(invoke(CHANNELS.signOut, ipcEvent('https://evil.example/'))).rejects.toThrow(FOREIGN_SENDER);
    expect(signedOut).toHaveBeenCalledTimes(1);
    await invoke(CHANNELS.signOut, app());
    expect(signedOut).toHaveBeenCalledTimes(2);
    expect(tokenAtSignOut).toEqual([null, null]);
  });

  it('with only the plaintext backend, keeps the token for this session only and says so', async () => {
    fake.backend = 'basic_text';
    await invoke(CHANNELS.setServer, app(), serverUrl);
    const signed = await invoke(CHANNELS.signIn, app(), 'admin@example.com', 'right-password');
    expect(signed).toMatchObject({ ok: true, value: { signedIn: true, tokenStorage: 'session' } });
    expect(JSON.parse(await readFile(settingsFile, 'utf8')).encryptedToken).toBeNull();
    expect(new TokenStore(new SettingsStore(settingsFile)).get()).toBeNull();
  });

  it('multipart uploads pass through with the file intact', async () => {
    await invoke(CHANNELS.setServer, app(), serverUrl);
    const data = new Uint8Array(await readFile(fixture));
    const res = (await invoke(CHANNELS.apiRequest, app(), {
      path: '/api/echo',
      method: 'POST',
      headers: [['content-type', 'application/json']],
      body: { kind: 'form', fields: [{ name: 'image', filename: 'rose.png', type: 'image/png', data }] },
    })) as { ok: true; value: { body: Uint8Array } };
    const echoed = JSON.parse(Buffer.from(res.value.body).toString()) as { type: string };
    expect(echoed.type).toMatch(/^multipart\/form-data; boundary=/);
    const raw = seen.at(-1)?.body ?? '';
    expect(raw).toContain('filename="rose.png"');
    expect(raw).toContain('Content-Type: image/png');
  });

  it('the renderer cannot use main as a proxy beyond the API', async () => {
    await invoke(CHANNELS.setServer, app(), serverUrl);
    for (const p of ['//evil.example/x', '/uploads/a.png', '/api/../admin', 'http://evil.example/api/x']) {
      expect(
        await invoke(CHANNELS.apiRequest, app(), {
          path: p,
          method: 'GET',
          headers: [],
          body: { kind: 'none' },
        }),
      ).toEqual({ ok: false, message: 'Only /api requests can be sent to the server.' });
    }
  });

  it('a damaged settings file means defaults, not a crash', () => {
    writeFileSync(settingsFile, '{not json');
    expect(new SettingsStore(settingsFile).get()).toEqual({
      serverUrl: null,
      bounds: null,
      encryptedToken: null,
    });
  });
});

describe('external links', () => {
  it('opens http(s) links in the system browser, mailto: in the mail app, and nothing else', async () => {
    await invoke(CHANNELS.openExternal, app(), 'https://bloom.example/articles/a');
    await invoke(CHANNELS.openExternal, app(), 'file:///etc/passwd');
    await invoke(CHANNELS.openExternal, app(), 'javascript:alert(1)');
    await invoke(CHANNELS.openExternal, app(), 'smb://host/share');
    await invoke(CHANNELS.openExternal, app(), 'mailto:lou@example.com');
    expect(fake.opened).toEqual(['https://bloom.example/articles/a', 'mailto:lou@example.com']);
  });
});

describe('two-step sign-in (issue 42 §4)', () => {
  const verifyCalls = () => seen.filter((r) => r.url.startsWith('/api/auth/two-factor/'));

  it('the password step keeps the challenge in main, a wrong code is refused, the right one yields the bearer token', async () => {
    await invoke(CHANNELS.setServer, app(), serverUrl);
    const step = await invoke(CHANNELS.signIn, app(), 'two-step@example.com', 'right-password');
    expect(step).toEqual({
      ok: true,
      value: { serverUrl, signedIn: false, tokenStorage: 'secure', twoFactorPending: true },
    });
    // The challenge is no token: nothing kept on disk, and getState says the code is awaited.
    expect(JSON.parse(await readFile(settingsFile, 'utf8')).encryptedToken ?? null).toBeNull();
    expect(await invoke(CHANNELS.getState, app())).toMatchObject({ twoFactorPending: true, signedIn: false });

    expect(await invoke(CHANNELS.verifyTwoFactor, app(), '654321')).toEqual({
      ok: false,
      message: 'That code is not right. Check the app and try again.',
    });
    expect(await invoke(CHANNELS.verifyTwoFactor, app(), '  ')).toEqual({
      ok: false,
      message: 'Enter the code from your app, or a backup code.',
    });
    // Still waiting for a code after a wrong one.
    expect(await invoke(CHANNELS.getState, app())).toMatchObject({ twoFactorPending: true });

    const signed = await invoke(CHANNELS.verifyTwoFactor, app(), '123 456');
    expect(signed).toEqual({
      ok: true,
      value: { serverUrl, signedIn: true, tokenStorage: 'secure', twoFactorPending: false },
    });
    const calls = verifyCalls();
    expect(calls.map((c) => [c.url, JSON.parse(c.body)])).toEqual([
      ['/api/auth/two-factor/verify-totp', { code: '654321' }],
      ['/api/auth/two-factor/verify-totp', { code: '123456' }],
    ]);
    // The challenge cookie goes back with the server's own origin and the app's name; no bearer yet.
    for (const c of calls) {
      expect(c).toMatchObject({ cookie: CHALLENGE, origin: serverUrl, auth: undefined });
      expect(c.ua).toMatch(/^BloomDesktop\//);
    }
    // The session token from set-auth-token is what main sends from now on.
    const res = (await invoke(CHANNELS.apiRequest, app(), {
      path: '/api/echo',
      method: 'GET',
      headers: [],
      body: { kind: 'none' },
    })) as { ok: true; value: { body: Uint8Array } };
    expect(JSON.parse(Buffer.from(res.value.body).toString()).auth).toBe('Bearer tok-2fa.sig');
    expect(new TokenStore(new SettingsStore(settingsFile)).get()).toBe('tok-2fa.sig');
    // Used up: another code has no challenge to go with.
    expect(await invoke(CHANNELS.verifyTwoFactor, app(), '123456')).toEqual({
      ok: false,
      message: 'Please sign in again.',
    });
  });

  it('a backup code goes to verify-backup-code', async () => {
    await invoke(CHANNELS.setServer, app(), serverUrl);
    await invoke(CHANNELS.signIn, app(), 'two-step@example.com', 'right-password');
    expect(await invoke(CHANNELS.verifyTwoFactor, app(), 'abcde-12344')).toEqual({
      ok: false,
      message: 'That backup code is not right, or it was used already.',
    });
    expect(await invoke(CHANNELS.verifyTwoFactor, app(), 'abcde-12345')).toMatchObject({
      ok: true,
      value: { signedIn: true },
    });
    expect(verifyCalls().map((c) => c.url)).toEqual([
      '/api/auth/two-factor/verify-backup-code',
      '/api/auth/two-factor/verify-backup-code',
    ]);
  });

  it('a spent challenge (too many codes) sends the app back to the password; sign-out drops a pending one', async () => {
    await invoke(CHANNELS.setServer, app(), serverUrl);
    await invoke(CHANNELS.signIn, app(), 'two-step@example.com', 'right-password');
    expect(await invoke(CHANNELS.verifyTwoFactor, app(), '999999')).toEqual({
      ok: false,
      message: 'Too many wrong codes. Please sign in again.',
    });
    expect(await invoke(CHANNELS.getState, app())).toMatchObject({
      twoFactorPending: false,
      signedIn: false,
    });

    await invoke(CHANNELS.signIn, app(), 'two-step@example.com', 'right-password');
    expect(await invoke(CHANNELS.signOut, app())).toMatchObject({ twoFactorPending: false });
    expect(await invoke(CHANNELS.verifyTwoFactor, app(), '123456')).toEqual({
      ok: false,
      message: 'Please sign in again.',
    });
  });

  it('a session the server replaces (two-step sign-in turned on in the app) is followed: main keeps the new token', async () => {
    await invoke(CHANNELS.setServer, app(), serverUrl);
    await invoke(CHANNELS.signIn, app(), 'admin@example.com', 'right-password');
    const res = (await invoke(CHANNELS.apiRequest, app(), {
      path: '/api/auth/two-factor/enable-stand-in',
      method: 'POST',
      headers: [['content-type', 'application/json']],
      body: { kind: 'text', text: '{}' },
    })) as { ok: true; value: { headers: [string, string][] } };
    // The renderer never sees it.
    expect(res.value.headers.map(([k]) => k)).not.toContain('set-auth-token');
    await invoke(CHANNELS.apiRequest, app(), {
      path: '/api/echo',
      method: 'GET',
      headers: [],
      body: { kind: 'none' },
    });
    expect(seen.at(-1)?.auth).toBe('Bearer tok-replaced');
  });
});
