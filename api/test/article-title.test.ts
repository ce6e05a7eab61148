import { readFileSync } from 'node:fs';
import { withoutRepeatedTitle } from '@site/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';

/** The data migration's statements, run again over rows written the old way. */
const migration = readFileSync(new URL('../drizzle/0014_article_title_once.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter(Boolean);

/** Bodies as the old writers stored them: the rule must drop exactly the repeated titles. */
const corpus: { title: string; content: string }[] = [
  {
    title: 'Sleep Hygiene for Busy Minds: A Gentle Reset',
    content: '# Sleep Hygiene for Busy Minds\n\nMost of us know.',
  },
  {
    title: 'Colour Analysis Without the Jargon',
    content: '# Colour Analysis Without the Jargon\n\n## Seasons\nText',
  },
  {
    title: 'Reader Stories: What Our 30-Day Hydration Challenge Taught Us',
    content: '# What Our 30-Day Hydration Challenge Taught Us\n\nWe asked.',
  },
  { title: 'Tea & Toast', content: '<h1 class="t">Tea &amp; <em>Toast</em></h1>\n<p>Warm.</p><h1>Tea</h1>' },
  { title: 'Walking Tours', content: '# Walk\n\nNot the title: a different word.' },
  { title: 'Sleep Better', content: 'Intro first.\n\n# Sleep Better' },
  { title: 'Sleep Better', content: '## Sleep Better\n\nA section, not the title.' },
  { title: 'Plain', content: '<p>No heading at all.</p>' },
];

describe.each(dbTargets)('an article shows its title once (issue 26) on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  beforeAll(async () => {
    booted = await testApp(kind);
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  it('a body saved with a leading "# Title" is stored and shown without it; the page has one <h1>', async () => {
    const res = await admin.post('/api/content', {
      title: 'Batch Cooking Sunday: A Week of Lunches',
      excerpt: 'Two hours, five lunches',
      content: '# Batch Cooking Sunday\n\nStart with the oven.\n\n## Shopping\nA list.',
      category: 'nutrition',
    });
    expect(res.status).toBe(201);
    const saved = (await res.json()) as { id: number; slug: string; content: string };
    expect(saved.content).toBe('Start with the oven.\n\n## Shopping\nA list.');
    const page = (await (await booted.app.request(`/api/content/${saved.slug}`)).json()) as {
      contentHtml: string;
    };
    expect(page.contentHtml).not.toMatch(/<h1/);
    expect(page.contentHtml).toMatch(/<h2[^>]*>Shopping<\/h2>/);
    // A save of the same body again keeps it as it is.
    const again = await admin.put(`/api/content/${saved.id}`, {
      title: 'Batch Cooking Sunday: A Week of Lunches',
      excerpt: 'Two hours, five lunches',
      content: saved.content,
      category: 'nutrition',
    });
    expect(((await again.json()) as { content: string }).content).toBe(saved.content);
  });

  it('migration 0014 applies the same rule to stored rows, empties their stale HTML, and drops the duplicate story tag', async () => {
    const db = booted.deps.db;
    const rows = await db
      .insert(s.articles)
      .values(
        corpus.map((c, i) => ({
          ...c,
          slug: `old-${i}`,
          excerpt: 'E',
          category: 'wellness',
          publishedAt: new Date(),
          contentHtml: '<h1>stale</h1>',
          contentHtmlRev: 1,
        })),
      )
      .returning({ id: s.articles.id });
    const [story] = await db
      .insert(s.articles)
      .values({
        slug: 'story-draft',
        title: 'My walks',
        excerpt: 'E',
        content: 'Walking.',
        category: 'community',
        status: 'draft',
        origin: 'story',
        tags: ['reader story', 'walking'],
      })
      .returning({ id: s.articles.id });
    for (const statement of migration) await db.execute(sql.raw(statement));

    const after = await db
      .select()
      .from(s.articles)
      .where(
        inArray(
          s.articles.id,
          rows.map((r) => r.id),
        ),
      );
    for (const [i, c] of corpus.entries()) {
      const row = after.find((r) => r.id === rows[i]!.id)!;
      // SQL and the writers' rule agree, case by case.
      expect(row.content, c.content).toBe(withoutRepeatedTitle(c.title, c.content));
      // A changed body's stored HTML is emptied (rendered again on read); the others keep theirs.
      expect(row.contentHtml, c.content).toBe(row.content === c.content ? '<h1>stale</h1>' : null);
    }
    expect(
      after.filter((r) => r.content !== corpus[rows.findIndex((x) => x.id === r.id)]!.content),
    ).toHaveLength(4);
    const shown = (await (await booted.app.request('/api/content/old-0')).json()) as { contentHtml: string };
    expect(shown.contentHtml).not.toMatch(/<h1/);
    const [tagged] = await db.select().from(s.articles).where(eq(s.articles.id, story!.id));
    expect(tagged?.tags).toEqual(['walking']);
  });
});

describe('the demo content shows each title once', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite', { seed: true });
  });
  afterAll(async () => booted?.close());

  it('no seeded article body opens with a heading-1 (14 of 25 did)', async () => {
    const rows = await booted.deps.db
      .select({ title: s.articles.title, content: s.articles.content })
      .from(s.articles);
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) expect(r.content, r.title).not.toMatch(/^\s*(#[ \t]|<h1[\s>])/i);
  });
});
