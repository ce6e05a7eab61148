import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { dbTargets, testApp } from './helpers';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe.each(dbTargets)('GET /api/content/:identifier/related on %s', (kind) => {
  let booted: Booted;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    booted = await testApp(kind);
    const rows = await booted.deps.db
      .insert(s.articles)
      .values([
        ...[1, 2, 3, 4, 5].map((n) => ({
          slug: `w${n}`,
          title: `Wellness ${n}`,
          excerpt: 'e',
          content: 'c',
          category: 'wellness' as const,
          status: 'published' as const,
          publishedAt: day(n),
        })),
        {
          slug: 'draft',
          title: 'Draft',
          excerpt: 'e',
          content: 'c',
          category: 'wellness' as const,
          status: 'draft' as const,
          publishedAt: day(3),
        },
        {
          slug: 's1',
          title: 'Style 1',
          excerpt: 'e',
          content: 'c',
          category: 'style' as const,
          status: 'published' as const,
          publishedAt: day(3),
        },
      ])
      .returning({ id: s.articles.id, slug: s.articles.slug });
    for (const r of rows) ids[r.slug] = r.id;
  });
  afterAll(async () => booted?.close());

  const related = async (identifier: string | number) => {
    const res = await booted.app.request(`/api/content/${identifier}/related`);
    return {
      status: res.status,
      keys: res.headers.get('surrogate-key') ?? '',
      titles: res.ok ? ((await res.json()) as { title: string }[]).map((a) => a.title) : [],
    };
  };

  it('are the two published just before it in its category, by slug or id; never drafts or other categories', async () => {
    expect((await related('w4')).titles).toEqual(['Wellness 3', 'Wellness 2']);
    expect((await related(ids.w4!)).titles).toEqual(['Wellness 3', 'Wellness 2']);
    expect((await related('w2')).titles).toEqual(['Wellness 1', 'Wellness 3']);
  });

  it('the oldest gets the nearest after it; a lone article gets none', async () => {
    expect((await related('w1')).titles).toEqual(['Wellness 2', 'Wellness 3']);
    expect((await related('s1')).titles).toEqual([]);
    // By id (as the article page asks): the empty answer of a lone article is still a 200.
    const lone = await related(ids.s1!);
    expect([lone.status, lone.titles]).toEqual([200, []]);
  });

  it('do not move when a newer article is published, and name each article they show', async () => {
    await booted.deps.db.insert(s.articles).values({
      slug: 'w6',
      title: 'Wellness 6',
      excerpt: 'e',
      content: 'c',
      category: 'wellness',
      status: 'published',
      publishedAt: day(6),
    });
    const after = await related('w4');
    expect(after.titles).toEqual(['Wellness 3', 'Wellness 2']);
    expect(after.keys.split(' ').sort()).toEqual(
      [`article:${ids.w2}`, `article:${ids.w3}`, `article:${ids.w4}`].sort(),
    );
  });

  it('a missing or unpublished article: 404', async () => {
    expect((await related('no-such-article')).status).toBe(404);
    expect((await related('draft')).status).toBe(404);
    expect((await related(ids.draft!)).status).toBe(404);
    expect((await related(999_999_999)).status).toBe(404);
  });
});
