import { createHmac } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SECRET } from '../src/auth/dev-secret';
import type { Booted } from '../src/bootstrap';
import { auditLog, rateLimit, session, user } from '../src/db/schema';
import { Agent, capturedLogger, signUp, signUpAdmin, testApp } from './helpers';

/**
 * better-auth's options (auth/auth.ts), each as a reader, an attacker or the engineer reading the log
 * meets it. The password lengths, the 30-day cookie, the sign-up limit and ADMIN_EMAILS are in
 * auth-session.test.ts; the two-step sign-in in two-factor.test.ts.
 */
describe('better-auth options (auth/auth.ts)', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite');
  });
  afterAll(async () => booted?.close());

  const me = async (agent: Agent) =>
    (await (await agent.get('/api/auth/user')).json()) as Record<string, unknown>;

  it('a reader cannot make herself staff through better-auth: isAdmin and role are not inputs', async () => {
    const { agent, email } = await signUp(booted.app);
    const res = await agent.post('/api/auth/update-user', { isAdmin: true, role: 'admin', firstName: 'Ann' });
    // better-auth refuses fields that are not inputs; whatever it answers, nothing of them is stored.
    expect([200, 400]).toContain(res.status);
    const [row] = await booted.deps.db.select().from(user).where(eq(user.email, email));
    expect(row?.isAdmin).toBe(false);
    expect(row?.role).toBeNull();
    expect(await (await agent.get('/api/auth/admin-status')).json()).toEqual({ isAdmin: false });
    const signUpWithRole = await new Agent(booted.app).post('/api/auth/sign-up/email', {
      email: `role-${Date.now()}@example.com`,
      password: 'a-long-password',
      name: 'R',
      role: 'admin',
    });
    expect(signUpWithRole.status).toBe(400);
  });

  it('first and last names are optional at sign-up, and kept when given', async () => {
    const agent = new Agent(booted.app);
    const email = `plain-${Date.now()}@example.com`;
    const res = await agent.post('/api/auth/sign-up/email', {
      email,
      password: 'a-long-password',
      name: 'P',
    });
    expect(res.status).toBe(200);
    await agent.post('/api/auth/sign-in/email', { email, password: 'a-long-password' });
    expect(await me(agent)).toMatchObject({
      email,
      firstName: null,
      lastName: null,
      role: null,
      isAdmin: false,
    });
    const named = await signUp(booted.app, { firstName: 'Maya', lastName: 'Lind' });
    expect(await me(named.agent)).toMatchObject({ firstName: 'Maya', lastName: 'Lind' });
  });

  it.each([
    ['firstName', 42],
    ['lastName', ['x']],
  ])(
    'a %s that is not text is refused with a 400 naming it, and no account is made',
    async (field, value) => {
      const email = `typed-${field}-${Date.now()}@example.com`;
      const res = await new Agent(booted.app).post('/api/auth/sign-up/email', {
        email,
        password: 'a-long-password',
        name: 'T',
        [field]: value,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(new RegExp(`^${field}:`));
      expect(await booted.deps.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    },
  );

  it('a session is extended when it is used after a day, not on every request', async () => {
    const { agent, email } = await signUp(booted.app);
    const [u] = await booted.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const day = 24 * 60 * 60 * 1000;
    const setAge = async (ageMs: number) => {
      const expiresAt = new Date(Date.now() + 30 * day - ageMs);
      await booted.deps.db.update(session).set({ expiresAt }).where(eq(session.userId, u!.id));
      return expiresAt;
    };
    const storedExpiry = async () =>
      (
        await booted.deps.db.select({ at: session.expiresAt }).from(session).where(eq(session.userId, u!.id))
      )[0]!.at;

    // Opened two hours ago: used now, it keeps its expiry (no write per request).
    const young = await setAge(2 * 60 * 60 * 1000);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    expect((await storedExpiry()).getTime()).toBe(young.getTime());

    // Opened 25 hours ago: used now, it runs 30 days from now again.
    const old = await setAge(25 * 60 * 60 * 1000);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    const renewed = (await storedExpiry()).getTime();
    expect(renewed).toBeGreaterThan(old.getTime() + 20 * 60 * 60 * 1000);
    expect(Math.abs(renewed - (Date.now() + 30 * day))).toBeLessThan(60_000);
  });

  it('rate-limit counts are kept in the database, so every app instance shares them', async () => {
    const agent = new Agent(booted.app, '198.51.100.42');
    await agent.post('/api/auth/sign-in/email', { email: 'nobody-rl@example.com', password: 'x'.repeat(10) });
    const rows = await booted.deps.db.select({ n: count() }).from(rateLimit);
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it('a staff sign-in goes into the audit log; a reader sign-in does not', async () => {
    const before = (await booted.deps.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
    await signUp(booted.app);
    expect((await booted.deps.db.select({ n: count() }).from(auditLog))[0]?.n).toBe(before);
    const admin = await signUpAdmin(booted);
    // signUpAdmin promotes after its first sign-in: sign in again as the admin now is.
    await new Agent(booted.app).post('/api/auth/sign-in/email', {
      email: admin.email,
      password: admin.password,
    });
    const rows = await booted.deps.db.select().from(auditLog).where(eq(auditLog.actorEmail, admin.email));
    expect(rows.map((r) => [r.action, r.route])).toEqual([['sign-in', 'POST /api/auth/sign-in/email']]);
  });
});

describe('session cookies are signed with BETTER_AUTH_SECRET', () => {
  const boots: Booted[] = [];
  afterAll(async () => {
    for (const b of boots) await b.close();
  });

  /** The session cookie's token and signature, and the signature `secret` gives that token. */
  async function signedWith(env: Record<string, string>) {
    const booted = await testApp('pglite', { env });
    boots.push(booted);
    const { agent } = await signUp(booted.app);
    const res = await agent.get('/api/auth/user');
    expect(res.status).toBe(200);
    const value = agent.cookieValues().find((v) => v.includes('.'));
    const [token, signature] = decodeURIComponent(value ?? '').split('.');
    return (secret: string) =>
      createHmac('sha256', secret)
        .update(token ?? '')
        .digest('base64') === signature;
  }

  it('the one set, or in development the published development secret (production refuses that one)', async () => {
    const own = 'an-own-secret-for-this-test-0123456789abcdef';
    const withOwn = await signedWith({ BETTER_AUTH_SECRET: own });
    expect(withOwn(own)).toBe(true);
    expect(withOwn(DEV_SECRET)).toBe(false);
    const withNone = await signedWith({});
    expect(withNone(DEV_SECRET)).toBe(true);
  });
});

describe("better-auth's log lines (auth/auth.ts authLogTo)", () => {
  const boots: Booted[] = [];
  afterAll(async () => {
    for (const b of boots) await b.close();
  });

  async function authLogger(nodeEnv: string) {
    const captured = capturedLogger();
    const booted = await testApp('pglite', { env: { NODE_ENV: nodeEnv }, logger: captured.logger });
    boots.push(booted);
    // Only what is written from here on (the boot logs its migrations).
    const from = captured.lines.length;
    return {
      lines: () => captured.lines.slice(from),
      log: (await booted.deps.auth.$context).logger,
    };
  }

  it("become the app's JSON lines: secrets redacted, one line each, details described, errors serialised", async () => {
    const { log, lines: written } = await authLogger('development');
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    log.warn(
      'Rate limit hit\nfor token=abcd1234efgh from https://site.example',
      { ip: '10.0.0.1' },
      'plain',
      new Error('boom'),
      circular,
      undefined,
    );
    const lines = written();
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.level).toBe(40);
    expect(line.msg).toBe('[auth] Rate limit hit\\nfor token=[redacted] from https://site.example');
    const details = line.details as unknown[];
    expect(details[0]).toBe('{"ip":"10.0.0.1"}');
    expect(details[1]).toBe('plain');
    expect(details[2]).toMatchObject({ message: 'boom' });
    expect(details[3]).toBe('[object Object]');
    expect(details[4]).toBe('undefined');
    log.error('It failed', 'x'.repeat(400));
    const failed = written()[1];
    expect(failed?.level).toBe(50);
    expect((failed?.details as string[] | undefined)?.[0]).toBe(`${'x'.repeat(300)}…`);
  });

  it('warnings are kept outside tests; under test only errors are written', async () => {
    const dev = await authLogger('development');
    dev.log.info('just so');
    dev.log.warn('worth knowing');
    expect(dev.lines().map((l) => l.msg)).toEqual(['[auth] worth knowing']);
    const test = await authLogger('test');
    test.log.warn('worth knowing');
    test.log.error('broken');
    expect(test.lines().map((l) => l.msg)).toEqual(['[auth] broken']);
  });
});
