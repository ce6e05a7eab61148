import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { affiliateClicks, productCategories, products } from '../src/db/schema';
import { type Agent, dbTargets, signUp, testApp } from './helpers';

/** What a browser sends when a reader follows a link to a page (Fetch Metadata). */
const NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', accept: 'text/html' };

type P = { id: number; categoryId: number | null; title: string; price: string };

describe.each(dbTargets)('shop API on %s', (kind) => {
  let booted: Booted;
  let catA: number;
  let catB: number;
  let withLink: number;
  let noLink: number;
  let user: Agent;
  beforeAll(async () => {
    booted = await testApp(kind);
    const db = booted.deps.db;
    const [a, b] = await db
      .insert(productCategories)
      .values([
        { name: 'Skincare', description: 'Gentle care' },
        { name: 'Fitness', description: null },
      ])
      .returning();
    catA = Number(a?.id);
    catB = Number(b?.id);
    // 7 in A (ids ascending), 3 in B, 1 uncategorised.
    const rows = [];
    for (let i = 0; i < 7; i++)
      rows.push({ title: `A${i}`, description: 'd', price: '10.00', categoryId: catA, affiliateUrl: null });
    for (let i = 0; i < 3; i++)
      rows.push({ title: `B${i}`, description: 'd', price: '5.50', categoryId: catB, affiliateUrl: null });
    rows.push({ title: 'Loose', description: 'd', price: '1.00', categoryId: null, affiliateUrl: null });
    const inserted = await db.insert(products).values(rows).returning();
    noLink = Number(inserted[0]?.id);
    withLink = Number(inserted[1]?.id);
    await db
      .update(products)
      .set({ affiliateUrl: 'https://shop.example/item?ref=bloom' })
      .where(eq(products.id, withLink));
    user = (await signUp(booted.app)).agent;
  });
  afterAll(async () => booted?.close());
  const clickCount = async (productId: number) =>
    (
      await booted.deps.db
        .select({ n: count() })
        .from(affiliateClicks)
        .where(eq(affiliateClicks.productId, productId))
    )[0]?.n ?? -1;

  it('GET /api/product-categories lists id, name and description of each category', async () => {
    const res = await booted.app.request('/api/product-categories');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { id: catA, name: 'Skincare', description: 'Gentle care' },
      { id: catB, name: 'Fitness', description: null },
    ]);
  });

  it('GET /api/products lists every product to anonymous visitors in a stable id order', async () => {
    const res = await booted.app.request('/api/products');
    expect(res.status).toBe(200);
    const list = (await res.json()) as P[];
    expect(list).toHaveLength(11);
    const ids = list.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(list[0]).toMatchObject({ title: 'A0', price: '10.00', categoryId: catA });
    const again = (await (await booted.app.request('/api/products')).json()) as P[];
    expect(again.map((p) => p.id)).toEqual(ids);
  });

  it('GET /api/products?categoryId= filters by category; limit caps the count (related products: 4)', async () => {
    const inB = (await (await booted.app.request(`/api/products?categoryId=${catB}`)).json()) as P[];
    expect(inB.map((p) => p.title)).toEqual(['B0', 'B1', 'B2']);
    const related = (await (
      await booted.app.request(`/api/products?categoryId=${catA}&limit=4`)
    ).json()) as P[];
    expect(related).toHaveLength(4);
    expect(related.every((p) => p.categoryId === catA)).toBe(true);
    const excl = (await (
      await booted.app.request(`/api/products?categoryId=${catA}&limit=4&exclude=${noLink}`)
    ).json()) as P[];
    expect(excl.map((p) => p.id)).not.toContain(noLink);
    expect(excl).toHaveLength(4);
  });

  it('limit accepts up to 500 (the per-category shop limit) and refuses more or bad values with 400', async () => {
    expect((await booted.app.request('/api/products?limit=500')).status).toBe(200);
    for (const q of ['limit=501', 'limit=0', 'limit=abc', 'categoryId=-1', 'categoryId=x']) {
      const res = await booted.app.request(`/api/products?${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
  });

  it('the default list limit is 300 (spec §9 shop limit)', async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({
      title: `Bulk${i}`,
      description: 'd',
      price: '2.00',
      categoryId: null,
    }));
    const fresh = await testApp(kind);
    try {
      await fresh.deps.db.insert(products).values(many);
      await fresh.deps.db.insert(products).values(many.slice(0, 5));
      const list = (await (await fresh.app.request('/api/products')).json()) as P[];
      expect(list).toHaveLength(300);
      const big = (await (await fresh.app.request('/api/products?limit=500')).json()) as P[];
      expect(big).toHaveLength(305);
    } finally {
      await fresh.close();
    }
  });

  it('the public list carries card fields only: no affiliate URL (sign-in gated), description or features', async () => {
    const list = (await (await booted.app.request('/api/products')).json()) as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) {
      expect(p).toHaveProperty('price');
      expect(p).toHaveProperty('imageUrl');
      expect(p).not.toHaveProperty('affiliateUrl');
      expect(p).not.toHaveProperty('description');
      expect(p).not.toHaveProperty('features');
    }
  });

  it('GET /api/products/{id} answers 401 to anonymous callers (detail needs sign-in)', async () => {
    const res = await booted.app.request(`/api/products/${withLink}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'You need to sign in to do that.' });
  });

  it('GET /api/products/{id} returns the product to a signed-in user; unknown id is 404 "Product not found"', async () => {
    const ok = await user.get(`/api/products/${withLink}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      id: withLink,
      title: 'A1',
      affiliateUrl: 'https://shop.example/item?ref=bloom',
      features: [],
      tags: [],
      inStock: true,
    });
    const missing = await user.get('/api/products/999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Product not found' });
    expect((await user.get('/api/products/abc')).status).toBe(404);
  });

  it('GET /go/{id} records one click with the page it came from and redirects 302 to the affiliate URL', async () => {
    const clicks = async () =>
      (
        await booted.deps.db
          .select({ n: count() })
          .from(affiliateClicks)
          .where(eq(affiliateClicks.productId, withLink))
      )[0]?.n ?? -1;
    const before = await clicks();
    const res = await booted.app.request(
      `/go/${withLink}?from=${encodeURIComponent(`/product/${withLink}`)}`,
      { headers: NAVIGATION },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://shop.example/item?ref=bloom');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await clicks()).toBe(before + 1);
    const [row] = await booted.deps.db
      .select()
      .from(affiliateClicks)
      .where(eq(affiliateClicks.productId, withLink));
    expect(row).toMatchObject({ productId: withLink, referrerPath: `/product/${withLink}` });
    expect(row?.createdAt).toBeInstanceOf(Date);
    // An off-site "from" is not stored as a page of ours.
    await booted.app.request(`/go/${withLink}?from=${encodeURIComponent('https://evil.example/')}`, {
      headers: NAVIGATION,
    });
    const paths = (
      await booted.deps.db.select().from(affiliateClicks).where(eq(affiliateClicks.productId, withLink))
    ).map((r) => r.referrerPath);
    expect(paths).toContain(null);
  });

  it.each([
    ['an <img> (Sec-Fetch-Dest: image)', { 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' }],
    ['a fetch() from a page', { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' }],
    ['a frame', { 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate' }],
    ['a script', { 'sec-fetch-dest': 'script', 'sec-fetch-mode': 'no-cors' }],
    ['a client without Fetch Metadata that does not ask for a page (curl)', { accept: '*/*' }],
    [
      "an old browser's <img> (no Fetch Metadata)",
      { accept: 'image/webp,image/png,image/*;q=0.8,*/*;q=0.5' },
    ],
  ])('GET /go/{id} from %s redirects the same but counts no click (issue 27)', async (_, headers) => {
    const before = await clickCount(withLink);
    const res = await booted.app.request(`/go/${withLink}?from=%2Fshop`, { headers });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://shop.example/item?ref=bloom');
    expect(await clickCount(withLink)).toBe(before);
  });

  it.each([
    ['a navigation (Sec-Fetch-Dest: document)', NAVIGATION],
    ['Sec-Fetch-Mode: navigate alone', { 'sec-fetch-mode': 'navigate' }],
    [
      "an old browser's navigation (no Fetch Metadata, Accept: text/html)",
      {
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      },
    ],
  ])('GET /go/{id} from %s counts one click', async (_, headers) => {
    const before = await clickCount(withLink);
    const res = await booted.app.request(`/go/${withLink}?from=%2Fshop`, { headers });
    expect(res.status).toBe(302);
    expect(await clickCount(withLink)).toBe(before + 1);
  });

  it('GET /go/{id} refuses a product without a link (404 "Affiliate link not available…") and counts nothing', async () => {
    const res = await booted.app.request(`/go/${noLink}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Affiliate link not available for this product.' });
    const [n] = await booted.deps.db
      .select({ n: count() })
      .from(affiliateClicks)
      .where(eq(affiliateClicks.productId, noLink));
    expect(n?.n).toBe(0);
    expect((await booted.app.request('/go/999999')).status).toBe(404);
    expect((await booted.app.request('/go/abc')).status).toBe(404);
  });

  it('GET /go/{id} never follows a non-http(s) link, even one written straight into the database', async () => {
    await booted.deps.db
      .update(products)
      .set({ affiliateUrl: 'javascript:alert(1)' })
      .where(eq(products.id, noLink));
    const res = await booted.app.request(`/go/${noLink}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
    await booted.deps.db.update(products).set({ affiliateUrl: null }).where(eq(products.id, noLink));
  });

  it('the admin product schema refuses a non-http(s) affiliate URL with 400 (only http(s) is stored)', async () => {
    const { productInput } = await import('@site/shared');
    const bad = productInput.safeParse({
      title: 't',
      description: 'd',
      price: 1,
      affiliateUrl: 'javascript:alert(1)',
    });
    expect(bad.success).toBe(false);
    const good = productInput.safeParse({
      title: 't',
      description: 'd',
      price: 1,
      affiliateUrl: 'https://x.example/',
    });
    expect(good.success).toBe(true);
  });
});
