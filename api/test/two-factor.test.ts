import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_REQUIRED_MESSAGE } from '../src/auth/policy';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { EnvError, loadEnv } from '../src/env';
import { deviceName } from '../src/routes/admin/account';
import { Agent, dbTargets, signUp, testApp } from './helpers';

/**
 * Issue 42 §4-5: two-step sign-in (better-auth's twoFactor plugin, TOTP and backup codes),
 * REQUIRE_2FA_ROLES in the one policy module, and the staff member's own signed-in devices. Codes are
 * computed by an authenticator of our own (otpauth) from the otpauth:// URI the QR code shows.
 */

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const DESKTOP = 'BloomDesktop/0.1.0 (Linux)';

/** What an authenticator app does with the scanned QR code. */
const authenticator = (uri: string) => OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
/** A 6-digit code that is not the current one (nor the one before or after). */
function wrongCode(totp: OTPAuth.TOTP): string {
  const near = [-1, 0, 1].map((w) => totp.generate({ timestamp: Date.now() + w * 30_000 }));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
}

const draft = { title: 'Blocked', excerpt: 'E', content: 'C', category: 'style', status: 'draft' };

describe('REQUIRE_2FA_ROLES setting', () => {
  it('takes a comma list of staff roles, any case, and stops the start with a clear message on an unknown one', () => {
    expect(loadEnv({}).REQUIRE_2FA_ROLES).toEqual([]);
    expect(loadEnv({ REQUIRE_2FA_ROLES: ' Admin, editor,admin ' }).REQUIRE_2FA_ROLES).toEqual([
      'admin',
      'editor',
    ]);
    expect(() => loadEnv({ REQUIRE_2FA_ROLES: 'admin,owner' })).toThrow(EnvError);
    expect(() => loadEnv({ REQUIRE_2FA_ROLES: 'admin,owner' })).toThrow(
      'REQUIRE_2FA_ROLES: unknown role "owner": use a comma-separated list of contributor, author, editor, admin',
    );
  });
});

describe('device names from the User-Agent', () => {
  it('names browsers and systems in words, and the desktop app as such', () => {
    expect(deviceName(FIREFOX)).toBe('Firefox on Windows');
    expect(
      deviceName(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      ),
    ).toBe('Safari on macOS');
    expect(deviceName(DESKTOP)).toBe('Desktop app on Linux');
    expect(deviceName('')).toBe('Unknown device');
    expect(deviceName(null)).toBe('Unknown device');
  });
});

