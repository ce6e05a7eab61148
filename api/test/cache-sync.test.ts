import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Booted, boot } from '../src/bootstrap';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import * as s from '../src/db/schema';
import { cachedBytes } from '../src/lib/cache/cache';
import { capturedLogger, createPostgresDatabase, dbTargets, signUpAdmin, testEnv } from './helpers';

/**
 * Two app instances with their own micro-caches on one database (as two servers behind a load
 * balancer): a write on A must reach B's cache within 1 s although PUBLIC_CACHE_MS is 30 s.
 */
async function twoInstances(kind: 'pglite' | 'postgres') {
  const env = testEnv({ PUBLIC_CACHE_MS: '30000' });
  if (kind === 'pglite') {
    // PGlite lives in one process: both apps share the one instance, as they share a server.
    const handle = await openDatabase({ dataDir: 'memory://' });
    const a = await boot(env, { database: handle });
    const b = await boot(env, { database: handle });
    return {
      a,
      b,
      notify: (payload: string) => handle.notify('public_cache', payload),
      close: () => handle.close(),
    };
  }
  const created = await createPostgresDatabase('t_sync');
  const handles: DatabaseHandle[] = [];
  for (let i = 0; i < 2; i++) handles.push(await openDatabase({ url: created.url, dataDir: 'unused' }));
  const a = await boot(env, { database: handles[0] });
  const b = await boot(env, { database: handles[1] });
  return {
    a,
    b,
    notify: (payload: string) => handles[0]!.notify('public_cache', payload),
    close: async () => {
      for (const h of handles) await h.close();
      await created.drop();
    },
  };
}

const article = (slug: string) => ({
  slug,
  title: slug,
  excerpt: 'e',
  content: 'c',
  category: 'wellness',
  status: 'published' as const,
  publishedAt: new Date(),
});
const titles = async (res: Response) => ((await res.json()) as { title: string }[]).map((a) => a.title);

/** Polls until `check` holds, and returns how long that took (fails after `within` ms). */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not true within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(dbTargets)('caches that agree across instances on %s', (kind) => {
  let a: Booted;
  let b: Booted;
  let close: () => Promise<void>;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>['agent'];
  beforeAll(async () => {
    ({ a, b, close } = await twoInstances(kind));
    admin = (await signUpAdmin(a)).agent;
    await a.deps.db.insert(s.articles).values([article('first'), article('second')]);
  });
  afterAll(async () => close?.());

  it('a write on A is served by B within 1 s, although B caches for 30 s', async () => {
    expect(await titles(await b.app.request('/api/content'))).toHaveLength(2);
    // B holds its copy: a row written behind the API's back stays unseen.
    await a.deps.db.insert(s.articles).values(article('behind-the-back'));
    expect(await titles(await b.app.request('/api/content'))).not.toContain('behind-the-back');

    const created = await admin.post('/api/content', {
      title: 'Written on A',
      excerpt: 'x',
      content: 'y',
      category: 'wellness',
      status: 'published',
    });
    expect(created.status).toBe(201);
    const took = await within(1000, async () =>
      (await titles(await b.app.request('/api/content'))).includes('Written on A'),
    );
    expect(took).toBeLessThan(1000);
  });

  it('clears by what changed: an article edit drops its detail and the lists, a product edit neither', async () => {
    const [first] = await a.deps.db.select().from(s.articles).where(eqSlug('first'));
    const detail = `/api/content/${first!.slug}`;
    expect(((await (await b.app.request(detail)).json()) as { title: string }).title).toBe('first');
    expect(await titles(await b.app.request('/api/content?limit=50'))).toContain('first');

    // A product write names only products: B's article answers stay cached (a sneaked-in title is not seen).
    await a.deps.db.update(s.articles).set({ title: 'first (sneaked)' }).where(eqSlug('first'));
    const category = await admin.post('/api/product-categories', { name: 'Sync test' });
    expect(category.status).toBe(201);
    const product = await admin.post('/api/products', {
      title: 'Sync mat',
      description: 'd',
      price: 10,
      categoryId: ((await category.json()) as { id: number }).id,
    });
    expect(product.status, await product.clone().text()).toBe(201);
    await within(1000, async () =>
      ((await (await b.app.request('/api/products')).json()) as { title: string }[]).some(
        (p) => p.title === 'Sync mat',
      ),
    );
    expect(((await (await b.app.request(detail)).json()) as { title: string }).title).toBe('first');

    // Editing the article through A clears B's detail (article:ID) and lists (list:articles).
    const put = await admin.put(`/api/content/${first!.id}`, {
      title: 'first, edited',
      slug: first!.slug,
      excerpt: 'e',
      content: 'c',
      category: 'wellness',
      status: 'published',
    });
    expect(put.status, await put.clone().text()).toBe(200);
    await within(
      1000,
      async () =>
        ((await (await b.app.request(detail)).json()) as { title: string }).title === 'first, edited',
    );
    await within(1000, async () =>
      (await titles(await b.app.request('/api/content?limit=50'))).includes('first, edited'),
    );
  });

  it('a contact message (no public data) clears nothing', async () => {
    expect(await titles(await b.app.request('/api/content?limit=3'))).toHaveLength(3);
    await a.deps.db.insert(s.articles).values(article('sneaked-again'));
    const sent = await a.app.request('/api/contact', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'x-forwarded-for': '10.9.9.9',
      },
      body: JSON.stringify({
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
        subject: 'Hello',
        message: 'Just saying hello there.',
      }),
    });
    expect(sent.status, await sent.clone().text()).toBeLessThan(300);
    await new Promise((r) => setTimeout(r, 300));
    expect(await titles(await b.app.request('/api/content?limit=3'))).not.toContain('sneaked-again');
  });
});

