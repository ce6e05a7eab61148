import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Booted, boot } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { DEMO_ADMIN } from '../src/db/seed/demo-admin';
import { loadEnv } from '../src/env';
import { Agent, capturedLogger, dbTargets, freshDatabase, testEnv, PRODUCTION_SECRET } from './helpers';

const SECRET = PRODUCTION_SECRET;
const production = (extra: Record<string, string> = {}) =>
  testEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: SECRET, SEED_DEMO: '', ...extra });

const rows = async (
  booted: Booted,
  table: typeof s.articles | typeof s.products | typeof s.contactMessages | typeof s.user,
) => {
  const [r] = await booted.deps.db.select({ n: count() }).from(table);
  return r?.n ?? 0;
};

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('SEED_DEMO default', () => {
  it('is off in production and on in development; an explicit value wins', () => {
    expect(loadEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: SECRET }).SEED_DEMO).toBe(false);
    expect(loadEnv({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(loadEnv({}).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: SECRET, SEED_DEMO: 'true' }).SEED_DEMO).toBe(
      true,
    );
  });

  it('every bad setting is reported at once, the production secret among them', () => {
    let message = '';
    try {
      loadEnv({ NODE_ENV: 'production', PORT: 'eighty', STORAGE: 's3', LOG_LEVEL: 'loud' });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of ['PORT', 'LOG_LEVEL', 'BETTER_AUTH_SECRET', 'S3_BUCKET'])
      expect(message).toContain(`${name}:`);
  });
});

