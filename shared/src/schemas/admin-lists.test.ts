import { describe, expect, it } from 'vitest';

// Imported this way rather than with an import statement: if zod refuses to build one of these
// schemas (it throws as the module loads), the tests below fail, instead of the file ending with no
// tests at all, which a mutation run reads as passing.
const loaded = await import('./admin-lists').then(
  (mod) => ({ mod, error: undefined }),
  (error: unknown) => ({ mod: undefined, error }),
);
// After a failed import the first test fails, and every other one throws on `m`.
const m = loaded.mod!;

it('every schema builds', () => {
  expect(loaded.error).toBeUndefined();
});

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('admin list queries: search box', () => {
  const lists = [
    ['articles', 'adminArticleListQuery'],
    ['products', 'adminProductListQuery'],
    ['recipes', 'adminRecipeListQuery'],
  ] as const;

  it.each(lists)('%s: the search is trimmed; blank means no search', (_name, key) => {
    const schema = m[key];
    expect(schema.parse({ q: '  rose oil  ' }).q).toBe('rose oil');
    expect(schema.parse({ q: '' }).q).toBeUndefined();
    expect(schema.parse({ q: '   ' }).q).toBeUndefined();
    expect(schema.parse({}).q).toBeUndefined();
  });

  it.each(lists)('%s: at most 200 characters, after trimming', (_name, key) => {
    const schema = m[key];
    expect(schema.parse({ q: 'a'.repeat(200) }).q).toBe('a'.repeat(200));
    expect(schema.parse({ q: ` ${'a'.repeat(200)} ` }).q).toBe('a'.repeat(200));
    expect(schema.parse({ q: 'a' }).q).toBe('a');
    expect(messages(schema.safeParse({ q: 'a'.repeat(201) }))).toEqual([
      'q: Search is at most 200 characters',
    ]);
  });

  it('caps counted search matches at 1000', () => {
    expect(m.ADMIN_SEARCH_COUNT_CAP).toBe(1000);
  });
});

describe('GET /api/admin/content query', () => {
  it('defaults: every status, newest first, 50 from the start', () => {
    expect(m.adminArticleListQuery.parse({})).toEqual({
      status: 'all',
      sort: 'newest',
      limit: 50,
      offset: 0,
    });
  });

  it('reads numbers from the query string', () => {
    expect(
      m.adminArticleListQuery.parse({
        q: 'x',
        status: 'draft',
        category: 'sports',
        origin: 'rss',
        source: ' BBC Sport ',
        sort: 'title',
        limit: '100',
        offset: '1000000',
      }),
    ).toEqual({
      q: 'x',
      status: 'draft',
      category: 'sports',
      origin: 'rss',
      source: 'BBC Sport',
      sort: 'title',
      limit: 100,
      offset: 1_000_000,
    });
  });

  it('limit: 1 to 100, whole numbers', () => {
    expect(m.adminArticleListQuery.parse({ limit: '1' }).limit).toBe(1);
    expect(m.adminArticleListQuery.parse({ limit: '100' }).limit).toBe(100);
    for (const limit of ['0', '101', '1.5', 'abc', '-1']) {
      expect(m.adminArticleListQuery.safeParse({ limit }).success, limit).toBe(false);
    }
  });

  it('offset: 0 to 1,000,000, whole numbers', () => {
    expect(m.adminArticleListQuery.parse({ offset: '0' }).offset).toBe(0);
    expect(m.adminArticleListQuery.parse({ offset: '7' }).offset).toBe(7);
    expect(m.adminArticleListQuery.parse({ offset: '1000000' }).offset).toBe(1_000_000);
    for (const offset of ['-1', '1000001', '2.5', 'x']) {
      expect(m.adminArticleListQuery.safeParse({ offset }).success, offset).toBe(false);
    }
  });

  it('status: draft, scheduled, published or all', () => {
    for (const status of ['draft', 'scheduled', 'published', 'all'] as const) {
      expect(m.adminArticleListQuery.parse({ status }).status).toBe(status);
    }
    for (const status of ['', 'All', 'deleted']) {
      expect(m.adminArticleListQuery.safeParse({ status }).success, status).toBe(false);
    }
  });

  it('category, origin and sort come from their lists', () => {
    expect(m.adminArticleListQuery.parse({ category: 'wellness' }).category).toBe('wellness');
    expect(m.adminArticleListQuery.safeParse({ category: 'news' }).success).toBe(false);
    for (const origin of ['editor', 'rss', 'ai', 'story'] as const) {
      expect(m.adminArticleListQuery.parse({ origin }).origin).toBe(origin);
    }
    expect(m.adminArticleListQuery.safeParse({ origin: 'import' }).success).toBe(false);
    for (const sort of ['newest', 'updated', 'title'] as const) {
      expect(m.adminArticleListQuery.parse({ sort }).sort).toBe(sort);
    }
    expect(m.adminArticleListQuery.safeParse({ sort: 'price-asc' }).success).toBe(false);
  });

  it('source: a feed name of 1 to 120 characters after trimming', () => {
    expect(m.adminArticleListQuery.parse({ source: 'a' }).source).toBe('a');
    expect(m.adminArticleListQuery.parse({ source: 's'.repeat(120) }).source).toBe('s'.repeat(120));
    expect(m.adminArticleListQuery.parse({ source: `  ${'s'.repeat(120)}  ` }).source).toBe('s'.repeat(120));
    expect(m.adminArticleListQuery.safeParse({ source: 's'.repeat(121) }).success).toBe(false);
    expect(m.adminArticleListQuery.safeParse({ source: '' }).success).toBe(false);
    expect(m.adminArticleListQuery.safeParse({ source: '   ' }).success).toBe(false);
  });
});

