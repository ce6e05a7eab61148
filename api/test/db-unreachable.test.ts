import pg from 'pg';
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Booted, boot } from '../src/bootstrap';
import { openDatabase } from '../src/db/client';
import { repeatsFolded } from '../src/observe/repeats';
import { capturedLogger, createPostgresDatabase, testEnv } from './helpers';
import { tcpProxy } from './tcp-proxy';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Renames a database its app is connected to (its connections are ended first, as an admin would). */
async function rename(from: string, to: string) {
  for (let i = 0; ; i++) {
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${from}'`);
    try {
      return await admin(`alter database ${from} rename to ${to}`);
    } catch (err) {
      if (i > 20) throw err;
      await sleep(100);
    }
  }
}

const expectRetryLater = async (res: Response, what: string) => {
  expect(res.status, what).toBe(503);
  expect(res.headers.get('retry-after'), what).toMatch(/^\d+$/);
  expect(((await res.json()) as { message: string }).message, what).toMatch(/database/i);
};

/**
 * Every way of not reaching the database is a 503 with Retry-After, never a 500 (issue 40), on real
 * PostgreSQL: a database renamed under the site (3D000), one that does not exist, a refused login
 * (28000), and the server gone (a cut connection).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a database that cannot be reached or used', () => {
  it('renamed under a running site (3D000): 503 with Retry-After, then back once it is named again', async () => {
    const created = await createPostgresDatabase('renamed', { migrated: true });
    const name = new URL(created.url).pathname.slice(1);
    const log = capturedLogger();
    const booted = await boot(testEnv({ DATABASE_URL: created.url, LOG_REQUESTS: 'true' }), {
      database: await openDatabase({ url: created.url, dataDir: 'unused' }),
      logger: log.logger,
      seed: false,
    });
    try {
      expect((await booted.app.request('/api/content')).status).toBe(200);
      await rename(name, `${name}_gone`);
      try {
        for (const path of ['/api/content', '/api/products', '/api/ready', '/api/health']) {
          await expectRetryLater(await booted.app.request(path), path);
        }
      } finally {
        await rename(`${name}_gone`, name);
      }
      const failed = log.lines.find((l) => l.msg === 'database unavailable');
      expect(failed).toMatchObject({ level: 50, cause: { code: '3D000' }, reqId: expect.any(String) });
      expect(failed).not.toHaveProperty('err');
      await expect.poll(async () => (await booted.app.request('/api/content')).status).toBe(200);
    } finally {
      await booted.close();
      await created.drop();
    }
  }, 60_000);

  it.each([
    ['a database that does not exist (3D000)', (u: URL) => (u.pathname = '/no_such_database_40'), '3D000'],
    ['a login that is refused (28000)', (u: URL) => (u.username = 'no_such_role_40'), '28000'],
  ])('%s: 503 with Retry-After', async (_, change, code) => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    change(url);
    const log = capturedLogger();
    const env = testEnv({ DATABASE_URL: url.toString(), LOG_REQUESTS: 'true' });
    const { createApp } = await import('../src/app');
    const { createAuth } = await import('../src/auth/auth');
    const { localStorage } = await import('../src/lib/storage/storage');
    const { createMetrics } = await import('../src/observe/metrics');
    const handle = await openDatabase({ url: url.toString(), dataDir: 'unused' });
    try {
      const app = createApp({
        env,
        db: handle.db,
        searchDb: handle.searchDb,
        dbKind: handle.kind,
        auth: createAuth(handle.db, env, log.logger),
        storage: localStorage(env.UPLOAD_DIR),
        lifecycle: { shuttingDown: false },
        logger: log.logger,
        metrics: createMetrics({ enabled: false }),
      });
      for (const path of ['/api/content', '/api/ready']) {
        await expectRetryLater(await app.request(path), path);
      }
      expect(log.lines.find((l) => l.msg === 'database unavailable')).toMatchObject({ cause: { code } });
      expect(log.lines.filter((l) => (l.level as number) >= 50)).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('an outage burst in the log', () => {
  let booted: Booted;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let dropDb: () => Promise<void>;
  const log = capturedLogger();

  beforeAll(async () => {
    const created = await createPostgresDatabase('burst', { migrated: true });
    dropDb = created.drop;
    const target = new URL(created.url);
    proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
    const url = proxy.through(created.url);
    booted = await boot(testEnv({ DATABASE_URL: url, LOG_REQUESTS: 'true' }), {
      database: await openDatabase({ url, dataDir: 'unused' }),
      logger: log.logger,
      seed: false,
    });
  }, 60_000);
  afterAll(async () => {
    proxy?.restore();
    await booted?.close();
    await proxy?.close();
    await dropDb?.();
  });

  it('N failing requests: one error line for the cause, with a request id; one access line each, a warning', async () => {
    const N = 60;
    log.lines.length = 0;
    proxy.cut();
    const ids = Array.from({ length: N }, (_, i) => `burst-request-${i}`);
    try {
      for (const [i, id] of ids.entries()) {
        const res = await booted.app.request(i % 2 ? '/api/content' : '/api/products', {
          headers: { 'x-request-id': id },
        });
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    } finally {
      proxy.restore();
    }
    const errors = log.lines.filter((l) => (l.level as number) >= 50);
    // One per cause (a cut connection may fail as "terminated" or as "refused"), not one per request.
    expect(errors.length, JSON.stringify(errors)).toBeLessThanOrEqual(3);
    for (const line of errors) {
      expect(line.msg).toBe('database unavailable');
      // Ours, or an internal request's (the page store renders through the app): always an id.
      expect(line.reqId).toEqual(expect.any(String));
      expect(JSON.stringify(line)).not.toMatch(/\n\s+at /);
    }
    const access = log.lines.filter((l) => ids.includes(l.reqId as string) && l.route);
    expect(access).toHaveLength(N);
    expect(access.every((l) => l.level === 40 && l.msg === 'request refused for now')).toBe(true);
  }, 60_000);

  it('readiness refusing while shutting down is a warning without a stack, not an error', async () => {
    log.lines.length = 0;
    booted.deps.lifecycle.shuttingDown = true;
    try {
      expect((await booted.app.request('/api/ready')).status).toBe(503);
    } finally {
      booted.deps.lifecycle.shuttingDown = false;
    }
    expect(log.lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
    expect(log.lines).toEqual([expect.objectContaining({ level: 40, route: '/api/ready', status: 503 })]);
  });
});

describe('repeated warnings and errors are folded (observe/repeats.ts)', () => {
  it('one line per cause per window, then the count of the repeats; another cause is written at once', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const logger = pino({ hooks: { logMethod: repeatsFolded(300) } }, sink);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 50; i++) logger.error({ err: refused, reqId: `r${i}` }, 'database unavailable');
    logger.error({ err: new Error('other') }, 'database unavailable');
    for (let i = 0; i < 5; i++) logger.info('an info line is never folded');
    expect(lines.map((l) => [l.msg, l.reqId ?? null])).toEqual([
      ['database unavailable', 'r0'],
      ['database unavailable', null],
      ...Array.from({ length: 5 }, () => ['an info line is never folded', null]),
    ]);
    await sleep(500);
    expect(lines.at(-1)).toMatchObject({ msg: 'database unavailable (repeated)', repeated: 49, level: 50 });
    // After the window, the cause is written again in full.
    logger.error({ err: refused, reqId: 'later' }, 'database unavailable');
    expect(lines.at(-1)).toMatchObject({ msg: 'database unavailable', reqId: 'later' });
  });
});
