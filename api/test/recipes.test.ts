import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { recipes } from '../src/db/schema';
import { type Agent, dbTargets, signUp, testApp } from './helpers';

type R = { id: number; title: string; cuisine: string | null; difficulty: string | null; tags: string[] };

describe.each(dbTargets)('recipes API on %s', (kind) => {
  let booted: Booted;
  let user: Agent;
  let risotto: number;
  beforeAll(async () => {
    booted = await testApp(kind);
    const base = { ingredients: ['1 cup rice'], instructions: ['Cook.'] };
    const rows = await booted.deps.db
      .insert(recipes)
      .values([
        {
          ...base,
          title: 'Risotto',
          cuisine: 'italian',
          difficulty: 'medium',
          tags: ['vegetarian', 'comfort'],
        },
        { ...base, title: 'Bruschetta', cuisine: 'italian', difficulty: 'easy', tags: ['vegan'] },
        { ...base, title: 'Tacos', cuisine: 'mexican', difficulty: 'easy', tags: ['vegetarian'] },
        { ...base, title: 'Curry', cuisine: 'indian', difficulty: 'hard', tags: [] },
      ])
      .returning();
    risotto = Number(rows[0]?.id);
    user = (await signUp(booted.app)).agent;
  });
  afterAll(async () => booted?.close());

  const titles = async (q: string) =>
    ((await (await booted.app.request(`/api/recipes${q}`)).json()) as R[]).map((r) => r.title).sort();

  it('GET /api/recipes lists every recipe to anonymous visitors', async () => {
    const res = await booted.app.request('/api/recipes');
    expect(res.status).toBe(200);
    expect(await titles('')).toEqual(['Bruschetta', 'Curry', 'Risotto', 'Tacos']);
  });

  it('GET /api/recipes filters by cuisine, difficulty, both, and tag', async () => {
    expect(await titles('?cuisine=italian')).toEqual(['Bruschetta', 'Risotto']);
    expect(await titles('?difficulty=easy')).toEqual(['Bruschetta', 'Tacos']);
    expect(await titles('?cuisine=italian&difficulty=easy')).toEqual(['Bruschetta']);
    expect(await titles('?tag=vegetarian')).toEqual(['Risotto', 'Tacos']);
    expect(await titles('?cuisine=american')).toEqual([]);
  });

  it('GET /api/recipes?limit= caps the count; unknown cuisine, difficulty or limit is 400', async () => {
    expect(await titles('?limit=2')).toHaveLength(2);
    for (const q of ['cuisine=french', 'difficulty=extreme', 'limit=0', 'limit=501']) {
      const res = await booted.app.request(`/api/recipes?${q}`);
      expect(res.status, q).toBe(400);
      expect(await res.json()).toHaveProperty('message');
    }
  });

  it('GET /api/recipes/{id} answers 401 to anonymous callers', async () => {
    const res = await booted.app.request(`/api/recipes/${risotto}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'You need to sign in to do that.' });
  });

  it('GET /api/recipes/{id} returns the whole recipe when signed in; unknown is 404 "Recipe not found"', async () => {
    const res = await user.get(`/api/recipes/${risotto}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: risotto,
      title: 'Risotto',
      ingredients: ['1 cup rice'],
      instructions: ['Cook.'],
      cuisine: 'italian',
    });
    const missing = await user.get('/api/recipes/999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Recipe not found' });
    expect((await user.get('/api/recipes/x')).status).toBe(404);
  });
});
