import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { hashSetupToken } from '../src/auth/first-admin';
import * as s from '../src/db/schema';
import { Agent, dbTargets, signUp, testApp } from './helpers';

/** A link's secret as the start-up prints it: 256 random bits. */
const newToken = () => randomBytes(32).toString('base64url');

const GONE =
  'This setup link has expired, was used already, or the site has an admin now. Restart the server for a new link, or run make-admin.';

/**
 * POST /api/setup (auth/setup-routes.ts): the one-time link printed by a production start on a site
 * without an admin makes the first admin, once. The link's printing is tested end to end in
 * e2e/production-start.e2e.ts; here, what the route does with every kind of link and account.
 */
describe.each(dbTargets)('the first admin through a setup link on %s', (kind) => {
  let booted: Booted;
  let n = 0;
  beforeAll(async () => {
    booted = await testApp(kind);
  });
  afterAll(async () => booted?.close());
  // Each case starts on a site with no admin and no link.
  beforeEach(async () => {
    await booted.deps.db.update(s.user).set({ isAdmin: false, role: null });
    await booted.deps.db.delete(s.adminSetupLinks);
  });

  const printLink = async (expiresInMs = 3600_000) => {
    const token = newToken();
    await booted.deps.db.insert(s.adminSetupLinks).values({
      tokenHash: hashSetupToken(token),
      expiresAt: new Date(Date.now() + expiresInMs),
      createdBy: 'test:1',
    });
    return token;
  };
  const account = () => ({
    firstName: 'Ada',
    lastName: 'Admin',
    email: `first-admin-${kind}-${Date.now()}-${n++}@example.com`,
    password: 'correct-horse-battery',
  });
  const usable = async (agent: Agent, token: string) => {
    const res = await agent.get(`/api/setup/${token}`);
    // A link's state changes when it is used: no cache may keep the old answer.
    expect(res.headers.get('cache-control')).toMatch(/\bno-store\b/);
    return ((await res.json()) as { usable: boolean }).usable;
  };
  const userRow = async (email: string) =>
    (await booted.deps.db.select().from(s.user).where(eq(s.user.email, email)))[0];
  const linkRow = async () => (await booted.deps.db.select().from(s.adminSetupLinks))[0];

  it('a fresh link makes an admin who is signed in at once; the link then works no more', async () => {
    const token = await printLink();
    const agent = new Agent(booted.app);
    expect(await usable(agent, token)).toBe(true);
    const first = account();
    const res = await agent.post('/api/setup', { token, ...first });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Admin account created', email: first.email });
    expect(await userRow(first.email)).toMatchObject({ isAdmin: true, role: 'admin', firstName: 'Ada' });
    // The answer carried the session: the admin area opens without a sign-in.
    expect(agent.signedIn).toBe(true);
    expect((await agent.get('/api/admin/products')).status).toBe(200);

    expect(await usable(agent, token)).toBe(false);
    expect((await linkRow())?.usedAt).toBeInstanceOf(Date);
    const second = account();
    const again = await new Agent(booted.app).post('/api/setup', { token, ...second });
    expect(again.status).toBe(410);
    expect(((await again.json()) as { message: string }).message).toBe(GONE);
    expect(await userRow(second.email)).toBeUndefined();
  });

  it('an unknown, an expired or a cut-short link makes nothing', async () => {
    const agent = new Agent(booted.app);
    const unknown = account();
    expect((await agent.post('/api/setup', { token: newToken(), ...unknown })).status).toBe(410);
    const expired = await printLink(-1000);
    expect(await usable(agent, expired)).toBe(false);
    expect((await agent.post('/api/setup', { token: expired, ...unknown })).status).toBe(410);
    const short = await agent.post('/api/setup', { token: 'abc', ...unknown });
    expect(short.status).toBe(400);
    expect(JSON.stringify(await short.json())).toContain('This setup link is incomplete');
    expect(await userRow(unknown.email)).toBeUndefined();
  });

  it('once the site has an admin, a still-fresh link makes nobody an admin', async () => {
    const token = await printLink();
    const existing = await signUp(booted.app);
    await booted.deps.db
      .update(s.user)
      .set({ isAdmin: true, role: 'admin' })
      .where(eq(s.user.email, existing.email));
    const late = account();
    const res = await new Agent(booted.app).post('/api/setup', { token, ...late });
    expect(res.status).toBe(410);
    expect(await userRow(late.email)).toBeUndefined();
  });

  it('a taken email answers 409 and leaves the link usable for another try', async () => {
    const token = await printLink();
    const taken = await signUp(booted.app);
    const agent = new Agent(booted.app);
    const res = await agent.post('/api/setup', { token, ...account(), email: taken.email });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      'An account with this email exists already. Sign in with it and run make-admin, or use another email.',
    );
    expect(await userRow(taken.email)).toMatchObject({ isAdmin: false, role: null });
    expect(agent.signedIn).toBe(false);
    expect((await linkRow())?.usedAt).toBeNull();
    expect(await usable(agent, token)).toBe(true);
    const retry = account();
    expect((await agent.post('/api/setup', { token, ...retry })).status).toBe(201);
    expect(await userRow(retry.email)).toMatchObject({ isAdmin: true });
  });

  it('two tabs posting the same link at once make one admin, not two', async () => {
    const token = await printLink();
    const [a, b] = [account(), account()];
    const answers = await Promise.all([
      new Agent(booted.app).post('/api/setup', { token, ...a }),
      new Agent(booted.app).post('/api/setup', { token, ...b }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 410]);
    const admins = await booted.deps.db.select().from(s.user).where(eq(s.user.isAdmin, true));
    expect(admins).toHaveLength(1);
  });

  it('an address that keeps guessing links waits an hour after 10 tries, and a real link is not spent meanwhile', async () => {
    const token = await printLink();
    const guesser = new Agent(booted.app, '203.0.113.77');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await guesser.post('/api/setup', { token: newToken(), ...account() })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(410), 429]);
    const refused = await guesser.post('/api/setup', { token, ...account() });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Too many attempts. Please wait an hour and try again.',
    );
    expect(await usable(guesser, token)).toBe(true);
    // Another address is not held up by the guesser.
    expect(
      (await new Agent(booted.app, '203.0.113.78').post('/api/setup', { token, ...account() })).status,
    ).toBe(201);
    await booted.deps.db.execute(sql`delete from rate_limit where key like 'setup:%'`);
  });
});
