import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Booted, boot } from '../src/bootstrap';
import { openDatabase } from '../src/db/client';
import { type Agent, capturedLogger, createPostgresDatabase, signUp, testEnv } from './helpers';
import { tcpProxy } from './tcp-proxy';

/**
 * The database going away under a running site (only real PostgreSQL can): every request that needs
 * it answers 503 with Retry-After, never 500, and no log line carries a session's token or cookie.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a database outage', () => {
  let booted: Booted;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let dropDb: () => Promise<void>;
  const log = capturedLogger();
  let reader: Agent;
  let cookieValues: string[];

  beforeAll(async () => {
    const created = await createPostgresDatabase('outage', { migrated: true });
    dropDb = created.drop;
    const target = new URL(created.url);
    proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
    const url = proxy.through(created.url);
    booted = await boot(testEnv({ DATABASE_URL: url, LOG_LEVEL: 'info', LOG_REQUESTS: 'true' }), {
      database: await openDatabase({ url, dataDir: 'unused' }),
      logger: log.logger,
    });
    reader = (await signUp(booted.app)).agent;
    expect(reader.signedIn).toBe(true);
    cookieValues = reader.cookieValues();
    expect(cookieValues.length).toBeGreaterThan(0);
  }, 120_000);
  afterAll(async () => {
    proxy?.restore();
    await booted?.close();
    await proxy?.close();
    await dropDb?.();
  });

  const noSecretsLogged = () => {
    const text = log.raw.join('\n');
    for (const value of cookieValues) {
      expect(text).not.toContain(value);
      // The session token is the part of the signed cookie before the signature.
      expect(text).not.toContain(decodeURIComponent(value).split('.')[0]!);
    }
  };

  it('answers 503 with Retry-After on reads, signed-in reads and readiness, and logs no token', async () => {
    proxy.cut();
    try {
      for (const path of ['/api/content', '/api/products', '/api/auth/user', '/api/admin/users']) {
        const res = await reader.get(path);
        expect(res.status, path).toBe(503);
        expect(res.headers.get('retry-after'), path).toMatch(/^\d+$/);
        expect(((await res.json()) as { message: string }).message, path).toMatch(/database/i);
      }
      const anonymous = await booted.app.request('/api/recipes');
      expect(anonymous.status).toBe(503);
      expect((await booted.app.request('/api/ready')).status).toBe(503);
      expect(log.lines.some((l) => l.level === 50)).toBe(true);
      noSecretsLogged();
    } finally {
      proxy.restore();
    }
    // Back: the next requests reconnect.
    await expect.poll(async () => (await reader.get('/api/auth/user')).status, { timeout: 15_000 }).toBe(200);
  });

  it('a failed query of a signed-in request is logged with its SQL and SQLSTATE, never its parameters', async () => {
    log.lines.length = 0;
    log.raw.length = 0;
    await booted.deps.db.execute(sql`alter table "session" rename to "session_gone"`);
    try {
      // A missing table is the site's fault, not the reader's nor an outage: a 500.
      const res = await reader.get('/api/auth/user');
      expect(res.status).toBe(500);
    } finally {
      await booted.deps.db.execute(sql`alter table "session_gone" rename to "session"`);
    }
    const failed = log.lines.find((l) => JSON.stringify(l).includes('42P01'));
    expect(failed, log.raw.join('\n')).toBeTruthy();
    expect(JSON.stringify(failed)).toMatch(/select|from/i);
    noSecretsLogged();
  });
});
