import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles } from '../src/db/schema';
import { dbTargets, signUp, testApp } from './helpers';

/** Server rendering: the raw HTML (no JavaScript) holds the content, head tags and status. Needs `pnpm build`. */
describe.each(dbTargets)('server-rendered public pages on %s', (kind) => {
  let booted: Booted;
  let first: typeof articles.$inferSelect;
  beforeAll(async () => {
    booted = await testApp(kind, {
      seed: true,
      env: { BRAND_NAME: 'Test Brand', SITE_URL: 'https://example.test' },
    });
    const rows = await booted.deps.db
      .select()
      .from(articles)
      .where(eq(articles.slug, 'ten-minute-morning-rituals-that-stick'));
    first = rows[0] as typeof first;
  }, 120_000);
  afterAll(async () => booted?.close());

  const page = async (path: string) => {
    const res = await booted.app.request(path);
    return { status: res.status, html: await res.text(), type: res.headers.get('content-type') };
  };
  const meta = (html: string, attr: string, name: string) =>
    html.match(new RegExp(`<meta data-seo ${attr}="${name}" content="([^"]*)"`))?.[1];
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script data-seo type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
    );
  const state = (html: string) =>
    html.match(/<script type="application\/json" id="ssr-state">(.*?)<\/script>/s)?.[1] ?? '';

  it('home: title with brand suffix, head tags, WebSite + Organization JSON-LD, featured and challenges in the HTML', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(html).toContain('<title data-seo>Home - Your Empowering Lifestyle Hub | Test Brand</title>');
    expect(meta(html, 'name', 'description')).toBeTruthy();
    expect(meta(html, 'name', 'keywords')).toContain('wellness');
    expect(meta(html, 'name', 'robots')).toBe('index, follow');
    expect(meta(html, 'property', 'og:image')).toMatch(/^https:\/\/example\.test\//);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain('<link data-seo rel="canonical" href="https://example.test/">');
    expect(html).toContain('type="application/rss+xml"');
    expect(jsonLd(html).map((j) => j['@type'])).toEqual(['WebSite', 'Organization']);
    for (const text of [
      'Featured Content',
      'Explore Your Interests',
      'Join the Challenge',
      'Share Your Story',
      'Get In Touch',
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain('href="/content/ten-minute-morning-rituals-that-stick"');
    expect(html).toContain('30-Day Hydration Challenge');
    expect(html).toMatch(/href="\/challenges\/\d+"/);
    // Chrome: footer labels, disclosure, copyright.
    expect(html).toContain('Terms &amp; Conditions');
    expect(html).toContain('affiliate links');
    expect(html).toContain('© <!-- -->2025');
    // Data handed to react-query so the browser does not fetch again.
    expect(state(html)).toContain('/api/content/featured');
  });

  it('/news: Latest News, filter buttons with counts and the first 20 articles', async () => {
    const { status, html } = await page('/news');
    expect(status).toBe(200);
    expect(html).toContain('<title data-seo>Latest News | Test Brand</title>');
    expect(html).toContain('placeholder="Search articles..."');
    expect(html).toMatch(/Wellness<span[^>]*>\(<!-- -->\d+<!-- -->\)/);
    expect(html).toContain('Load More Articles');
    expect(state(html)).toContain('/api/content/counts');
  });

  it('/wellness: the category name as title and only that category', async () => {
    const { status, html } = await page('/wellness');
    expect(status).toBe(200);
    expect(html).toContain('<title data-seo>Wellness &amp; Self-Care | Test Brand</title>');
    expect(html).toContain(
      '<h1 class="font-serif text-4xl font-bold text-stone-900">Wellness &amp; Self-Care</h1>',
    );
    expect(html).toContain('Ten-Minute Morning Rituals');
    expect(html).not.toContain('Style &amp; Fashion</span>');
  });

  it('/news?q=: Search Results for the term, rendered on the server', async () => {
    const { html } = await page('/news?q=morning');
    expect(html).toContain('Search Results for &quot;morning&quot;');
    expect(html).toContain('Ten-Minute Morning Rituals');
    expect(meta(html, 'name', 'robots')).toBe('noindex, nofollow');
  });

  it('article by slug: content, sanitised body, Article + BreadcrumbList JSON-LD with absolute image', async () => {
    const { status, html } = await page('/content/ten-minute-morning-rituals-that-stick');
    expect(status).toBe(200);
    expect(html).toContain(
      '<title data-seo>Ten-Minute Morning Rituals That Actually Stick | Test Brand</title>',
    );
    expect(html).toContain('Why small beats impressive');
    expect(html).toContain('← Back to Home');
    expect(html).toContain('Copy Link');
    expect(html).toContain('href="https://example.test/content/ten-minute-morning-rituals-that-stick"');
    expect(meta(html, 'property', 'og:type')).toBe('article');
    const ld = jsonLd(html);
    expect(ld.map((j) => j['@type'])).toEqual(['Article', 'BreadcrumbList']);
    const art = ld[0] as Record<string, unknown>;
    expect(art.headline).toBe('Ten-Minute Morning Rituals That Actually Stick');
    expect(art.image).toEqual(['https://example.test/demo/article-wellness-1.webp']);
    for (const k of ['datePublished', 'dateModified', 'author', 'publisher']) expect(art[k], k).toBeTruthy();
    // Related Articles are fetched on the server too (second prefetch pass), so they are in the HTML.
    expect(html).toContain('Related Articles');
    expect(state(html)).toContain(`"queryKey":["/api/content/${first.id}/related"]`);
  });

  it('article by numeric id renders the same article with the slug as canonical', async () => {
    const { status, html } = await page(`/content/${first.id}`);
    expect(status).toBe(200);
    expect(html).toContain('Ten-Minute Morning Rituals That Actually Stick');
    expect(html).toContain(
      '<link data-seo rel="canonical" href="https://example.test/content/ten-minute-morning-rituals-that-stick">',
    );
    expect((await page(`/article/${first.id}`)).status).toBe(200);
  });

  it('a missing or draft article answers 404 with "Article Not Found" and Back to Home', async () => {
    const { status, html } = await page('/content/no-such-article');
    expect(status).toBe(404);
    expect(html).toContain('Article Not Found');
    expect(html).toContain('Back to Home');
    expect(meta(html, 'name', 'robots')).toBe('noindex, nofollow');
    const [draft] = await booted.deps.db.select().from(articles).where(eq(articles.status, 'draft')).limit(1);
    expect((await page(`/content/${draft?.slug}`)).status).toBe(404);
  });

  it('signed in, a missing product or recipe answers 404 with its not-found screen (like a missing article)', async () => {
    const { agent } = await signUp(booted.app, {}, booted.deps.env.SITE_URL);
    const product = await agent.get('/product/999999');
    expect(product.status).toBe(404);
    expect(await product.text()).toContain('Product Not Available');
    const recipe = await agent.get('/recipe/999999');
    expect(recipe.status).toBe(404);
    expect(await recipe.text()).toContain('Recipe not found');
    // An existing one still answers 200.
    expect((await agent.get('/recipe/1')).status).toBe(200);
  });

  it('an unknown path answers 404 with "404 Page Not Found"', async () => {
    const { status, html } = await page('/no/such/page');
    expect(status).toBe(404);
    expect(html).toContain('404 Page Not Found');
    expect(html).toContain('The page you&#x27;re looking for doesn&#x27;t exist.');
    expect((await page('/news/not-a-category')).status).toBe(404);
  });

  it('legal pages state the spec facts: 30 days, age 13, 30 days notice', async () => {
    const privacy = (await page('/privacy')).html;
    expect(privacy).toContain('<title data-seo>Privacy Policy | Test Brand</title>');
    expect(privacy).toContain('within 30 days');
    expect(privacy).toContain('under the age of 13');
    expect((await page('/terms')).html).toContain('at least 30 days notice');
    expect((await page('/cookie-policy')).status).toBe(200);
  });

  it('challenge page and story form are real pages', async () => {
    const home = (await page('/')).html;
    const id = home.match(/href="\/challenges\/(\d+)"/)?.[1];
    const ch = await page(`/challenges/${id}`);
    expect(ch.status).toBe(200);
    expect(ch.html).toContain('participants');
    expect((await page('/challenges/999999')).status).toBe(404);
    const story = await page('/community/submit-story');
    expect(story.status).toBe(200);
    expect(story.html).toContain('Share Your Story');
  });

  it('long card grids reach the browser as one hydration slice per card (keeps blocking time down)', async () => {
    // A completed Suspense boundary is written as <!--$-->…<!--/$-->; React hydrates each as its own task.
    const slices = (html: string) => html.split('<!--$-->').length - 1;
    const shop = (await page('/shop')).html;
    const products = Number(shop.match(/Showing (\d+) products/)?.[1]);
    expect(products).toBeGreaterThan(20);
    expect(slices(shop)).toBeGreaterThanOrEqual(products);
    const recipes = (await page('/recipes')).html;
    const found = Number(recipes.match(/Found (\d+) recipe\(s\)/)?.[1]);
    expect(found).toBeGreaterThan(10);
    expect(slices(recipes)).toBeGreaterThanOrEqual(found);
    expect(slices((await page('/news')).html)).toBeGreaterThanOrEqual(20);
    expect(slices((await page('/')).html)).toBeGreaterThanOrEqual(3);
  });
});
