import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import type { AppDeps, AppEnv } from '../src/context';
import * as s from '../src/db/schema';
import { DB_RETRY_AFTER_S, DB_UNAVAILABLE_MESSAGE, errorResponse } from '../src/lib/http/error-response';
import { type Agent, capturedLogger, dbTargets, signUpAdmin, testApp } from './helpers';

/** Bad input and conflicts answer { message } with the right status (lib/http/validate.ts, lib/http/errors.ts). */
describe('error answers', () => {
  let booted: Booted;
  let admin: Agent;
  beforeAll(async () => {
    booted = await testApp('pglite');
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  const contact = { firstName: 'A', lastName: 'B', email: 'a@b.co', subject: 'S', message: 'M' };

  it('a bad field: 400 whose message names the field, and every issue listed', async () => {
    const res = await admin.post('/api/contact', { ...contact, email: 'nope', subject: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'email: Please enter a valid email address',
      issues: [
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'subject', message: 'Subject is required' },
      ],
    });
  });

  it('a body that is not an object: 400 with the problem itself as the message, no empty path', async () => {
    const res = await admin.post('/api/contact', ['not', 'an', 'object']);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; issues: Array<{ path: string }> };
    expect(body.message).toMatch(/^Invalid input/);
    expect(body.message).not.toMatch(/^:/);
    expect(body.issues[0]?.path).toBe('');
  });

  it('a bad query parameter: 400 naming it', async () => {
    const res = await admin.get('/api/products?limit=501');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^limit: /);
  });

  it('a duplicate name or slug is 409 with a message, not a 500', async () => {
    const first = await admin.post('/api/product-categories', { name: 'Skincare' });
    expect(first.status).toBe(201);
    const again = await admin.post('/api/product-categories', { name: 'Skincare' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'A product category with that name already exists.' });

    const article = { title: 'T', excerpt: 'E', content: 'C', category: 'wellness', slug: 'same-slug' };
    expect((await admin.post('/api/content', article)).status).toBe(201);
    const dup = await admin.post('/api/content', article);
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({
      message: 'That slug is already used by another article. Choose another.',
    });
  });

  it('a missing article is 404 { message }', async () => {
    const res = await booted.app.request('/api/content/no-such-article');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Article not found' });
  });
});

/** The same answers on one admin route, through the database: lib/http/errors.ts as routes use it. */
describe.each(dbTargets)('error answers that come from the database on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  beforeAll(async () => {
    booted = await testApp(kind);
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  const product = { title: 'Rose serum', description: 'Glow', price: 24.5 };

  it('a product naming a category that does not exist: 400 with the issue listed for the form', async () => {
    const res = await admin.post('/api/products', { ...product, categoryId: 99999 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'categoryId: That product category does not exist',
      issues: [{ path: 'categoryId', message: 'That product category does not exist' }],
    });
  });

  it('deleting a category that is gone: 404, not a conflict', async () => {
    const res = await admin.delete('/api/product-categories/99999');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Product category not found' });
  });

  // PostgreSQL 17 (PGlite) reports this ON DELETE RESTRICT refusal as 23001 (restrict_violation),
  // PostgreSQL 15 as 23503: both are the same conflict.
  it('a product added between the count and the delete: the foreign key refuses, answered 409', async () => {
    const created = await admin.post('/api/product-categories', { name: 'Raced' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // Stands in for another request that adds a product after the route counted none: the row
    // appears inside the DELETE statement, so the route's own count cannot see it.
    const run = (text: string) => booted.deps.db.execute(sql.raw(text));
    await run(`create function add_product_first() returns trigger language plpgsql as $$
      begin
        insert into products (title, description, price, category_id) values ('Late', 'D', 1, old.id);
        return old;
      end $$`);
    await run(`create trigger add_product_first before delete on product_categories
      for each row execute function add_product_first()`);
    try {
      const res = await admin.delete(`/api/product-categories/${id}`);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        message: 'This category still has some products. Move or delete them first.',
      });
    } finally {
      await run('drop trigger add_product_first on product_categories');
      await run('drop function add_product_first()');
    }
    const [still] = await booted.deps.db
      .select({ id: s.productCategories.id })
      .from(s.productCategories)
      .where(eq(s.productCategories.id, id));
    expect(still).toEqual({ id });
  });
});

/**
 * The app's onError (lib/http/error-response.ts) around routes that throw what libraries throw: Hono's
 * HTTPException, JSON.parse's SyntaxError, real PGlite errors through drizzle, Node's socket errors.
 */
