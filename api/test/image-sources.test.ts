import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles, storySubmissions } from '../src/db/schema';
import { allowedImageSrc, articleBodyHtml } from '../src/lib/text/html';
import { runRssNow } from '../src/rss/run';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';

/**
 * Issue 27 §1: markdown in someone else's text (a feed item without <p>, a reader's story) once
 * rendered `![x](/api/logout)` as <img src="/api/logout">, so every reader who opened the article
 * sent that GET. Images there may point only at other sites' http(s) addresses or at this site's
 * uploads; anything else is dropped when the body is rendered.
 */
const SITE = 'http://localhost:3000';
const HOSTILE_IMAGES = [
  '![out](/api/logout)',
  '![click](/go/1)',
  `![abs](${SITE}/api/logout)`,
  `![absgo](${SITE}/go/1?from=%2F)`,
  '![dots](/uploads/../api/logout)',
  '![query](/uploads/a.webp?then=/api/logout)',
  '![proto](//localhost:3000/api/logout)',
  '![js](javascript:alert(1))',
  '![data](data:image/png;base64,AAAA)',
  '<img src="/api/logout">',
  `<img src="${SITE}/api/admin/rss/process">`,
];
const FINE_IMAGES = ['![theirs](https://images.example/a.jpg)', '![ours](/uploads/abc.webp)'];

/** Every image address in a piece of HTML. */
const srcs = (html: string) => [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]);

