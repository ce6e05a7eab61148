import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { articleBodyHtml } from '../src/lib/text/html';
import { BODY_HTML_REV, startBodyHtmlBackfill, storeMissingBodyHtml } from '../src/routes/content/body-html';
import { type Agent, capturedLogger, dbTargets, signUpAdmin, testApp } from './helpers';

type Json = Record<string, unknown>;

/**
 * An article's body is rendered (markdown, sanitiser) when it is written and stored beside it;
 * readers get the stored HTML, so an uncached read does no rendering. It must never be stale: a
 * body changed without its HTML (any writer, a hand-run UPDATE) or an HTML made by an older
 * renderer is rendered again on read, and the background job stores it.
 */
describe('the renderer revision', () => {
  // A fixed corpus touching every rule of lib/text/html.ts: markdown (headings, emphasis, lists, code,
  // line breaks, links as buttons, images) and HTML bodies (allowed and removed tags, attributes,
  // schemes, protocol-relative sources, mailto).
  const CORPUS = [
    '# Title\n\n## Part\n\nSome **bold**, _em_ and `code`.\nA line break.\n\n- one\n- two\n\n1. first',
    '[Shop now](https://example.com/buy "Buy") and ![alt](/demo/x.webp) and <script>alert(1)</script>',
    '> quote\n\n```\nblock\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    '<p>Para <a href="https://example.com" class="x" onclick="y">link</a> <a href="mailto:a@b.c">mail</a></p>',
    '<h1>H1</h1><h2>H2</h2><div style="color:red"><img src="//evil.example/x.png"><img src="https://ok.example/y.png" width="2" onerror="z"></div>',
    '<p><a href="javascript:alert(1)">bad</a><iframe src="https://e.example"></iframe><b>kept</b></p>',
    // Images only of other sites or this site's uploads (issue 27): not its routes.
    '![out](/api/logout) ![go](/go/1) ![up](/uploads/a.webp) ![q](/uploads/a.webp?x) <img src="/api/logout">',
    // Nor this server by another name, nor a private network (issue 40 §11).
    '![lo](http://localhost:5173/api/logout) ![v6](http://[::1]:3000/x.png) ![lan](http://192.168.1.1/x.png)',
  ];
  // sha256 of the corpus's rendering, per BODY_HTML_REV. A change to lib/text/html.ts (or to marked or
  // sanitize-html) that changes its output fails here: bump BODY_HTML_REV, so stored bodies are
  // rendered again, and add the digest it prints.
  const DIGESTS: Record<number, string> = {
    1: '6cdb93d1e1a25819d99beb4f4fed11f80a9d5d73a3c97cc4cce15d85df7a11e1',
    2: 'ecf61c62f05210eaf067b2e722c9ecfd88b53bc652b3310546074f34f59143e1',
    // Issue 40 §11: this server's other names and private networks dropped (a line added to the corpus).
    3: '47ae23e6868d0d9117c633102c9e0d9145f6fdf8fdc6b9484ba5369b9fc76b3c',
  };
  it('is bumped whenever the rendering of bodies changes', () => {
    const rendered = CORPUS.map((body) => articleBodyHtml(body)).join('\n\u0000\n');
    const digest = createHash('sha256').update(rendered).digest('hex');
    expect(
      digest,
      `lib/text/html.ts renders bodies differently: bump BODY_HTML_REV in routes/content/body-html.ts and record ${digest}`,
    ).toBe(DIGESTS[BODY_HTML_REV]);
  });
});