describe('the error handler: every error answered as { message } and logged', () => {
  const pglite = new PGlite();
  const db = drizzle(pglite);
  const log = capturedLogger();
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('deps', { logger: log.logger } as unknown as AppDeps);
    await next();
  });
  const thrower = (make: () => unknown) => () => {
    throw make();
  };
  app.get(
    '/forbidden',
    thrower(() => new HTTPException(403, { message: 'Not for you' })),
  );
  app.get(
    '/teapot',
    thrower(() => new HTTPException(418)),
  );
  app.post('/echo', async (c) => c.json(await c.req.json()));
  app.post('/dup', async () => {
    await db.execute(sql`insert into t (id) values (1)`);
    await db.execute(sql`insert into t (id) values (1)`);
    return new Response('unreachable');
  });
  app.post('/orphan', async () => {
    await db.execute(sql`insert into t (id, parent) values (2, 99)`);
    return new Response('unreachable');
  });
  app.get(
    '/boom',
    thrower(() => new Error('ours')),
  );
  // Node's socket errors carry a code too, which is no SQLSTATE: not a client mistake.
  const refused = () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  app.get('/refused', thrower(refused));
  app.get(
    '/refused-wrapped',
    thrower(() => new Error('Failed query: select 1', { cause: refused() })),
  );
  app.get(
    '/null-cause',
    thrower(() => new Error('wrapped nothing', { cause: null })),
  );
  app.get(
    '/cyclic-cause',
    thrower(() => {
      const e = new Error('loop') as Error & { code?: string };
      e.cause = e;
      return e;
    }),
  );
  app.onError(errorResponse);
  beforeAll(async () => {
    await pglite.exec('create table t (id int primary key, parent int references t (id))');
  });
  afterAll(async () => pglite.close());

  const answer = async (res: Response) => [res.status, await res.json()];
  const ours = [500, { message: 'Something went wrong on our side. Please try again.' }];
  const lastLog = () => log.lines.at(-1) as Record<string, unknown>;

  it("an HTTPException keeps its status and message; one without a message says 'Request failed'", async () => {
    expect(await answer(await app.request('/forbidden'))).toEqual([403, { message: 'Not for you' }]);
    expect(await answer(await app.request('/teapot'))).toEqual([418, { message: 'Request failed' }]);
  });

  it('a body that is not JSON: 400 Malformed JSON body', async () => {
    const res = await app.request('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(await answer(res)).toEqual([400, { message: 'Malformed JSON body' }]);
  });

  it('a unique or foreign-key violation wrapped by drizzle: 409 saying which, logged with its SQLSTATE', async () => {
    expect(await answer(await app.request('/dup', { method: 'POST' }))).toEqual([
      409,
      { message: 'That already exists.' },
    ]);
    expect(lastLog()).toMatchObject({
      msg: 'request failed',
      method: 'POST',
      path: '/dup',
      sqlstate: '23505',
    });
    expect(await answer(await app.request('/orphan', { method: 'POST' }))).toEqual([
      409,
      { message: 'That refers to something that does not exist or is still in use.' },
    ]);
    expect(lastLog()).toMatchObject({ msg: 'request failed', path: '/orphan', sqlstate: '23503' });
  });

  it('a database out of reach (a refused connection, bare or wrapped in a query error): 503 with Retry-After', async () => {
    const before = log.lines.length;
    for (const path of ['/refused', '/refused-wrapped']) {
      const res = await app.request(path);
      expect(await answer(res), path).toEqual([503, { message: DB_UNAVAILABLE_MESSAGE }]);
      expect(res.headers.get('retry-after'), path).toBe(String(DB_RETRY_AFTER_S));
    }
    // One cause, so one line (the repeat within 10 s is counted, observe/repeats.ts), without a stack.
    expect(log.lines.slice(before)).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'database unavailable',
        path: '/refused',
        cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
      }),
    ]);
  });

  it('anything else is ours: 500 with a message, logged without a SQLSTATE', async () => {
    const thrown = {
      '/boom': 'ours',
      '/null-cause': 'wrapped nothing',
    };
    for (const [path, message] of Object.entries(thrown)) {
      expect(await answer(await app.request(path)), path).toEqual(ours);
      // The error logged is the one thrown, not one the handler ran into while looking at it.
      expect(lastLog(), path).toMatchObject({
        level: 50,
        msg: 'request failed',
        method: 'GET',
        path,
        // pino appends the causes' messages.
        err: { message: expect.stringContaining(message) },
      });
      expect(lastLog(), path).not.toHaveProperty('sqlstate');
    }
  });

  it('an error that is its own cause is answered too, not looked into forever', async () => {
    expect(await answer(await app.request('/cyclic-cause'))).toEqual(ours);
  });
});