describe('which image addresses third-party text may use', () => {
  it.each([
    ['https://images.example/a.jpg', true],
    ['http://images.example/a.jpg', true],
    ['/uploads/abc.webp', true],
    [`${SITE}/uploads/abc.webp`, true],
    ['/demo/article-home-1.webp', true],
    ['/api/logout', false],
    ['/go/1', false],
    [`${SITE}/api/logout`, false],
    ['/uploads/../api/logout', false],
    ['/uploads/a.webp?x=1', false],
    ['//localhost:3000/api/logout', false],
    ['/\\evil.example/x.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['https://user:pass@images.example/a.jpg', false],
    ['relative.png', false],
    ['', false],
    // This server by another name (issue 40 §11): another port or scheme of its host, loopback in
    // every spelling, and the machines of a private network.
    ['http://localhost:4173/api/logout', false],
    ['https://localhost:3000/api/logout', false],
    ['http://localhost:3000/api/logout', false],
    ['http://[::1]:3000/api/logout', false],
    ['https://127.0.0.1:3000/api/logout', false],
    ['http://127.1:3000/api/logout', false],
    ['http://2130706433:3000/x.png', false],
    ['http://0x7f.0.0.1/x.png', false],
    ['http://[::ffff:127.0.0.1]:3000/x.png', false],
    ['http://0.0.0.0:3000/x.png', false],
    ['http://admin.localhost/x.png', false],
    ['http://LOCALHOST./x.png', false],
    ['http://192.168.1.1/cgi-bin/reboot', false],
    ['http://10.0.0.8/x.png', false],
    ['http://169.254.169.254/latest/meta-data', false],
    ['http://[fd00::1]/x.png', false],
    ['http://172.20.0.1/x.png', false],
    ['http://172.32.0.1/x.png', true],
    ['http://127.example/x.png', true],
  ])('%s → %s', (src, ok) => {
    expect(allowedImageSrc(src, SITE)).toBe(ok);
  });

  it('an https site drops plain-http pictures and pictures on its own host by any other port or scheme', () => {
    const site = 'https://bloom.example';
    expect(allowedImageSrc('https://images.example/a.jpg', site)).toBe(true);
    expect(allowedImageSrc('http://images.example/a.jpg', site)).toBe(false);
    expect(allowedImageSrc('https://bloom.example/uploads/a.webp', site)).toBe(true);
    expect(allowedImageSrc('https://bloom.example:8443/uploads/a.webp', site)).toBe(false);
    expect(allowedImageSrc('http://bloom.example/uploads/a.webp', site)).toBe(false);
    expect(allowedImageSrc('https://127.0.0.1/uploads/a.webp', site)).toBe(false);
    const body = articleBodyHtml(
      '<p><img src="https://127.0.0.1:3000/api/logout"><img src="http://[::1]:3000/api/logout"><img src="http://localhost:3000/api/logout"><img src="http://images.example/p.jpg"><img src="https://images.example/q.jpg"></p>',
      site,
    );
    expect(srcs(body)).toEqual(['https://images.example/q.jpg']);
  });

  it('a rendered body keeps only the allowed images, in markdown and in HTML bodies', () => {
    const markdown = articleBodyHtml([...HOSTILE_IMAGES, ...FINE_IMAGES].join('\n\n'), SITE);
    expect(srcs(markdown)).toEqual(['https://images.example/a.jpg', '/uploads/abc.webp']);
    const html = articleBodyHtml(
      `<p>Hi <img src="/api/logout"><img src="${SITE}/go/1"><img src="https://images.example/b.jpg"></p>`,
      SITE,
    );
    expect(srcs(html)).toEqual(['https://images.example/b.jpg']);
  });
});

describe.each(dbTargets)('images in imported and reader-written text on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  let feed: http.Server;
  let feedBase: string;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { RSS_ALLOW_PRIVATE: 'true' } });
    admin = (await signUpAdmin(booted)).agent;
    // One feed item whose text is plain (no <p>): the body is rendered as markdown.
    feed = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      res.end(`<?xml version="1.0"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Tricks</title><link>${feedBase}</link><description>x</description>
<item>
  <title>A quiet trick</title><link>${feedBase}/1</link><guid>${feedBase}/1</guid>
  <description>${escapeXml(`Read on. ${[...HOSTILE_IMAGES, ...FINE_IMAGES].join(' ')}`)}</description>
  <media:content url="${SITE}/api/logout" medium="image" width="1200"/>
</item></channel></rss>`);
    });
    await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
    feedBase = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => feed?.close(r));
    await booted?.close();
  });

  it('an imported feed item: no image of its body or header points at a route of this site', async () => {
    await runRssNow(booted.deps, 'manual', {
      sources: [{ name: 'Tricks', url: `${feedBase}/feed.xml`, category: 'community', makeRecipes: false }],
      limits: { timeoutMs: 2000, maxBytes: 64 * 1024, maxRedirects: 1 },
    });
    const [row] = await booted.deps.db.select().from(articles).where(eq(articles.source, 'Tricks'));
    expect(row?.content).toContain('![out](/api/logout)'); // the text is kept as it came
    expect(srcs(row?.contentHtml ?? '')).toEqual(['https://images.example/a.jpg', '/uploads/abc.webp']);
    expect(row?.imageUrl).toBeNull();
    const read = (await (await booted.app.request(`/api/content/${row?.slug}`)).json()) as {
      contentHtml: string;
    };
    expect(srcs(read.contentHtml)).toEqual(['https://images.example/a.jpg', '/uploads/abc.webp']);
  });

  it('an approved reader story: the draft, its preview and the stored body keep only allowed images', async () => {
    const [story] = await booted.deps.db
      .insert(storySubmissions)
      .values({
        name: 'Reader',
        email: 'r@example.com',
        title: 'My images',
        story: `My story.\n\n${[...HOSTILE_IMAGES, ...FINE_IMAGES].join('\n\n')}`,
      })
      .returning();
    const approved = await admin.post(`/api/admin/stories/${story!.id}/approve`);
    expect(approved.status).toBe(201);
    const { articleId } = (await approved.json()) as { articleId: number };
    const preview = (await (await admin.get(`/api/admin/content/${articleId}/preview`)).json()) as {
      contentHtml: string;
    };
    expect(srcs(preview.contentHtml)).toEqual(['https://images.example/a.jpg', '/uploads/abc.webp']);
    const [row] = await booted.deps.db.select().from(articles).where(eq(articles.id, articleId));
    expect(srcs(row?.contentHtml ?? '')).toEqual(['https://images.example/a.jpg', '/uploads/abc.webp']);
  });
});

function escapeXml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
