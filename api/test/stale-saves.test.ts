import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';

type Json = Record<string, unknown>;

/**
 * No lost edits on products and recipes (issue 15), as on articles: a PUT carrying the `updatedAt` its
 * form loaded is refused with 409 and both times once someone else saved in between.
 */
const kinds = [
  {
    noun: 'product',
    path: '/api/products',
    body: { title: 'Glow Serum', description: 'D', price: 12.5 },
    title: async (booted: Booted, id: number) =>
      (await booted.deps.db.select().from(s.products).where(eq(s.products.id, id)))[0]?.title,
  },
  {
    noun: 'recipe',
    path: '/api/recipes',
    body: { title: 'Green Soup', ingredients: ['peas'], instructions: ['simmer'] },
    title: async (booted: Booted, id: number) =>
      (await booted.deps.db.select().from(s.recipes).where(eq(s.recipes.id, id)))[0]?.title,
  },
] as const;

describe.each(dbTargets)('stale saves of products and recipes on %s', (db) => {
  let booted: Booted;
  let admin: Agent;
  beforeAll(async () => {
    booted = await testApp(db);
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  describe.each(kinds)('$noun', ({ noun, path, body, title }) => {
    const create = async () => {
      const res = await admin.post(path, body);
      expect(res.status).toBe(201);
      return (await res.json()) as Json & { id: number; updatedAt: string };
    };

    it('a save over a version someone else saved meanwhile is 409 with both times, and changes nothing', async () => {
      const row = await create();
      const mine = row.updatedAt;
      const first = await admin.put(`${path}/${row.id}`, { ...body, title: 'Their edit', updatedAt: mine });
      expect(first.status).toBe(200);
      const theirs = ((await first.json()) as Json).updatedAt as string;
      expect(theirs).not.toBe(mine);

      const stale = await admin.put(`${path}/${row.id}`, { ...body, title: 'My edit', updatedAt: mine });
      expect(stale.status).toBe(409);
      expect(await stale.json()).toEqual({
        message: `Someone else saved this ${noun} after you opened it. Reload to see their version, then make your changes again.`,
        yours: mine,
        theirs,
      });
      expect(await title(booted, row.id)).toBe('Their edit');

      // With the version it has now, the save goes through.
      const fresh = await admin.put(`${path}/${row.id}`, { ...body, title: 'My edit', updatedAt: theirs });
      expect(fresh.status).toBe(200);
      expect(await title(booted, row.id)).toBe('My edit');
    });

    it('a save without updatedAt (scripts, older clients) still lands; a missing row is still 404', async () => {
      const row = await create();
      const res = await admin.put(`${path}/${row.id}`, { ...body, title: 'No version' });
      expect(res.status).toBe(200);
      expect(await title(booted, row.id)).toBe('No version');
      const gone = await admin.put(`${path}/2000000`, { ...body, updatedAt: row.updatedAt });
      expect(gone.status).toBe(404);
    });

    it('a create ignores updatedAt; a malformed updatedAt is 400 and changes nothing', async () => {
      const res = await admin.post(path, { ...body, updatedAt: '2001-01-01T00:00:00.000Z' });
      expect(res.status).toBe(201);
      const made = (await res.json()) as Json & { id: number };
      expect(new Date(made.updatedAt as string).getFullYear()).toBeGreaterThan(2001);

      const bad = await admin.put(`${path}/${made.id}`, { ...body, title: 'Bad', updatedAt: 'yesterday' });
      expect(bad.status).toBe(400);
      expect(await title(booted, made.id)).toBe(body.title);
    });
  });
});
