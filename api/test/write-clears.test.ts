import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import type { AppEnv } from '../src/context';
import { invalidate } from '../src/lib/cache/sync';
import { ALL } from '../src/lib/cache/surrogate-keys';
import {
  alsoClears,
  byId,
  clears,
  clearsEverything,
  clearsNothing,
  writeDeclarationOf,
} from '../src/lib/cache/write-clears';
import { testApp } from './helpers';

/**
 * lib/cache/write-clears.ts and sync.ts's `invalidate` by themselves: which keys a declared write
 * hands on, and when. The app's own bus to the other instances (`deps.cacheBus`, NOTIFY in
 * production) is replaced by one that writes down what it is given: what every other instance and
 * the CDN would be told. write-declarations.test.ts checks the app's routes declare; this checks
 * what each declaration does.
 */
describe('write declarations hand on their keys after a successful answer', () => {
  let booted: Booted;
  let told: string[][];
  beforeAll(async () => {
    booted = await testApp('pglite');
  });
  afterAll(async () => booted?.close());
  beforeEach(() => {
    told = [];
    booted.deps.cacheBus = { publish: (keys) => void told.push([...keys]) };
  });

  const app = () =>
    new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('deps', booted.deps);
        await next();
      })
      .post('/fixed/:status', clears(['list:products']), (c) =>
        c.body(null, Number(c.req.param('status')) as 200),
      )
      .post('/item/:id', clears(byId('product', 'list:products')), (c) => c.body(null, 204))
      .post('/bulk', clears(['list:articles']), (c) => {
        alsoClears(c, 'article:1', 'article:2');
        alsoClears(c, 'article:3');
        return c.body(null, 200);
      })
      .post('/nothing', clearsNothing('shown to admins only'), (c) => c.body(null, 201))
      .post('/everything/:status', clearsEverything('a setting every page shows'), (c) =>
        c.body(null, Number(c.req.param('status')) as 200),
      );
  const post = (path: string) => app().request(path, { method: 'POST' });

  it('clears(keys): on 2xx and 3xx, not on 400 or any later status', async () => {
    for (const status of [200, 204, 302, 399]) await post(`/fixed/${status}`);
    expect(told).toEqual([['list:products'], ['list:products'], ['list:products'], ['list:products']]);
    told = [];
    for (const status of [400, 404, 409, 500]) await post(`/fixed/${status}`);
    expect(told).toEqual([]);
  });

  it('byId: the list plus the item, only when :id is a whole number', async () => {
    await post('/item/12');
    await post('/item/abc');
    await post('/item/12abc');
    await post('/item/abc12');
    expect(told).toEqual([
      ['list:products', 'product:12'],
      ['list:products'],
      ['list:products'],
      ['list:products'],
    ]);
  });

  it('alsoClears adds what only the handler knows, call after call', async () => {
    await post('/bulk');
    expect(told).toEqual([['list:articles', 'article:1', 'article:2', 'article:3']]);
  });

  it('clearsNothing tells nobody; clearsEverything tells everyone everything, only after a success', async () => {
    await post('/nothing');
    expect(told).toEqual([]);
    await post('/everything/200');
    expect(told).toEqual([[ALL]]);
    told = [];
    await post('/everything/400');
    expect(told).toEqual([]);
  });

  it('each handler carries its declaration; anything else carries none', () => {
    expect(writeDeclarationOf(clears(['x']))).toEqual({ clears: 'keys' });
    expect(writeDeclarationOf(clearsNothing('why'))).toEqual({ clears: 'nothing', why: 'why' });
    expect(writeDeclarationOf(clearsEverything('why'))).toEqual({ clears: 'everything', why: 'why' });
    expect(writeDeclarationOf(() => undefined)).toBeUndefined();
    expect(writeDeclarationOf(null)).toBeUndefined();
    expect(writeDeclarationOf(undefined)).toBeUndefined();
  });

  it('invalidate: no keys tells nobody; duplicates go once; past 100 keys, everything', async () => {
    await invalidate(booted.deps, []);
    expect(told).toEqual([]);
    await invalidate(booted.deps, ['a', 'b', 'a']);
    expect(told).toEqual([['a', 'b']]);
    told = [];
    const hundred = Array.from({ length: 100 }, (_, i) => `article:${i}`);
    await invalidate(booted.deps, hundred);
    expect(told).toEqual([hundred]);
    told = [];
    await invalidate(booted.deps, [...hundred, 'article:100']);
    expect(told).toEqual([[ALL]]);
  });
});
