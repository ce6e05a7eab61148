import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Booted, boot } from '../src/bootstrap';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import * as s from '../src/db/schema';
import { createPostgresDatabase, dbTargets, signUpAdmin, testEnv } from './helpers';

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
    return { a, b, close: () => handle.close() };
  }
  const created = await createPostgresDatabase('t_sync');
  const handles: DatabaseHandle[] = [];
  for (let i = 0; i < 2; i++) handles.push(await openDatabase({ url: created.url, dataDir: 'unused' }));
  const a = await boot(env, { database: handles[0] });
  const b = await boot(env, { database: handles[1] });
  return {
    a,
    b,
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
