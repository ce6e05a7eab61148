import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { type Agent, signUpAdmin, testApp } from './helpers';

/** Bad input and conflicts answer { message } with the right status (lib/validate.ts, lib/errors.ts). */
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
