import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { type Agent, dbTargets, signUp, signUpAdmin, testApp } from './helpers';

type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json;

describe.each(dbTargets)('admin CRUD on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  beforeAll(async () => {
    booted = await testApp(kind);
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  describe('articles', () => {
    const body = {
      title: 'Morning Rituals',
      excerpt: 'Start well',
      content: 'Some words here',
      category: 'wellness',
    };

    it('POST /api/content creates (201) with a slug from the title, read time and publishedAt', async () => {
      const res = await admin.post('/api/content', { ...body, tags: ['calm', 'sleep'] });
      expect(res.status).toBe(201);
      const a = await json(res);
      expect(a).toMatchObject({
        slug: 'morning-rituals',
        status: 'published',
        tags: ['calm', 'sleep'],
        readTime: 1,
      });
      expect(a.publishedAt).toEqual(expect.any(String));
    });

    it('a second article with the same title gets a unique slug; an explicit taken slug is 409', async () => {
      const second = await json(await admin.post('/api/content', body));
      expect(second.slug).toBe('morning-rituals-2');
      const taken = await admin.post('/api/content', { ...body, slug: 'morning-rituals' });
      expect(taken.status).toBe(409);
      expect((await json(taken)).message).toMatch(/slug is already used/);
    });

    it('validation: title, excerpt and content required; unknown category refused; 400 with issues', async () => {
      const res = await admin.post('/api/content', {
        title: '',
        excerpt: '',
        content: '',
        category: 'gossip',
      });
      expect(res.status).toBe(400);
      const err = await json(res);
      const paths = (err.issues as { path: string }[]).map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(['title', 'excerpt', 'content', 'category']));
      const bad = await admin.post('/api/content', { ...body, slug: 'Not A Slug' });
      expect(bad.status).toBe(400);
    });

    it('drafts have no publishedAt until first publish, which stamps it once; the admin list includes drafts', async () => {
      const draft = await json(
        await admin.post('/api/content', { ...body, title: 'Draft one', status: 'draft' }),
      );
      expect(draft).toMatchObject({ status: 'draft', publishedAt: null });
      const list = (await (await admin.get('/api/admin/content?limit=50')).json()) as Json[];
      expect(list.some((a) => a.id === draft.id)).toBe(true);
      const drafts = (await (await admin.get('/api/admin/content?status=draft')).json()) as Json[];
      expect(drafts.map((a) => a.id)).toEqual([draft.id]);

      // Publishing is named: a save without status keeps a draft a draft (issue 31 §7).
      const published = await json(
        await admin.put(`/api/content/${draft.id}`, { ...body, title: 'Draft one', status: 'published' }),
      );
      expect(published.status).toBe('published');
      expect(published.publishedAt).toEqual(expect.any(String));
      expect(published.slug).toBe('draft-one');
      const again = await json(
        await admin.put(`/api/content/${draft.id}`, { ...body, title: 'Draft one', slug: 'renamed-slug' }),
      );
      expect(again.publishedAt).toBe(published.publishedAt);
      expect(again.slug).toBe('renamed-slug');
    });

    it('list pages with limit and offset', async () => {
      const first = (await (await admin.get('/api/admin/content?limit=2')).json()) as Json[];
      const next = (await (await admin.get('/api/admin/content?limit=2&offset=2')).json()) as Json[];
      expect(first).toHaveLength(2);
      expect(next.length).toBeGreaterThan(0);
      expect(next.map((a) => a.id)).not.toContain(first[0]!.id);
    });

    it('PUT and DELETE on a missing id answer 404; DELETE answers 204', async () => {
      expect((await admin.put('/api/content/999999', body)).status).toBe(404);
      expect((await admin.delete('/api/content/999999')).status).toBe(404);
      const a = await json(await admin.post('/api/content', { ...body, title: 'To delete' }));
      expect((await admin.delete(`/api/content/${a.id}`)).status).toBe(204);
      expect((await admin.get(`/api/admin/content/${a.id}`)).status).toBe(404);
    });
  });

  describe('products and categories', () => {
    let categoryId: number;
    it('POST /api/product-categories: name required (400), created (201), duplicate name 409', async () => {
      expect((await admin.post('/api/product-categories', { name: ' ' })).status).toBe(400);
      const res = await admin.post('/api/product-categories', { name: 'Skincare', description: 'Glow' });
      expect(res.status).toBe(201);
      categoryId = (await json(res)).id as number;
      expect((await admin.post('/api/product-categories', { name: 'Skincare' })).status).toBe(409);
    });

    it('product round trip: price sent as a number is stored with 2 decimals; category must exist', async () => {
      const body = {
        title: 'Rose Serum',
        description: 'Glow',
        price: 24.5,
        originalPrice: 30,
        categoryId,
        tags: ['glow'],
        features: ['Vegan', 'Cruelty free'],
        vendor: 'Petal',
        affiliateUrl: 'https://shop.example/rose',
        inStock: false,
        rating: 4.5,
        reviewCount: 12,
      };
      const res = await admin.post('/api/products', body);
      expect(res.status).toBe(201);
      const p = await json(res);
      expect(p).toMatchObject({
        price: '24.50',
        originalPrice: '30.00',
        categoryId,
        inStock: false,
        features: ['Vegan', 'Cruelty free'],
      });
      const list = (await (await admin.get('/api/admin/products?limit=50')).json()) as Json[];
      expect(list.find((x) => x.id === p.id)).toMatchObject({ clickCount: 0 });

      const upd = await admin.put(`/api/products/${p.id}`, { ...body, price: 19.99 });
      expect((await json(upd)).price).toBe('19.99');
      expect((await admin.post('/api/products', { ...body, categoryId: 99999 })).status).toBe(400);
      expect((await admin.put('/api/products/99999', body)).status).toBe(404);
    });

    it('product validation: title, description, price required; price numeric with 2 decimals; http(s) affiliate URL', async () => {
      const res = await admin.post('/api/products', { title: '', description: '', price: 'abc' });
      expect(res.status).toBe(400);
      const paths = ((await json(res)).issues as { path: string }[]).map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(['title', 'description', 'price']));
      const base = { title: 't', description: 'd', price: 1 };
      expect((await admin.post('/api/products', { ...base, price: 1.234 })).status).toBe(400);
      expect(
        (await admin.post('/api/products', { ...base, affiliateUrl: 'javascript:alert(1)' })).status,
      ).toBe(400);
    });

    it('GET /api/admin/product-categories counts each category’s own products (issue 26: every one said 1)', async () => {
      const [a, b, c] = await booted.deps.db
        .insert(s.productCategories)
        .values([{ name: 'Count A' }, { name: 'Count B' }, { name: 'Count C' }])
        .returning({ id: s.productCategories.id });
      const product = (categoryId: number, i: number) => ({
        title: `P${categoryId}-${i}`,
        description: 'd',
        price: '1.00',
        categoryId,
      });
      await booted.deps.db
        .insert(s.products)
        .values([
          ...Array.from({ length: 7 }, (_, i) => product(a!.id, i)),
          ...Array.from({ length: 6 }, (_, i) => product(b!.id, i)),
        ]);
      const list = (await (await admin.get('/api/admin/product-categories')).json()) as Json[];
      const count = (id: number) => list.find((x) => x.id === id)?.productCount;
      expect([count(a!.id), count(b!.id), count(c!.id)]).toEqual([7, 6, 0]);
      // The tab and the delete refusal agree.
      const refused = await admin.delete(`/api/product-categories/${a!.id}`);
      expect(refused.status).toBe(409);
      expect((await json(refused)).message).toMatch(/still has 7 products/);
      expect((await admin.delete(`/api/product-categories/${c!.id}`)).status).toBe(204);
    });

    it('deleting a category that still has products answers 409 and keeps it; an empty one is deleted', async () => {
      const res = await admin.delete(`/api/product-categories/${categoryId}`);
      expect(res.status).toBe(409);
      expect((await json(res)).message).toMatch(/still has 1 product\b/);
      const [still] = await booted.deps.db
        .select()
        .from(s.productCategories)
        .where(eq(s.productCategories.id, categoryId));
      expect(still).toBeTruthy();
      const empty = await json(await admin.post('/api/product-categories', { name: 'Empty' }));
      expect(
        (await admin.put(`/api/product-categories/${empty.id}`, { name: 'Still empty', description: 'x' }))
          .status,
      ).toBe(200);
      expect((await admin.delete(`/api/product-categories/${empty.id}`)).status).toBe(204);
      expect((await admin.delete(`/api/product-categories/${empty.id}`)).status).toBe(404);
    });
  });

  describe('recipes', () => {
    it('round trip: create 201, update 200, delete 204, missing 404', async () => {
      const body = {
        title: 'Green Soup',
        ingredients: ['spinach', 'peas'],
        instructions: ['Boil', 'Blend'],
        prepTime: 10,
        cookTime: null,
        servings: 2,
        difficulty: 'easy',
        cuisine: 'italian',
        tags: [],
        imageUrl: null,
      };
      const res = await admin.post('/api/recipes', body);
      expect(res.status).toBe(201);
      const r = await json(res);
      expect(r).toMatchObject({ title: 'Green Soup', prepTime: 10, cookTime: null, difficulty: 'easy' });
      const upd = await json(await admin.put(`/api/recipes/${r.id}`, { ...body, servings: 4 }));
      expect(upd.servings).toBe(4);
      expect((await admin.get('/api/admin/recipes?limit=50')).status).toBe(200);
      expect((await admin.delete(`/api/recipes/${r.id}`)).status).toBe(204);
      expect((await admin.put(`/api/recipes/${r.id}`, body)).status).toBe(404);
    });
    it('validation: title, ingredients and instructions required; difficulty from the list', async () => {
      const res = await admin.post('/api/recipes', {
        title: '',
        ingredients: [],
        instructions: [],
        difficulty: 'extreme',
      });
      expect(res.status).toBe(400);
      const paths = ((await json(res)).issues as { path: string }[]).map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(['title', 'ingredients', 'instructions', 'difficulty']));
    });
  });

  describe('users', () => {
    it('lists users and toggles the admin flag ("User admin status updated")', async () => {
      const { agent: other } = await signUp(booted.app);
      const me = await json(await other.get('/api/auth/user'));
      const users = (await (await admin.get('/api/admin/users')).json()) as Json[];
      expect(users.find((u) => u.id === me.id)).toMatchObject({
        firstName: 'Tess',
        lastName: 'User',
        isAdmin: false,
      });
      const res = await admin.put(`/api/admin/users/${me.id}/admin`, { isAdmin: true });
      expect(res.status).toBe(200);
      expect((await json(await other.get('/api/auth/admin-status'))).isAdmin).toBe(true);
      expect((await admin.put(`/api/admin/users/${me.id}/admin`, { isAdmin: false })).status).toBe(200);
      expect((await admin.put('/api/admin/users/nobody/admin', { isAdmin: true })).status).toBe(404);
      expect((await admin.put(`/api/admin/users/${me.id}/admin`, { isAdmin: 'yes' })).status).toBe(400);
    });

    it('removing the admin flag from the last admin answers 409 and keeps it', async () => {
      const me = await json(await admin.get('/api/auth/user'));
      const res = await admin.put(`/api/admin/users/${me.id}/admin`, { isAdmin: false });
      expect(res.status).toBe(409);
      expect((await json(res)).message).toMatch(/last admin/);
      expect((await json(await admin.get('/api/auth/admin-status'))).isAdmin).toBe(true);
    });
  });

  describe('contact messages', () => {
    it('list newest first, filter by status, counts; PATCH moves between unread, read and replied; DELETE 204', async () => {
      const db = booted.deps.db;
      const mk = (subject: string, at: string) =>
        db
          .insert(s.contactMessages)
          .values({
            firstName: 'A',
            lastName: 'B',
            email: 'a@b.co',
            subject,
            message: 'm',
            createdAt: new Date(at),
          })
          .returning();
      const [[older], [newer]] = await Promise.all([mk('Older', '2026-01-01'), mk('Newer', '2026-02-01')]);
      const list = (await (await admin.get('/api/admin/contact-messages')).json()) as Json[];
      expect(list.map((m) => m.subject)).toEqual(['Newer', 'Older']);
      expect(await json(await admin.get('/api/admin/contact-messages/counts'))).toEqual({
        unread: 2,
        read: 0,
        replied: 0,
      });

      for (const status of ['read', 'replied', 'unread', 'replied'] as const) {
        const res = await admin.patch(`/api/admin/contact-messages/${older!.id}`, { status });
        expect(res.status).toBe(200);
        expect((await json(res)).status).toBe(status);
      }
      const replied = (await (
        await admin.get('/api/admin/contact-messages?status=replied')
      ).json()) as Json[];
      expect(replied.map((m) => m.id)).toEqual([older!.id]);
      const unread = (await (await admin.get('/api/admin/contact-messages?status=unread')).json()) as Json[];
      expect(unread.map((m) => m.id)).toEqual([newer!.id]);
      expect(
        (await admin.patch(`/api/admin/contact-messages/${older!.id}`, { status: 'archived' })).status,
      ).toBe(400);
      expect((await admin.get('/api/admin/contact-messages?status=archived')).status).toBe(400);

      expect((await admin.delete(`/api/admin/contact-messages/${older!.id}`)).status).toBe(204);
      expect((await admin.delete(`/api/admin/contact-messages/${older!.id}`)).status).toBe(404);
      expect((await admin.patch(`/api/admin/contact-messages/${older!.id}`, { status: 'read' })).status).toBe(
        404,
      );
    });
  });
});