describe('GET /api/admin/products query', () => {
  it('defaults: newest first, 50 from the start', () => {
    expect(m.adminProductListQuery.parse({})).toEqual({ sort: 'newest', limit: 50, offset: 0 });
  });

  it('filters by category id, stock and broken link', () => {
    expect(
      m.adminProductListQuery.parse({
        categoryId: '12',
        stock: 'out',
        broken: 'true',
        sort: 'clicks',
        offset: '3',
      }),
    ).toEqual({ categoryId: 12, stock: 'out', broken: 'true', sort: 'clicks', limit: 50, offset: 3 });
    expect(m.adminProductListQuery.parse({ stock: 'in', broken: 'false' })).toEqual({
      stock: 'in',
      broken: 'false',
      sort: 'newest',
      limit: 50,
      offset: 0,
    });
    for (const bad of [
      { stock: 'all' },
      { stock: '' },
      { broken: 'yes' },
      { broken: '' },
      { categoryId: '0' },
    ]) {
      expect(m.adminProductListQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('sort: newest, price either way, or clicks', () => {
    for (const sort of ['newest', 'price-asc', 'price-desc', 'clicks'] as const) {
      expect(m.adminProductListQuery.parse({ sort }).sort).toBe(sort);
    }
    expect(m.adminProductListQuery.safeParse({ sort: 'title' }).success).toBe(false);
  });

  it('limit: 1 to 500, more than the articles list', () => {
    expectLimitUpTo500(m.adminProductListQuery);
    expect(m.adminProductListQuery.parse({ offset: '1000000' }).offset).toBe(1_000_000);
    expect(m.adminProductListQuery.safeParse({ offset: '1000001' }).success).toBe(false);
    expect(m.adminProductListQuery.safeParse({ offset: '-1' }).success).toBe(false);
  });
});

describe('GET /api/admin/recipes query', () => {
  it('defaults: newest first, 50 from the start, no WWE filter', () => {
    const r = m.adminRecipeListQuery.parse({});
    expect(r).toEqual({ sort: 'newest', limit: 50, offset: 0 });
    expect(r.wwe).toBeUndefined();
  });

  it('wwe=true or wwe=false becomes a boolean', () => {
    expect(m.adminRecipeListQuery.parse({ wwe: 'true' }).wwe).toBe(true);
    expect(m.adminRecipeListQuery.parse({ wwe: 'false' }).wwe).toBe(false);
    for (const wwe of ['', 'yes', 'TRUE', '1']) {
      expect(m.adminRecipeListQuery.safeParse({ wwe }).success, wwe).toBe(false);
    }
  });

  it('cuisine, difficulty and sort come from their lists', () => {
    expect(m.adminRecipeListQuery.parse({ cuisine: 'indian', difficulty: 'hard', sort: 'title' })).toEqual({
      cuisine: 'indian',
      difficulty: 'hard',
      sort: 'title',
      limit: 50,
      offset: 0,
    });
    expect(m.adminRecipeListQuery.safeParse({ cuisine: 'french' }).success).toBe(false);
    expect(m.adminRecipeListQuery.safeParse({ difficulty: 'expert' }).success).toBe(false);
    expect(m.adminRecipeListQuery.safeParse({ sort: 'updated' }).success).toBe(false);
  });

  it('limit: 1 to 500', () => expectLimitUpTo500(m.adminRecipeListQuery));
});

describe('the Articles filter a bulk action is sent with', () => {
  it('is the list query without sort and page', () => {
    expect(m.adminArticleFilter.parse({})).toEqual({ status: 'all' });
    expect(
      m.adminArticleFilter.parse({
        q: ' tea ',
        status: 'draft',
        sort: 'title',
        limit: '5',
        offset: '10',
        origin: 'ai',
      }),
    ).toEqual({ q: 'tea', status: 'draft', origin: 'ai' });
    // Sort and page are dropped, not checked.
    expect(m.adminArticleFilter.parse({ sort: 'nonsense', limit: '0', offset: '-1' })).toEqual({
      status: 'all',
    });
  });
});

describe('POST /api/admin/content/bulk', () => {
  it('lists the actions', () => {
    expect(m.BULK_ACTIONS).toEqual(['publish', 'unpublish', 'category', 'delete']);
    expect(m.BULK_FILTER_MAX).toBe(10_000);
  });

  it.each(['publish', 'unpublish', 'delete'] as const)('%s the selected rows', (action) => {
    expect(m.articleBulkInput.parse({ action, ids: [3, 1] })).toEqual({ action, ids: [3, 1] });
  });

  it('category needs a category from the list', () => {
    expect(m.articleBulkInput.parse({ action: 'category', category: 'sports', ids: [1] })).toEqual({
      action: 'category',
      category: 'sports',
      ids: [1],
    });
    expect(m.articleBulkInput.safeParse({ action: 'category', ids: [1] }).success).toBe(false);
    expect(m.articleBulkInput.safeParse({ action: 'category', category: 'news', ids: [1] }).success).toBe(
      false,
    );
  });

  it('refuses an unknown or missing action', () => {
    expect(m.articleBulkInput.safeParse({ action: 'archive', ids: [1] }).success).toBe(false);
    expect(m.articleBulkInput.safeParse({ action: '', ids: [1] }).success).toBe(false);
    expect(m.articleBulkInput.safeParse({ ids: [1] }).success).toBe(false);
  });

  it('ids: 1 to 1000 database ids', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(m.articleBulkInput.parse({ action: 'delete', ids }).ids).toEqual(ids);
    expect(m.articleBulkInput.parse({ action: 'delete', ids: [2_147_483_647] }).ids).toEqual([2_147_483_647]);
    for (const bad of [[], [...ids, 1001], [0], [-1], [1.5], [2_147_483_648], ['1']]) {
      expect(m.articleBulkInput.safeParse({ action: 'delete', ids: bad }).success, String(bad.length)).toBe(
        false,
      );
    }
  });

  it('or every match of a filter, with the count the editor confirmed', () => {
    expect(
      m.articleBulkInput.parse({
        action: 'publish',
        filter: { q: 'tea', status: 'draft', sort: 'title' },
        expected: 1,
      }),
    ).toEqual({ action: 'publish', filter: { q: 'tea', status: 'draft' }, expected: 1 });
    expect(m.articleBulkInput.parse({ action: 'delete', filter: {}, expected: 10_000 })).toEqual({
      action: 'delete',
      filter: { status: 'all' },
      expected: 10_000,
    });
    for (const expected of [0, 10_001, 2.5, '3']) {
      expect(
        m.articleBulkInput.safeParse({ action: 'delete', filter: {}, expected }).success,
        String(expected),
      ).toBe(false);
    }
    expect(m.articleBulkInput.safeParse({ action: 'delete', filter: {} }).success).toBe(false);
    expect(
      m.articleBulkInput.safeParse({ action: 'delete', filter: { status: 'gone' }, expected: 1 }).success,
    ).toBe(false);
  });

  it('exactly one of ids and filter', () => {
    expect(m.articleBulkInput.safeParse({ action: 'delete' }).success).toBe(false);
    expect(
      m.articleBulkInput.safeParse({ action: 'delete', ids: [1], filter: {}, expected: 1 }).success,
    ).toBe(false);
    expect(m.articleBulkInput.safeParse({ action: 'delete', ids: [1], expected: 1 }).success).toBe(false);
    expect(m.articleBulkInput.safeParse({ action: 'delete', ids: [1], filter: {} }).success).toBe(false);
  });
});

/** The product and recipe lists take 1 to 500 rows a page, whole numbers only. */
function expectLimitUpTo500(schema: {
  parse(v: unknown): { limit: number };
  safeParse(v: unknown): { success: boolean };
}) {
  expect(schema.parse({ limit: '1' }).limit).toBe(1);
  expect(schema.parse({ limit: '500' }).limit).toBe(500);
  for (const limit of ['0', '501', '2.5']) expect(schema.safeParse({ limit }).success, limit).toBe(false);
}

describe('admin article list: "Mine only" and the cursor', () => {
  it('"mine" is true, false or absent, from the query string', () => {
    expect(m.adminArticleListQuery.parse({ mine: 'true' }).mine).toBe(true);
    expect(m.adminArticleListQuery.parse({ mine: 'false' }).mine).toBe(false);
    expect(m.adminArticleListQuery.parse({}).mine).toBeUndefined();
    expect(messages(m.adminArticleListQuery.safeParse({ mine: 'yes' }))).toEqual([
      'mine: mine must be true or false',
    ]);
  });

  it('a cursor with an offset, or a date sort\'s cursor that holds no instant, is refused on "cursor"', async () => {
    const { encodeCursor } = await import('./cursor');
    const dated = encodeCursor({ k: '2026-01-31T08:00:00.123456Z', id: 7 });
    const titled = encodeCursor({ k: 'Rose oil', id: 7 });
    expect(m.adminArticleListQuery.parse({ cursor: dated }).cursor).toEqual({
      k: '2026-01-31T08:00:00.123456Z',
      id: 7,
    });
    expect(m.adminArticleListQuery.parse({ cursor: titled, sort: 'title' }).cursor).toEqual({
      k: 'Rose oil',
      id: 7,
    });
    expect(messages(m.adminArticleListQuery.safeParse({ cursor: dated, offset: '50' }))).toEqual([
      'cursor: Send cursor or offset, not both',
    ]);
    expect(messages(m.adminArticleListQuery.safeParse({ cursor: titled }))).toEqual([
      'cursor: Not a valid cursor',
    ]);
  });
});
