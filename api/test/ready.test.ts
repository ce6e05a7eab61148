import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { createAuth } from '../src/auth/auth';
import { boot } from '../src/bootstrap';
import type { AppDeps } from '../src/context';
import { openDatabase } from '../src/db/client';
import { articles, products, recipes, user } from '../src/db/schema';
import { DEMO_ADMIN } from '../src/db/seed';
import { localStorage } from '../src/lib/storage/storage';
import { createLogger } from '../src/observe/logger';
import { createMetrics } from '../src/observe/metrics';
import { createPostgresDatabase, dbTargets, freshDatabase, testEnv } from './helpers';

describe.each(dbTargets)('GET /api/ready (load balancer readiness) on %s', (kind) => {
  const handles: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const h of handles) await h.close().catch(() => undefined);
  });

  it('503 until the migrations are applied, then 200; /api/health stays a liveness answer meanwhile', async () => {
    // An instance whose database has not been migrated yet (another instance holds the start-up lock).
    const handle = await freshDatabase(kind);
    handles.push(handle);
    const env = testEnv();
    const deps: AppDeps = {
      env,
      db: handle.db,
      dbKind: handle.kind,
      auth: createAuth(handle.db, env),
      storage: localStorage(env.UPLOAD_DIR),
      lifecycle: { shuttingDown: false },
      logger: createLogger(env),
      metrics: createMetrics({ enabled: false }),
    };
    const app = createApp(deps);

    const before = await app.request('/api/ready');
    expect(before.status).toBe(503);
    expect(await before.json()).toEqual({ message: 'Database migrations are not applied yet' });
    expect(before.headers.get('cache-control')).toBe('private, no-store');
    expect((await app.request('/api/health')).status).toBe(200);

    await handle.migrate();
    const after = await app.request('/api/ready');
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ status: 'ready' });

    // Shutting down (SIGTERM): not ready any more, so the load balancer stops sending.
    deps.lifecycle.shuttingDown = true;
    const stopping = await app.request('/api/ready');
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ message: 'Shutting down' });
  }, 60_000); // a fresh database and its migrations

  it('503 with a message when the database does not answer', async () => {
    // A database of its own, really closed below (a mutation run's recycled PGlite would be wiped
    // and handed on instead, and answer "migrations are not applied").
    const database =
      kind === 'pglite' ? await openDatabase({ dataDir: 'memory://' }) : await freshDatabase(kind);
    const booted = await boot(testEnv(), { database, seed: false });
    expect((await booted.app.request('/api/ready')).status).toBe(200);
    await booted.close();
    const res = await booted.app.request('/api/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Database unavailable' });
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'instances starting at once on an empty PostgreSQL database',
  () => {
    it('three boots at once migrate and seed once: every demo row exists once, one demo admin', async () => {
      const created = await createPostgresDatabase('boot');
      const env = testEnv({ DATABASE_URL: created.url, SEED_DEMO: 'true' });
      const booted = await Promise.all(
        [1, 2, 3].map(async () =>
          boot(env, { database: await openDatabase({ url: created.url, dataDir: 'unused' }), seed: true }),
        ),
      );
      try {
        const db = booted[0]!.deps.db;
        const n = async (t: typeof articles | typeof products | typeof recipes) =>
          (await db.select({ n: count() }).from(t))[0]?.n;
        const {
          articles: seedArticles,
          products: seedProducts,
          recipes: seedRecipes,
        } = booted.find((b) => b.seed?.inserted.articles)!.seed!.inserted;
        // Exactly one boot inserted content; the others found it there.
        expect(booted.filter((b) => Object.keys(b.seed?.inserted ?? {}).length > 0)).toHaveLength(1);
        expect(await n(articles)).toBe(seedArticles);
        expect(await n(products)).toBe(seedProducts);
        expect(await n(recipes)).toBe(seedRecipes);
        expect(await db.select().from(user).where(eq(user.email, DEMO_ADMIN.email))).toHaveLength(1);
        for (const b of booted) expect((await b.app.request('/api/ready')).status).toBe(200);
      } finally {
        for (const b of booted) await b.close();
        await created.drop();
      }
    });
  },
);
