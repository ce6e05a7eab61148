import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles } from '../src/db/schema';
import { testApp } from './helpers';

/** An article body as readers get it from GET /api/content/:slug (contentHtml, lib/text/html.ts). */
describe('article body HTML: what the sanitiser lets through', () => {
  let booted: Booted;
  let n = 0;
  beforeAll(async () => {
    booted = await testApp('pglite');
  });
  afterAll(async () => booted?.close());

  async function bodyHtml(content: string): Promise<string> {
    const slug = `body-${n++}`;
    await booted.deps.db
      .insert(articles)
      .values({ slug, title: 'T', excerpt: 'E', content, category: 'wellness', status: 'published' });
    const res = await booted.app.request(`/api/content/${slug}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { contentHtml: string }).contentHtml;
  }
  /** Each <a …> opening tag's attributes, in order. */
  const links = (html: string) =>
    [...html.matchAll(/<a ([^>]*)>/g)].map((m) =>
      Object.fromEntries([...m[1]!.matchAll(/([a-z]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
    );

  it('a protocol-relative image (//evil.example) loses its source; site paths and https stay', async () => {
    const html = await bodyHtml(
      '<p>Look</p><img src="//evil.example/x.png" alt="a"><img src="/demo/a.webp" alt="b"><img src="https://cdn.example/c.png" alt="c">',
    );
    expect(html).not.toContain('evil.example');
    expect(html).toContain('<img src="/demo/a.webp" alt="b" loading="lazy" decoding="async" />');
    expect(html).toContain('<img src="https://cdn.example/c.png" alt="c" loading="lazy" decoding="async" />');
  });

  it('headings h1 and h2 and an http:// image stay in an HTML body', async () => {
    const html = await bodyHtml(
      '<h1>Big</h1><h2>Smaller</h2><p>Old <img src="http://old.example/a.png" alt="a"></p>',
    );
    expect(html).toBe(
      '<h1>Big</h1><h2>Smaller</h2><p>Old <img src="http://old.example/a.png" alt="a" loading="lazy" decoding="async" /></p>',
    );
  });

  it.each([
    ['javascript: link', '<p><a href="javascript:alert(1)">x</a></p>', 'javascript'],
    ['data: image', '<p><img src="data:image/png;base64,AAAA"></p>', 'data:'],
    ['mailto: image', '<p><img src="mailto:a@b.co"></p>', 'mailto'],
    ['ftp: link', '<p><a href="ftp://files.example/x">x</a></p>', 'ftp:'],
    ['vbscript: link', '<p><a href="vbscript:msgbox(1)">x</a></p>', 'vbscript'],
    ['script tag', '<p>Hi</p><script>alert(1)</script>', 'script'],
    ['iframe', '<p>Hi</p><iframe src="https://evil.example"></iframe>', 'iframe'],
    ['style tag', '<p>Hi</p><style>body{display:none}</style>', 'display:none'],
    ['inline handler', '<p onclick="alert(1)">Hi</p><img src="/a.webp" onerror="alert(2)">', 'alert'],
    ['form', '<div><form action="https://evil.example"><input name="p"></form></div>', 'form'],
    ['inline style', '<p style="position:fixed">Hi</p>', 'position'],
  ])('%s is removed', async (_label, input, banned) => {
    expect((await bodyHtml(input)).toLowerCase()).not.toContain(banned);
  });

  it('links open in a new tab with noopener; mailto links stay; http(s) links stay', async () => {
    const html = await bodyHtml(
      '<p><a href="https://shop.example/x" title="Shop" class="evil" target="_self">Shop</a> <a href="mailto:hi@example.com">Mail</a> <a href="http://old.example/">Old</a></p>',
    );
    // HTML bodies keep the article's own styling: no class from the author.
    expect(links(html)).toEqual([
      { href: 'https://shop.example/x', title: 'Shop', target: '_blank', rel: 'noopener noreferrer' },
      { href: 'mailto:hi@example.com', target: '_blank', rel: 'noopener noreferrer' },
      { href: 'http://old.example/', target: '_blank', rel: 'noopener noreferrer' },
    ]);
  });

  it('headings, lists, emphasis and image sizes are kept in HTML bodies', async () => {
    const html = await bodyHtml(
      '<h1>Big</h1><h2>Small</h2><p><strong>b</strong> <em>i</em></p><ul><li>one</li></ul><img src="/uploads/a.webp" width="10" height="20" title="t">',
    );
    expect(html).toBe(
      '<h1>Big</h1><h2>Small</h2><p><strong>b</strong> <em>i</em></p><ul><li>one</li></ul>' +
        '<img src="/uploads/a.webp" width="10" height="20" title="t" loading="lazy" decoding="async" />',
    );
  });

  it.each([
    ['<div>', '<div>Plain *not markdown*</div>'],
    ['<h1>', '<h1>Title</h1> *not markdown*'],
    ['<h2 class>', '<h2 class="x">Title</h2> *not markdown*'],
    ['<P> in capitals', '<P>Para</P> *not markdown*'],
  ])('a body with %s is HTML, not markdown', async (_label, input) => {
    expect(await bodyHtml(input)).toContain('*not markdown*');
  });

  it('anything else is markdown: emphasis, line breaks, and links drawn as buttons', async () => {
    const html = await bodyHtml(
      'Hello **there**\nnext line\n\n[Shop now](https://shop.example/) <pre>x</pre>',
    );
    expect(html).toContain('Hello <strong>there</strong><br />next line');
    expect(links(html)).toEqual([
      {
        href: 'https://shop.example/',
        target: '_blank',
        rel: 'noopener noreferrer',
        class: expect.stringContaining('rounded-full bg-brand-700'),
      },
    ]);
  });

  it('markdown images and links to other schemes are dropped too', async () => {
    const html = await bodyHtml('![x](//evil.example/x.png) [y](javascript:alert(1)) ![ok](/demo/ok.webp)');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('javascript');
    expect(html).toContain('src="/demo/ok.webp"');
  });
});
