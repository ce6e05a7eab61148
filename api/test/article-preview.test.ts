import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { type Agent, dbTargets, signUp, signUpAdmin, testApp } from './helpers';

/**
 * /admin/preview/{id}: an admin sees a draft or scheduled article rendered as readers will (server
 * render, same page), marked as a preview, noindex and never stored. Everyone else gets a 404 that
 * holds nothing of the draft. Needs `pnpm build`.
 */
describe.each(dbTargets)('article preview on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  let reader: Agent;
  let draftId: number;
  let scheduledId: number;
  const SECRET = 'Unreleased zanzibarian paragraph';
  beforeAll(async () => {
    booted = await testApp(kind, { env: { PUBLIC_CACHE_MS: '1000' } });
    admin = (await signUpAdmin(booted)).agent;
    reader = (await signUp(booted.app)).agent;
    const rows = await booted.deps.db
      .insert(s.articles)
      .values([
        {
          slug: 'secret-draft',
          title: 'Secret draft title',
          excerpt: 'Draft excerpt',
          content: `## Heading\n\n${SECRET}`,
          category: 'home',
          status: 'draft',
        },
        {
          slug: 'later',
          title: 'Scheduled title',
          excerpt: 'Later',
          content: 'Soon',
          category: 'home',
          status: 'scheduled',
          publishedAt: new Date(Date.now() + 86_400_000),
        },
      ])
      .returning({ id: s.articles.id });
    draftId = rows[0]!.id;
    scheduledId = rows[1]!.id;
  });
  afterAll(async () => booted?.close());

  it('admin: 200, the article page with its rendered body, a preview bar, noindex and no-store', async () => {
    const res = await admin.get(`/admin/preview/${draftId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('Preview – not published');
    expect(html).toMatch(/<h1[^>]*>Secret draft title<\/h1>/);
    expect(html).toContain(`<p>${SECRET}</p>`);
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toMatch(/<meta data-seo name="robots" content="noindex, nofollow"/);

    const scheduled = await (await admin.get(`/admin/preview/${scheduledId}`)).text();
    expect(scheduled).toContain('Scheduled title');
    expect(scheduled).toContain('Preview – not published');
  });

  it('anonymous and signed-in readers: 404 with nothing of the draft', async () => {
    for (const who of [undefined, reader]) {
      const res = who
        ? await who.get(`/admin/preview/${draftId}`)
        : await booted.app.request(`/admin/preview/${draftId}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const html = await res.text();
      expect(html).toContain('Article Not Found');
      for (const leak of ['Secret draft title', 'Draft excerpt', 'zanzibarian', 'secret-draft'])
        expect(html).not.toContain(leak);
    }
  });

  it('the preview API itself is admin only and never cached; a missing or bad id is 404 or 400', async () => {
    const api = await admin.get(`/api/admin/content/${draftId}/preview`);
    expect(api.status).toBe(200);
    expect(api.headers.get('cache-control')).toBe('private, no-store');
    expect(((await api.json()) as { contentHtml: string }).contentHtml).toContain(SECRET);
    expect((await reader.get(`/api/admin/content/${draftId}/preview`)).status).toBe(403);
    expect((await booted.app.request(`/api/admin/content/${draftId}/preview`)).status).toBe(401);
    expect((await admin.get('/admin/preview/999999')).status).toBe(404);
    expect((await admin.get('/admin/preview/abc')).status).toBe(404);
  });
});
