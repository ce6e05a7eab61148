import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';

type Json = Record<string, unknown> & { id: number; updatedAt: string };

/**
 * Saves never change what they did not name (issue 31 §7): a field left out of a PUT keeps its value,
 * for articles, products and recipes alike. The forms, which send every field, and the 409 rule work
 * as before. Before the fix a PUT without `status` published a draft, and one without `inStock`,
 * `tags` or `prepTime` reset them to their create defaults.
 */
describe.each(dbTargets)('saves keep what they do not name on %s', (db) => {
  let booted: Booted;
  let admin: Agent;
  let categoryId: number;
  beforeAll(async () => {
    booted = await testApp(db);
    admin = (await signUpAdmin(booted)).agent;
    const cat = await admin.post('/api/product-categories', { name: 'Skincare' });
    categoryId = ((await cat.json()) as Json).id;
  });
  afterAll(async () => booted?.close());

  const create = async (path: string, body: unknown) => {
    const res = await admin.post(path, body);
    expect(res.status).toBe(201);
    return (await res.json()) as Json;
  };
  const save = async (path: string, body: unknown) => {
    const res = await admin.put(path, body);
    return { status: res.status, body: (await res.json()) as Json };
  };

  it('article: a PUT naming only the title keeps the draft a draft, and keeps tags, image, slug, author and body', async () => {
    const a = await create('/api/content', {
      title: 'Quiet draft',
      excerpt: 'Not ready',
      content: '<p>Half written.</p>',
      category: 'home',
      tags: ['calm', 'linen'],
      imageUrl: 'https://images.example/linen.jpg',
      author: 'Mira',
      description: 'About linen',
      status: 'draft',
      slug: 'quiet-draft',
    });
    const { status, body } = await save(`/api/content/${a.id}`, { title: 'Quiet draft, retitled' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      title: 'Quiet draft, retitled',
      status: 'draft',
      publishedAt: null,
      excerpt: 'Not ready',
      content: '<p>Half written.</p>',
      category: 'home',
      tags: ['calm', 'linen'],
      imageUrl: 'https://images.example/linen.jpg',
      author: 'Mira',
      description: 'About linen',
      slug: 'quiet-draft',
    });
    // Readers still cannot see it.
    expect((await admin.get(`/api/content/${a.id}`)).status).toBe(404);
  });

  it('every required field but no status, tags, inStock or prepTime: each keeps its value (before: a draft was published, the rest reset)', async () => {
    const draft = await create('/api/content', {
      title: 'Still a draft',
      excerpt: 'E',
      content: 'Body',
      category: 'wellness',
      status: 'draft',
      tags: ['keep'],
    });
    const saved = await save(`/api/content/${draft.id}`, {
      title: 'Still a draft',
      excerpt: 'E2',
      content: 'Body',
      category: 'wellness',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'draft', publishedAt: null, tags: ['keep'], excerpt: 'E2' });
    expect((await admin.get(`/api/content/${draft.id}`)).status).toBe(404);

    const product = await create('/api/products', {
      title: 'Balm',
      description: 'D',
      price: 5,
      inStock: false,
      features: ['x'],
    });
    const p = await save(`/api/products/${product.id}`, { title: 'Balm', description: 'D', price: 6 });
    expect(p.body).toMatchObject({ inStock: false, features: ['x'], price: '6.00' });

    const recipe = await create('/api/recipes', {
      title: 'Soup',
      ingredients: ['a'],
      instructions: ['b'],
      prepTime: 5,
      tags: ['t'],
    });
    const r = await save(`/api/recipes/${recipe.id}`, {
      title: 'Soup',
      ingredients: ['a'],
      instructions: ['b', 'c'],
    });
    expect(r.body).toMatchObject({ prepTime: 5, tags: ['t'], instructions: ['b', 'c'] });
  });

  it('article: a named null clears a field, a named bad value is 400 naming it and changes nothing', async () => {
    const a = await create('/api/content', {
      title: 'With image',
      excerpt: 'E',
      content: 'Body',
      category: 'style',
      imageUrl: '/uploads/x.webp',
      author: 'Sam',
    });
    const cleared = await save(`/api/content/${a.id}`, { imageUrl: null, author: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      imageUrl: null,
      author: null,
      title: 'With image',
      status: 'published',
    });
    const bad = await save(`/api/content/${a.id}`, { title: '', tags: 'not a list' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^title: Title is required|^tags: /);
    const paths = (bad.body.issues as { path: string }[]).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'tags']));
    const now = (await (await admin.get(`/api/admin/content/${a.id}`)).json()) as Json;
    expect(now.title).toBe('With image');
    expect(now.updatedAt).toBe(cleared.body.updatedAt);
  });

  it('article: the form, which sends every field, saves as before; the 409 rule holds for a partial save', async () => {
    const full = {
      title: 'Full form',
      excerpt: 'E',
      content: 'Body',
      category: 'career',
      tags: [],
      imageUrl: null,
      slug: null,
      status: 'published',
      author: null,
      description: null,
      publishedAt: null,
    };
    const a = await create('/api/content', full);
    const first = await save(`/api/content/${a.id}`, {
      ...full,
      title: 'Full form 2',
      updatedAt: a.updatedAt,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ title: 'Full form 2', slug: 'full-form', status: 'published' });
    // A partial save from the version before `first` is stale: refused, nothing changes.
    const stale = await save(`/api/content/${a.id}`, { excerpt: 'Mine', updatedAt: a.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ yours: a.updatedAt, theirs: first.body.updatedAt });
    const now = (await (await admin.get(`/api/admin/content/${a.id}`)).json()) as Json;
    expect(now.excerpt).toBe('E');
  });

  it('article: a new time alone reschedules a scheduled article; status alone publishes it', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const evenLater = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const a = await create('/api/content', {
      title: 'Scheduled piece',
      excerpt: 'E',
      content: 'Body',
      category: 'wellness',
      status: 'scheduled',
      publishedAt: later,
    });
    const moved = await save(`/api/content/${a.id}`, { publishedAt: evenLater });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'scheduled', publishedAt: evenLater });
    const now = await save(`/api/content/${a.id}`, { status: 'published' });
    expect(now.body.status).toBe('published');
    expect(now.body.title).toBe('Scheduled piece');
  });

  it('product: a PUT naming only the price keeps stock, tags, features, rating, category and link', async () => {
    const p = await create('/api/products', {
      title: 'Night Balm',
      description: 'Rich',
      price: 30,
      originalPrice: 40,
      categoryId,
      tags: ['night'],
      features: ['Unscented'],
      imageUrl: '/uploads/balm.webp',
      vendor: 'Calm Co',
      affiliateUrl: 'https://shop.example/balm',
      inStock: false,
      rating: 4.5,
      reviewCount: 12,
    });
    const { status, body } = await save(`/api/products/${p.id}`, { price: 27.5 });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      title: 'Night Balm',
      price: '27.50',
      originalPrice: '40.00',
      categoryId,
      tags: ['night'],
      features: ['Unscented'],
      imageUrl: '/uploads/balm.webp',
      vendor: 'Calm Co',
      affiliateUrl: 'https://shop.example/balm',
      inStock: false,
      rating: 4.5,
      reviewCount: 12,
    });
    const cleared = await save(`/api/products/${p.id}`, { originalPrice: null, updatedAt: body.updatedAt });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ originalPrice: null, price: '27.50', inStock: false });
    const bad = await save(`/api/products/${p.id}`, { price: 'free' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^price: /);
  });

  it('recipe: a PUT naming only the title keeps times, servings, tags, steps and nutrition', async () => {
    const r = await create('/api/recipes', {
      title: 'Lentil Soup',
      description: 'Warming',
      ingredients: ['lentils', 'onion'],
      instructions: ['chop', 'simmer'],
      prepTime: 10,
      cookTime: 30,
      servings: 4,
      difficulty: 'easy',
      cuisine: 'indian',
      tags: ['soup'],
      author: 'Priya',
      nutritionalInfo: { Calories: '320' },
    });
    const { status, body } = await save(`/api/recipes/${r.id}`, { title: 'Red Lentil Soup' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      title: 'Red Lentil Soup',
      description: 'Warming',
      ingredients: ['lentils', 'onion'],
      instructions: ['chop', 'simmer'],
      prepTime: 10,
      cookTime: 30,
      servings: 4,
      difficulty: 'easy',
      cuisine: 'indian',
      tags: ['soup'],
      author: 'Priya',
      nutritionalInfo: { Calories: '320' },
    });
    const bad = await save(`/api/recipes/${r.id}`, { ingredients: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('ingredients: At least one ingredient is required');
    // 409 still holds for recipes.
    const stale = await save(`/api/recipes/${r.id}`, { title: 'Old', updatedAt: r.updatedAt });
    expect(stale.status).toBe(409);
  });
});
