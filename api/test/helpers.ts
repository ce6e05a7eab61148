import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { type Booted, boot } from '../src/bootstrap';
import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { freshMemoryPglite } from '../src/db/pglite-image';
import { user } from '../src/db/schema';
import { type Env, loadEnv } from '../src/env';
import { CACHE_CHANNEL } from '../src/lib/cache/sync';
import { loggerOptions } from '../src/observe/logger';
import { migratedTemplate } from './pg-template';

/** Which database the suite runs on: PGlite always; real PostgreSQL when TEST_DATABASE_URL is set. */
export const dbTargets: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A production-grade BETTER_AUTH_SECRET for tests that run as production (`openssl rand -base64 32`). */
export const PRODUCTION_SECRET = 'q3Vt9Zk1Lr7Wm2Xc8Pn4Bd6Hs0Jf5Ga/Ye+UoTiRwE=';

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    UPLOAD_DIR: `/tmp/site-test-uploads-${process.pid}`,
    SEED_DEMO: 'false',
    // Most tests write rows behind the API's back and read pages at once: the store would keep the old
    // page. Its own tests turn it on (stored-pages.test.ts).
    STORED_PAGES: 'false',
    TRUST_PROXY: 'true',
    SITE_URL: 'http://localhost:3000',
    RSS_CRON: 'off',
    // Sign-up's time floor (issue 27 §3) would slow every test that makes an account; the test of
    // the floor sets it back.
    SIGN_UP_MIN_MS: '0',
    // Safety net: a run started by any test reaches only loopback, never the real feeds.
    RSS_SOURCES: fileURLToPath(new URL('./fixtures/rss-sources.loopback.json', import.meta.url)),
    ...overrides,
  });
}

const RUN_TAG = process.env.TEST_DB_RUN_TAG ?? randomBytes(3).toString('hex');

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL, and how to drop it: empty, or with
 * every migration applied (a clone of a migrated template, pg-template.ts).
 */
export async function createPostgresDatabase(
  prefix = 't',
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  // The run's tag (global-setup.ts drops what a run leaves behind), then a random part of its own.
  const name = `${prefix}_r${RUN_TAG}_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  if (!opts.migrated) await run(`create database ${name}`);
  else {
    // A checkout with other migrations may have replaced the template meanwhile: build it again, once.
    await run(`create database ${name} template ${await migratedTemplate(base)}`).catch(async (err) => {
      if ((err as { code?: string }).code !== '3D000') throw err;
      await run(`create database ${name} template ${await migratedTemplate(base, true)}`);
    });
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Rows of one query on a PostgreSQL database (for tests that check what several processes wrote). */
export async function queryRows(url: string, text: string): Promise<Array<Record<string, unknown>>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

/**
 * A brand-new database: in-memory PGlite, or a fresh database on the PostgreSQL server. Empty unless
 * `migrated` (then the app's start-up finds every migration applied, as after an earlier start).
 */
export async function freshDatabase(
  kind: 'pglite' | 'postgres',
  opts: { migrated?: boolean } = {},
): Promise<DatabaseHandle> {
  if (kind === 'pglite' && process.env.PGLITE_REUSE === '1') return recycledPglite();
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const created = await createPostgresDatabase('t', opts);
  const handle = await openDatabase({ url: created.url, dataDir: 'unused' });
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await created.drop();
      }
    },
  };
}

/**
 * Mutation runs only (PGLITE_REUSE=1, set by mutation/run.mjs): starting a PGlite costs 0.6-1 s, most
 * of a mutant's run. A closed test database is wiped back to an empty cluster instead and handed to
 * the next test file in this worker: every schema, session state, lock and listener gone.
 */
const sparePglites: PGlite[] = [];
async function recycledPglite(): Promise<DatabaseHandle> {
  const client = sparePglites.pop() ?? (await freshMemoryPglite());
  const handle = await openDatabase({ dataDir: 'memory://', pglite: client });
  let closed = false;
  return {
    ...handle,
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.unlisten(CACHE_CHANNEL);
        await client.exec('discard all'); // alone: it cannot run inside the implicit transaction below
        await client.exec(
          'drop schema if exists drizzle cascade; drop schema public cascade; create schema public;',
        );
        sparePglites.push(client);
      } catch {
        // A cluster that cannot be wiped (a mutant broke it) is not handed on; a test never fails here.
        await client.close().catch(() => undefined);
      }
    },
  };
}

/** Boot the real app on a fresh database. */
export async function testApp(
  kind: 'pglite' | 'postgres' = 'pglite',
  opts: { env?: Record<string, string>; seed?: boolean; logger?: pino.Logger } = {},
): Promise<Booted> {
  const env = testEnv(opts.env);
  const database = await freshDatabase(kind, { migrated: true });
  return boot(env, { database, seed: opts.seed ?? false, logger: opts.logger });
}

/** A logger writing JSON lines into an array, as a log shipper would read stdout. */
export function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  // The app's own logger options (redaction, the error serializer): tests check what production writes.
  return { logger: pino(loggerOptions('info'), sink), lines, raw };
}

type AnyApp = { request: (input: string, init?: RequestInit) => Response | Promise<Response> };

/** A client with a cookie jar that talks to the app in-process (app.request), like a browser would. */
export class Agent {
  private cookies = new Map<string, string>();
  constructor(
    private app: AnyApp,
    readonly ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    /** The site's own origin (SITE_URL), which every write must name. */
    readonly origin = 'http://localhost:3000',
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = {
      'x-forwarded-for': this.ip,
      origin: this.origin,
      ...headers,
    };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await this.app.request(path, { method, headers: h, body: payload });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const value = v.join('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a)) || value === '';
      if (expired) this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), value);
    }
    return res;
  }
  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown) => this.request('POST', path, body);
  put = (path: string, body?: unknown) => this.request('PUT', path, body);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body);
  delete = (path: string) => this.request('DELETE', path);
  /** The values of the cookies the jar holds (for tests that check they never reach a log). */
  cookieValues() {
    return [...this.cookies.values()];
  }
  get signedIn() {
    return [...this.cookies.keys()].some((k) => k.includes('session_token'));
  }
}

let counter = 0;
export async function signUp(app: AnyApp, extra: Record<string, unknown> = {}, origin?: string) {
  const agent = new Agent(app, undefined, origin);
  const email = `user${Date.now()}${counter++}@example.com`;
  const res = await agent.post('/api/auth/sign-up/email', {
    email,
    password: 'correct-horse-battery',
    name: 'Test User',
    firstName: 'Tess',
    lastName: 'User',
    ...extra,
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  // Sign-up answers without a session (issue 27 §3); the site's page signs in next, and so does this.
  const signedIn = await agent.post('/api/auth/sign-in/email', {
    email: typeof extra.email === 'string' ? extra.email : email,
    password: typeof extra.password === 'string' ? extra.password : 'correct-horse-battery',
  });
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  return { agent, email, password: 'correct-horse-battery' };
}

export async function signUpAdmin(booted: Booted) {
  const s = await signUp(booted.app);
  await booted.deps.db.update(user).set({ isAdmin: true, role: 'admin' }).where(eq(user.email, s.email));
  return s;
}

/** A session cookie header for this account, signed in over the in-process app (for raw requests). */
export async function sessionCookie(app: AnyApp, email: string, password: string): Promise<string> {
  const res = await app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
      'x-forwarded-for': `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