describe.each(dbTargets)('two-step sign-in and devices on %s', (kind) => {
  let booted: Booted;
  let editor: { agent: Agent; email: string; password: string };
  let totp: OTPAuth.TOTP;
  let backupCodes: string[];
  const row = async (email: string) =>
    (await booted.deps.db.select().from(s.user).where(eq(s.user.email, email)))[0]!;
  const articleCount = async () => (await booted.deps.db.select().from(s.articles)).length;

  /** Email and password on a new device: better-auth answers with the code step, no session yet. */
  async function passwordStep(email: string, password: string, ua = FIREFOX) {
    const device = new Agent(booted.app);
    const res = await device.request(
      'POST',
      '/api/auth/sign-in/email',
      { email, password },
      { 'user-agent': ua },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(device.signedIn).toBe(false);
    expect((await device.get('/api/auth/user')).status).toBe(401);
    return device;
  }

  beforeAll(async () => {
    booted = await testApp(kind, { env: { REQUIRE_2FA_ROLES: 'editor,admin' } });
    editor = await signUp(booted.app);
    await booted.deps.db.update(s.user).set({ role: 'editor' }).where(eq(s.user.email, editor.email));
  }, 60_000);
  afterAll(async () => booted?.close());

  it('an editor who has not enrolled gets a 403 with a plain sentence from every staff route, and nothing changes', async () => {
    const me = await (await editor.agent.get('/api/auth/user')).json();
    expect(me).toMatchObject({ role: 'editor', twoFactorEnabled: false, twoFactorRequired: true });
    for (const [method, path, body] of [
      ['GET', '/api/admin/content', undefined],
      ['GET', '/api/admin/account/sessions', undefined],
      ['POST', '/api/content', draft],
      ['GET', '/api/admin/products', undefined],
    ] as const) {
      const res = await editor.agent.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ message: TWO_FACTOR_REQUIRED_MESSAGE });
    }
    expect(await articleCount()).toBe(0);
    // A role the setting does not name is let in as before.
    const writer = await signUp(booted.app);
    await booted.deps.db.update(s.user).set({ role: 'contributor' }).where(eq(s.user.email, writer.email));
    expect((await writer.agent.get('/api/admin/content')).status).toBe(200);
    expect(await (await writer.agent.get('/api/auth/user')).json()).toMatchObject({
      twoFactorRequired: false,
    });
  });

  it("enrols: the password first, then the QR code's secret, a wrong code refused, the right one turns it on and opens the admin API", async () => {
    const wrongPassword = await editor.agent.post('/api/auth/two-factor/enable', {
      password: 'not-my-password',
    });
    expect(wrongPassword.status).toBe(400);
    expect((await row(editor.email)).twoFactorEnabled).toBe(false);

    const enabled = await editor.agent.post('/api/auth/two-factor/enable', { password: editor.password });
    expect(enabled.status).toBe(200);
    const body = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    totp = authenticator(body.totpURI);
    // The issuer is BRAND_NAME (better-auth writes its spaces as "+" in the query; the page's QR code
    // writes them as %20, as the key URI format asks: web/src/admin/account/otpauth-uri.ts).
    expect(new URL(body.totpURI).searchParams.get('issuer')).toBe('Bloom & Balance');
    expect(decodeURIComponent(new URL(body.totpURI).pathname)).toBe(`/Bloom & Balance:${editor.email}`);
    expect(totp.label).toBe(editor.email);
    expect(totp.digits).toBe(6);
    backupCodes = body.backupCodes;
    expect(backupCodes).toHaveLength(10);
    // Not on until a code proves the app has the secret: still refused.
    expect((await row(editor.email)).twoFactorEnabled).toBe(false);
    expect((await editor.agent.get('/api/admin/content')).status).toBe(403);

    const wrong = await editor.agent.post('/api/auth/two-factor/verify-totp', { code: wrongCode(totp) });
    expect(wrong.status).toBe(401);
    expect((await row(editor.email)).twoFactorEnabled).toBe(false);

    const right = await editor.agent.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(right.status).toBe(200);
    expect((await row(editor.email)).twoFactorEnabled).toBe(true);
    // The session was replaced with one that knows; this device stays signed in with it.
    expect(await (await editor.agent.get('/api/auth/user')).json()).toMatchObject({
      twoFactorEnabled: true,
      twoFactorRequired: true,
    });
    expect((await editor.agent.get('/api/admin/content')).status).toBe(200);
    expect((await editor.agent.post('/api/content', draft)).status).toBe(201);
  });

  it('a sign-in now asks for the code: a wrong one is refused and opens nothing, the right one opens a session', async () => {
    const device = await passwordStep(editor.email, editor.password);
    const wrong = await device.post('/api/auth/two-factor/verify-totp', { code: wrongCode(totp) });
    expect(wrong.status).toBe(401);
    expect(device.signedIn).toBe(false);
    expect((await device.get('/api/admin/content')).status).toBe(401);

    const right = await device.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(right.status).toBe(200);
    expect(device.signedIn).toBe(true);
    expect((await device.get('/api/admin/content')).status).toBe(200);
  });

  it('without the password step a code opens nothing', async () => {
    const stranger = new Agent(booted.app);
    const res = await stranger.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(res.status).toBe(401);
    expect(stranger.signedIn).toBe(false);
  });

  it('a backup code signs in once; the same code again is refused', async () => {
    const first = await passwordStep(editor.email, editor.password);
    const used = backupCodes[0]!;
    expect((await first.post('/api/auth/two-factor/verify-backup-code', { code: used })).status).toBe(200);
    expect((await first.get('/api/admin/content')).status).toBe(200);

    const second = await passwordStep(editor.email, editor.password);
    const again = await second.post('/api/auth/two-factor/verify-backup-code', { code: used });
    expect(again.status).toBe(401);
    expect(second.signedIn).toBe(false);
    expect(
      (await second.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1]! })).status,
    ).toBe(200);
    expect(second.signedIn).toBe(true);
  });

  it('the code step hands a bearer token to a client without cookies (the desktop app)', async () => {
    const signIn = await booted.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': DESKTOP, 'x-forwarded-for': '10.9.9.1' },
      body: JSON.stringify({ email: editor.email, password: editor.password }),
    });
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
    expect(signIn.headers.get('set-auth-token')).toBeNull();
    const challenge = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => c.includes('two_factor'))
      .join('; ');
    expect(challenge).toContain('two_factor=');
    const verified = await booted.app.request('/api/auth/two-factor/verify-totp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: challenge,
        origin: 'http://localhost:3000',
        'user-agent': DESKTOP,
        'x-forwarded-for': '10.9.9.1',
      },
      body: JSON.stringify({ code: totp.generate() }),
    });
    expect(verified.status).toBe(200);
    const token = verified.headers.get('set-auth-token');
    expect(token).toBeTruthy();
    const me = await booted.app.request('/api/admin/content', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
  });

  it('new backup codes replace the old ones (password first)', async () => {
    expect(
      (await editor.agent.post('/api/auth/two-factor/generate-backup-codes', { password: 'nope-nope' }))
        .status,
    ).not.toBe(200);
    const res = await editor.agent.post('/api/auth/two-factor/generate-backup-codes', {
      password: editor.password,
    });
    expect(res.status).toBe(200);
    const fresh = ((await res.json()) as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    const old = await passwordStep(editor.email, editor.password);
    expect(
      (await old.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[2]! })).status,
    ).toBe(401);
    backupCodes = fresh;
  });

  it('lists the devices in words with address and last seen, this one marked, and never a token', async () => {
    const desktop = await passwordStep(editor.email, editor.password, DESKTOP);
    const verified = await desktop.request(
      'POST',
      '/api/auth/two-factor/verify-backup-code',
      { code: backupCodes[0]! },
      { 'user-agent': DESKTOP },
    );
    expect(verified.status).toBe(200);
    const res = await editor.agent.get('/api/admin/account/sessions');
    expect(res.status).toBe(200);
    const text = await res.text();
    const list = JSON.parse(text) as Array<{
      id: string;
      current: boolean;
      device: string;
      ipAddress: string | null;
      lastSeenAt: string;
    }>;
    const tokens = await booted.deps.db.select({ token: s.session.token }).from(s.session);
    for (const { token } of tokens) expect(text).not.toContain(token);
    expect(list.filter((d) => d.current)).toHaveLength(1);
    const here = list.find((d) => d.current)!;
    expect(here.ipAddress).toBe(editor.agent.ip);
    const app = list.find((d) => d.device === 'Desktop app on Linux');
    expect(app).toMatchObject({ current: false, ipAddress: desktop.ip });
    expect(Date.parse(app!.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    // A session is named by the device that finished the sign-in (the code step's request).
    expect(list.some((d) => d.device === 'Unknown device')).toBe(true);
    // Newest activity first.
    const times = list.map((d) => Date.parse(d.lastSeenAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // "Sign out" on the desktop app: its next request is anonymous.
    expect((await desktop.get('/api/admin/content')).status).toBe(200);
    const ended = await editor.agent.delete(`/api/admin/account/sessions/${app!.id}`);
    expect(ended.status).toBe(200);
    expect((await desktop.get('/api/admin/content')).status).toBe(401);
    expect((await desktop.get('/api/auth/user')).status).toBe(401);
    // Already gone: 404, and the list no longer has it.
    expect((await editor.agent.delete(`/api/admin/account/sessions/${app!.id}`)).status).toBe(404);
    const after = (await (await editor.agent.get('/api/admin/account/sessions')).json()) as Array<{
      id: string;
    }>;
    expect(after.map((d) => d.id)).not.toContain(app!.id);
  });

  it("another person's session cannot be ended from here (404, and it stays signed in)", async () => {
    const other = await signUp(booted.app);
    await booted.deps.db.update(s.user).set({ role: 'contributor' }).where(eq(s.user.email, other.email));
    const [theirs] = await booted.deps.db
      .select({ id: s.session.id })
      .from(s.session)
      .innerJoin(s.user, eq(s.user.id, s.session.userId))
      .where(eq(s.user.email, other.email));
    const res = await editor.agent.delete(`/api/admin/account/sessions/${theirs!.id}`);
    expect(res.status).toBe(404);
    expect((await other.agent.get('/api/admin/content')).status).toBe(200);
  });

  it('"Sign out everywhere else" ends every other device and keeps this one', async () => {
    const elsewhere = await passwordStep(editor.email, editor.password);
    expect(
      (await elsewhere.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1]! })).status,
    ).toBe(200);
    expect((await elsewhere.get('/api/admin/content')).status).toBe(200);
    const res = await editor.agent.post('/api/auth/revoke-other-sessions', {});
    expect(res.status).toBe(200);
    expect((await elsewhere.get('/api/admin/content')).status).toBe(401);
    expect((await editor.agent.get('/api/admin/content')).status).toBe(200);
    const list = (await (await editor.agent.get('/api/admin/account/sessions')).json()) as unknown[];
    expect(list).toHaveLength(1);
  });

  it('turning it off needs the password; then the required role is held back again', async () => {
    expect(
      (await editor.agent.post('/api/auth/two-factor/disable', { password: 'wrong-password' })).status,
    ).toBe(400);
    expect((await row(editor.email)).twoFactorEnabled).toBe(true);
    expect(
      (await editor.agent.post('/api/auth/two-factor/disable', { password: editor.password })).status,
    ).toBe(200);
    expect((await row(editor.email)).twoFactorEnabled).toBe(false);
    const res = await editor.agent.get('/api/admin/content');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: TWO_FACTOR_REQUIRED_MESSAGE });
    // And a sign-in no longer asks for a code.
    const device = new Agent(booted.app);
    const signIn = await device.post('/api/auth/sign-in/email', {
      email: editor.email,
      password: editor.password,
    });
    expect(await signIn.json()).not.toHaveProperty('twoFactorRedirect');
    expect(device.signedIn).toBe(true);
  });
});