describe.each(dbTargets)('a first production start on an empty %s database', (kind) => {
  const opened: Booted[] = [];
  afterEach(async () => {
    for (const b of opened.splice(0)) await b.close();
  });
  const start = async (
    database: Awaited<ReturnType<typeof freshDatabase>>,
    extra?: Record<string, string>,
  ) => {
    const log = capturedLogger();
    const booted = await boot(production(extra), { database, logger: log.logger });
    return { booted, log };
  };

  it('has no demo rows and no demo account, says how it migrated, and prints a one-time setup link', async () => {
    const database = await freshDatabase(kind);
    const { booted, log } = await start(database);
    opened.push(booted);
    for (const table of [s.articles, s.products, s.contactMessages, s.user])
      expect(await rows(booted, table)).toBe(0);
    const migrated = log.lines.find((l) => String(l.msg).startsWith('Migrations:'));
    expect(migrated).toMatchObject({ applied: expect.any(Number), instance: expect.stringMatching(/:\d+$/) });
    expect(migrated!.applied).toBeGreaterThan(5);
    const setup = log.lines.find((l) => String(l.msg).includes('/setup/'));
    expect(setup?.msg).toMatch(/make-admin/);
    const token = String(setup!.msg).match(/\/setup\/([A-Za-z0-9_-]+)/)![1]!;
    // Only a hash is stored.
    const [link] = await booted.deps.db.select().from(s.adminSetupLinks);
    expect(link!.tokenHash).not.toContain(token);

    const agent = new Agent(booted.app);
    expect(await (await agent.get(`/api/setup/${token}`)).json()).toEqual({ usable: true });
    const made = await agent.post('/api/setup', {
      token,
      firstName: 'Ada',
      lastName: 'Owner',
      email: 'owner@example.com',
      password: 'a-long-owner-password',
    });
    expect(made.status).toBe(201);
    expect(await (await agent.get('/api/auth/admin-status')).json()).toEqual({ isAdmin: true });
    // Single use: the same link, or any other, makes no second admin.
    const again = await new Agent(booted.app).post('/api/setup', {
      token,
      firstName: 'Eve',
      email: 'eve@example.com',
      password: 'another-password',
    });
    expect(again.status).toBe(410);
    expect(await (await agent.get(`/api/setup/${token}`)).json()).toEqual({ usable: false });
    const [admins] = await booted.deps.db.select({ n: count() }).from(s.user).where(eq(s.user.isAdmin, true));
    expect(admins?.n).toBe(1);
  });

  it('an expired link makes nothing; a second instance points at the link of the first instead of printing another', async () => {
    const database = await freshDatabase(kind, { migrated: true });
    const first = await start(database);
    opened.push(first.booted);
    const token = String(first.log.lines.find((l) => String(l.msg).includes('/setup/'))!.msg).match(
      /\/setup\/([A-Za-z0-9_-]+)/,
    )![1]!;
    // Another instance starting meanwhile does not print a second link.
    const secondLog = capturedLogger();
    const second = await boot(production(), {
      database: { ...database, close: async () => undefined },
      logger: secondLog.logger,
    });
    opened.push(second);
    expect(await first.booted.deps.db.select().from(s.adminSetupLinks)).toHaveLength(1);
    expect(secondLog.lines.some((l) => String(l.msg).includes('/setup/'))).toBe(false);
    expect(secondLog.lines.find((l) => String(l.msg).includes('was printed in the log of'))).toBeTruthy();

    await first.booted.deps.db.update(s.adminSetupLinks).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await new Agent(first.booted.app).post('/api/setup', {
      token,
      firstName: 'Late',
      email: 'late@example.com',
      password: 'a-long-password',
    });
    expect(late.status).toBe(410);
    expect(await rows(first.booted, s.user)).toBe(0);
  });

  it('an admin with the published demo password: an error at every start and a red alert until it is changed; no setup link', async () => {
    const database = await freshDatabase(kind, { migrated: true });
    const { booted } = await start(database);
    opened.push(booted);
    // As if someone had run the development seed against the production database.
    await booted.deps.auth.api.signUpEmail({
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, name: 'Demo Admin' },
    });
    await booted.deps.db.update(s.user).set({ isAdmin: true }).where(eq(s.user.email, DEMO_ADMIN.email));

    const log = capturedLogger();
    const restarted = await boot(production(), {
      database: { ...database, close: async () => undefined },
      logger: log.logger,
    });
    opened.push(restarted);
    await until(() =>
      log.lines.some((l) => l.level === 50 && String(l.msg).includes('published demo password')),
    );
    // The site has an admin now: no setup link.
    expect(log.lines.some((l) => String(l.msg).includes('setup'))).toBe(false);

    const admin = new Agent(restarted.app);
    expect(
      (
        await admin.post('/api/auth/sign-in/email', {
          email: DEMO_ADMIN.email,
          password: DEMO_ADMIN.password,
        })
      ).status,
    ).toBe(200);
    const alerts = async () =>
      ((await (await admin.get('/api/admin/alerts')).json()) as { alerts: { account: string }[] }).alerts;
    expect(await alerts()).toEqual([
      expect.objectContaining({ id: 'demo-password', level: 'error', account: DEMO_ADMIN.email }),
    ]);
    const changed = await admin.post('/api/auth/change-password', {
      currentPassword: DEMO_ADMIN.password,
      newPassword: 'not-the-demo-any-more',
    });
    expect(changed.status).toBe(200);
    expect(await alerts()).toEqual([]);
  });
});

describe('development keeps its demo', () => {
  it('seeds demo content and the demo admin, and logs what it seeded', async () => {
    const log = capturedLogger();
    const booted = await boot(testEnv({ NODE_ENV: 'development', SEED_DEMO: '' }), {
      database: await freshDatabase('pglite', { migrated: true }),
      logger: log.logger,
    });
    try {
      expect(await rows(booted, s.articles)).toBeGreaterThan(20);
      expect(booted.seed?.demoAdmin?.email).toBe(DEMO_ADMIN.email);
      expect(log.lines.find((l) => String(l.msg).startsWith('Demo content:'))).toMatchObject({
        inserted: expect.objectContaining({ articles: expect.any(Number) }),
      });
      expect(log.lines.some((l) => String(l.msg).includes('/setup/'))).toBe(false);
      // Development never warns about its own demo admin.
      const admin = new Agent(booted.app);
      await admin.post('/api/auth/sign-in/email', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
      expect(await (await admin.get('/api/admin/alerts')).json()).toEqual({ alerts: [] });
    } finally {
      await booted.close();
    }
  });
});
