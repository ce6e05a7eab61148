import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adminKeys, invalidateChanged } from './query-keys';

function clientWith(keys: (readonly unknown[])[]) {
  const qc = new QueryClient();
  for (const k of keys) qc.setQueryData(k, 'cached');
  return qc;
}
const stale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;

describe('admin query keys', () => {
  it('an article write refreshes the Articles tab list (any filters) and the public article reads', async () => {
    const adminList = adminKeys.articles.list({ limit: 50, q: 'spring' });
    const publicKeys = [
      ['/api/content', { limit: 20 }],
      ['/api/content/featured'],
      ['/api/content/search', { q: 'yoga' }],
    ];
    const untouched = [
      adminKeys.products.list({ limit: 50 }),
      ['/api/products', { limit: 300 }],
      adminKeys.rss.status,
    ];
    const qc = clientWith([adminList, ...publicKeys, ...untouched]);
    await invalidateChanged(qc, 'articles');
    expect(stale(qc, adminList)).toBe(true);
    for (const k of publicKeys) expect(stale(qc, k), JSON.stringify(k)).toBe(true);
    for (const k of untouched) expect(stale(qc, k), JSON.stringify(k)).toBe(false);
  });

  it('an RSS run refreshes articles and recipes, not products', async () => {
    const keys = [
      adminKeys.articles.list(),
      adminKeys.recipes.list({ limit: 50 }),
      adminKeys.products.list(),
    ];
    const qc = clientWith(keys);
    await invalidateChanged(qc, 'articles', 'recipes');
    expect(keys.map((k) => stale(qc, k))).toEqual([true, true, false]);
  });

  it('the list key carries every filter, so two searches are two cache entries', () => {
    expect(adminKeys.articles.list({ q: 'a' })).not.toEqual(adminKeys.articles.list({ q: 'b' }));
    expect(adminKeys.articles.list({ q: 'a' })[0]).toBe(adminKeys.articles.all[0]);
  });
});