const eqSlug = (slug: string) => eq(s.articles.slug, slug);

/**
 * What arrives on the channel is not always from a well-behaved instance of this version: an operator
 * (`select pg_notify('public_cache', …)`), an older or newer instance. Anything it cannot read
 * precisely clears the whole cache rather than leave a stale answer.
 */
describe.each(dbTargets)('notifications from elsewhere on %s', (kind) => {
  let a: Booted;
  let b: Booted;
  let notify: (payload: string) => Promise<void>;
  let close: () => Promise<void>;
  let n = 0;
  const productTitles = async (res: Response) =>
    ((await res.json()) as { title: string }[]).map((p) => p.title);
  /** B caches both lists, then an article and a product are written behind the API's back. */
  async function warmAndSneak() {
    expect((await b.app.request('/api/content?limit=100')).status).toBe(200);
    expect((await b.app.request('/api/products?limit=100')).status).toBe(200);
    expect(cachedBytes(b.deps)).toBeGreaterThan(0);
    n++;
    await a.deps.db.insert(s.articles).values(article(`sneaked-${n}`));
    await a.deps.db.insert(s.products).values({ title: `Sneaked ${n}`, description: 'd', price: '1.00' });
    const seen = async () => ({
      article: (await titles(await b.app.request('/api/content?limit=100'))).includes(`sneaked-${n}`),
      product: (await productTitles(await b.app.request('/api/products?limit=100'))).includes(`Sneaked ${n}`),
    });
    expect(await seen()).toEqual({ article: false, product: false });
    return seen;
  }
  beforeAll(async () => {
    ({ a, b, notify, close } = await twoInstances(kind));
  });
  afterAll(async () => close?.());

  for (const [what, payload] of [
    ['not JSON', 'flush'],
    ['no keys', '{}'],
    ['keys that are not a list', '{"keys":"list:articles"}'],
    ['an empty list of keys', '{"keys":[]}'],
    ['only keys that are not strings', '{"keys":[42,null]}'],
    ['the key of everything', '{"keys":["*"]}'],
  ]) {
    it(`${what} clears the whole cache`, async () => {
      const seen = await warmAndSneak();
      await notify(payload!);
      await within(1000, async () => cachedBytes(b.deps) === 0);
      expect(await seen()).toEqual({ article: true, product: true });
    });
  }

  it('keys that are not strings are skipped; the others clear what they name, only that', async () => {
    const seen = await warmAndSneak();
    await notify('{"from":"another-instance","keys":[42,"list:products",{"k":1}]}');
    await within(1000, async () => (await seen()).product);
    expect((await seen()).article).toBe(false);
  });

  it.skipIf(kind === 'pglite')(
    'a lost LISTEN connection clears the whole cache once it is back',
    async () => {
      const seen = await warmAndSneak();
      await a.deps.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'`,
      );
      await within(5000, async () => cachedBytes(b.deps) === 0);
      expect(await seen()).toEqual({ article: true, product: true });
    },
  );
});

describe('a NOTIFY that fails', () => {
  it('is logged as a warning; the write itself has succeeded', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    const log = capturedLogger();
    const booted = await boot(testEnv({ PUBLIC_CACHE_MS: '30000' }), {
      database: { ...handle, notify: () => Promise.reject(new Error('connection refused')) },
      logger: log.logger,
    });
    try {
      const { agent } = await signUpAdmin(booted);
      const res = await agent.post('/api/content', {
        title: 'T',
        excerpt: 'e',
        content: 'c',
        category: 'style',
      });
      expect(res.status).toBe(201);
      await within(1000, async () =>
        log.lines.some((l) => l.msg === '[cache] could not notify the other instances'),
      );
      const line = log.lines.find((l) => l.msg === '[cache] could not notify the other instances');
      expect(line).toMatchObject({ level: 40, err: 'connection refused' });
    } finally {
      await booted.close(); // closes the database too
    }
  });
});