describe.each(dbTargets)('stored article bodies on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  const stored = async (id: number) => {
    const [row] = await booted.deps.db
      .select({ html: s.articles.contentHtml, rev: s.articles.contentHtmlRev })
      .from(s.articles)
      .where(eq(s.articles.id, id));
    return row!;
  };
  const read = async (slug: string) => {
    const res = await booted.app.request(`/api/content/${slug}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Json;
  };
  beforeAll(async () => {
    booted = await testApp(kind, { seed: true });
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  it('the seed, an editor creating and an editor saving store the rendering; readers get it', async () => {
    const [seeded] = await booted.deps.db
      .select({
        missing: sql<number>`count(*) filter (where content_html is null or content_html_rev <> ${BODY_HTML_REV})::int`,
      })
      .from(s.articles);
    expect(seeded!.missing).toBe(0);

    const created = await admin.post('/api/content', {
      title: 'Stored body',
      excerpt: 'E',
      content: '## First\n\nSome **bold** words.',
      category: 'home',
      status: 'published',
    });
    expect(created.status).toBe(201);
    const a = (await created.json()) as Json;
    expect(await stored(a.id as number)).toEqual({
      html: '<h2>First</h2>\n<p>Some <strong>bold</strong> words.</p>\n',
      rev: BODY_HTML_REV,
    });
    expect((await read(a.slug as string)).contentHtml).toBe(
      '<h2>First</h2>\n<p>Some <strong>bold</strong> words.</p>\n',
    );

    const saved = await admin.put(`/api/content/${a.id}`, {
      title: 'Stored body',
      excerpt: 'E',
      content: 'Second [link](https://example.com/x)',
      category: 'home',
      status: 'published',
      updatedAt: a.updatedAt,
    });
    expect(saved.status).toBe(200);
    const after = await stored(a.id as number);
    expect(after.html).toBe(articleBodyHtml('Second [link](https://example.com/x)'));
    expect(after.html).toContain('href="https://example.com/x"');
    expect(after.rev).toBe(BODY_HTML_REV);
    // The public read shows the new body (the save cleared the cached answer).
    expect((await read(a.slug as string)).contentHtml).toBe(after.html);
    // The stored column is the readers' alone: neither the article's JSON nor an admin's shows it twice.
    expect(Object.keys(await read(a.slug as string))).not.toContain('contentHtmlRev');
    const preview = (await (await admin.get(`/api/admin/content/${a.id}/preview`)).json()) as Json;
    expect(preview.contentHtml).toBe(after.html);
    expect(Object.keys(preview)).not.toContain('contentHtmlRev');
    const edited = (await (await admin.get(`/api/admin/content/${a.id}`)).json()) as Json;
    expect(edited.content).toBe('Second [link](https://example.com/x)');
    expect(Object.keys(edited)).not.toContain('contentHtml');
    expect(Object.keys(edited)).not.toContain('contentHtmlRev');
  });

  it('readers are served the stored rendering, not a new one', async () => {
    const [row] = await booted.deps.db
      .insert(s.articles)
      .values({
        slug: 'served-as-stored',
        title: 'T',
        excerpt: 'E',
        content: 'Plain text',
        category: 'home',
        contentHtml: '<p>made on write</p>',
        contentHtmlRev: BODY_HTML_REV,
      })
      .returning({ id: s.articles.id });
    expect(row).toBeDefined();
    expect((await read('served-as-stored')).contentHtml).toBe('<p>made on write</p>');
  });

  it('a body changed without its rendering (a hand-run UPDATE) is never served stale', async () => {
    const [row] = await booted.deps.db
      .insert(s.articles)
      .values({
        slug: 'hand-edited',
        title: 'T',
        excerpt: 'E',
        content: 'Old words',
        category: 'home',
        contentHtml: '<p>Old words</p>',
        contentHtmlRev: BODY_HTML_REV,
      })
      .returning({ id: s.articles.id });
    // Another column alone keeps the stored rendering.
    await booted.deps.db.execute(sql`update articles set title = 'Retitled' where id = ${row!.id}`);
    expect(await stored(row!.id)).toEqual({ html: '<p>Old words</p>', rev: BODY_HTML_REV });
    await booted.deps.db.execute(sql`update articles set content = 'New *words*' where id = ${row!.id}`);
    expect(await stored(row!.id)).toEqual({ html: null, rev: null });
    expect((await read('hand-edited')).contentHtml).toBe(articleBodyHtml('New *words*'));
    // A writer that stores the body and its rendering together keeps both.
    await booted.deps.db.execute(
      sql`update articles set content = 'Third', content_html = '<p>Third</p>', content_html_rev = ${BODY_HTML_REV} where id = ${row!.id}`,
    );
    expect(await stored(row!.id)).toEqual({ html: '<p>Third</p>', rev: BODY_HTML_REV });
  });

  it('a rendering by another renderer revision is rendered again on read', async () => {
    await booted.deps.db.insert(s.articles).values({
      slug: 'old-renderer',
      title: 'T',
      excerpt: 'E',
      content: 'Fresh **render**',
      category: 'home',
      contentHtml: '<p>from an older renderer</p>',
      contentHtmlRev: BODY_HTML_REV - 1,
    });
    expect((await read('old-renderer')).contentHtml).toBe(articleBodyHtml('Fresh **render**'));
  });

  it('the background job stores every missing or outdated rendering, in batches, and only those', async () => {
    const bodies = ['One *a*', 'Two _b_', 'Three `c`', '<p>Four <script>x</script></p>', 'Five'];
    const ids = (
      await booted.deps.db
        .insert(s.articles)
        .values(
          bodies.map((content, i) => ({
            slug: `backfill-${i}`,
            title: 'T',
            excerpt: 'E',
            content,
            category: 'home',
          })),
        )
        .returning({ id: s.articles.id })
    ).map((r) => r.id);
    await booted.deps.db
      .update(s.articles)
      .set({ contentHtml: '<p>old</p>', contentHtmlRev: BODY_HTML_REV - 1 })
      .where(eq(s.articles.id, ids[4]!));
    const keep = await stored(
      (
        await booted.deps.db
          .select({ id: s.articles.id })
          .from(s.articles)
          .where(eq(s.articles.slug, 'served-as-stored'))
      )[0]!.id,
    );

    // Every article of the earlier tests already has this revision but 'old-renderer'.
    const count = await storeMissingBodyHtml(booted.deps, { batch: 2 });
    expect(count).toBe(bodies.length + 1);
    for (const [i, id] of ids.entries()) {
      expect(await stored(id)).toEqual({ html: articleBodyHtml(bodies[i]!), rev: BODY_HTML_REV });
    }
    expect((await stored(ids[3]!)).html).not.toContain('script');
    // A stored rendering of this revision is left alone (even one no renderer would make).
    expect(keep).toEqual({ html: '<p>made on write</p>', rev: BODY_HTML_REV });
    expect(await storeMissingBodyHtml(booted.deps)).toBe(0);
  });

  it('does nothing once the server is shutting down; the next start resumes', async () => {
    await booted.deps.db.insert(s.articles).values(
      [1, 2, 3].map((i) => ({
        slug: `late-${i}`,
        title: 'T',
        excerpt: 'E',
        content: `Late ${i}`,
        category: 'home',
      })),
    );
    const deps = { ...booted.deps, lifecycle: { shuttingDown: true } };
    expect(await storeMissingBodyHtml(deps, { batch: 1 })).toBe(0);
    expect(await storeMissingBodyHtml(booted.deps, { batch: 1 })).toBe(3);
  });
});

describe.each(dbTargets)('the start-up job that stores missing bodies on %s', (kind) => {
  it('runs on one instance at a time, stores, vacuums after a big run and says how many', async () => {
    const log = capturedLogger();
    const booted = await testApp(kind, { logger: log.logger });
    try {
      await booted.deps.db.insert(s.articles).values(
        [1, 2, 3].map((i) => ({
          slug: `job-${i}`,
          title: 'T',
          excerpt: 'E',
          content: `Job *${i}*`,
          category: 'home',
        })),
      );
      const stop = await startBodyHtmlBackfill(booted.deps, { vacuumAfter: 3 });
      expect(stop).toBeTypeOf('function');
      // Another instance starting meanwhile finds the job taken.
      expect(await startBodyHtmlBackfill(booted.deps)).toBeUndefined();
      await stop!();
      const rows = await booted.deps.db
        .select({ html: s.articles.contentHtml, rev: s.articles.contentHtmlRev })
        .from(s.articles)
        .where(sql`${s.articles.slug} like 'job-%'`)
        .orderBy(s.articles.slug);
      expect(rows).toEqual(
        [1, 2, 3].map((i) => ({ html: articleBodyHtml(`Job *${i}*`), rev: BODY_HTML_REV })),
      );
      expect(
        log.lines.filter((l) => l.msg === '[content] stored the rendered body of 3 articles'),
      ).toMatchObject([{ level: 30, stored: 3 }]);
      // Done, the lock is free again; with nothing to store it says nothing.
      const again = await startBodyHtmlBackfill(booted.deps);
      await again!();
      expect(log.lines.filter((l) => String(l.msg).startsWith('[content]'))).toHaveLength(1);
    } finally {
      await booted.close();
    }
  });
});
