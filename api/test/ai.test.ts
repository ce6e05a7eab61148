import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles } from '../src/db/schema';
import { reencodeInEncoder } from '../src/pictures/encoder-client';
import { type FakeOpenAI, type ReceivedRequest, startFakeOpenAI } from './ai-fake-openai';
import { manyFrameGif } from './hostile-images';
import { Agent, dbTargets, signUp, signUpAdmin, testApp } from './helpers';

const KEY = 'sk-test-secret-key-1234567890';
const TIMEOUT_MS = 400;

const goodReview = {
  productName: 'Rose Glow Serum',
  rating: 4.4,
  title: 'Rose Glow Serum Review: A Gentle Everyday Glow',
  excerpt: 'A lightweight serum that brightens without irritation.',
  content:
    '<h2>First impressions</h2><p>Silky and light.</p><script>alert(1)</script><p onclick="x()">Worth it.</p>',
};
/** The image review's answer also says whether the model could identify the product. */
const goodImageReview = { identified: true, notIdentifiedReason: '', ...goodReview };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field below
type Body = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Body;

async function pngBytes(color = '#e8a0b4') {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
}

function imageForm(
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; type?: string; name?: string },
) {
  const form = new FormData();
  if (file) {
    form.append(
      'image',
      new Blob([file.bytes], { type: file.type ?? 'image/png' }),
      file.name ?? 'product.png',
    );
  }
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

describe.each(dbTargets)('AI content tools on %s', (kind) => {
  let fake: FakeOpenAI;
  let booted: Booted;
  let admin: Agent;
  const articleCount = async () => (await booted.deps.db.select({ n: count() }).from(articles))[0]?.n;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    booted = await testApp(kind, {
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.baseURL, OPENAI_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => {
    await booted?.close();
    await fake?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it('a good vision answer creates a style draft by the admin and returns productName, rating, title, content, excerpt', async () => {
    fake.set({ kind: 'answer', json: goodImageReview });
    const res = await admin.post(
      '/api/admin/analyze-product-image',
      imageForm({ category: 'skincare', priceRange: '£20-£40' }, { bytes: await pngBytes() }),
    );
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({
      productName: 'Rose Glow Serum',
      rating: 4.5, // half stars
      title: goodReview.title,
      excerpt: goodReview.excerpt,
      article: { status: 'draft' },
    });
    // Model HTML is sanitised before it is saved.
    expect(body.content).toContain('<h2>First impressions</h2>');
    // The model never used the product: its rating is a suggestion for the editor, not in the body.
    expect(body.content).not.toContain('Our rating');
    expect(body.content).not.toMatch(/script|onclick/);

    const [row] = await booted.deps.db.select().from(articles).where(eq(articles.id, body.article.id));
    expect(row).toMatchObject({
      status: 'draft',
      category: 'style',
      author: 'Tess User',
      title: goodReview.title,
      slug: body.article.slug,
      publishedAt: null,
    });
    expect(row?.content).toBe(body.content);
    expect(row?.suggestedRating).toBe(4.5);
    expect(row?.imageUrl).toMatch(/^\/uploads\/ai-[\w-]+\.webp$/);
  });

  it('the request the model receives carries the image as a base64 data URL and the chosen category', async () => {
    fake.set({ kind: 'answer', json: goodImageReview });
    const res = await admin.post(
      '/api/admin/analyze-product-image',
      imageForm({ category: 'home-decor', priceRange: 'under £50' }, { bytes: await pngBytes('#336699') }),
    );
    expect(res.status).toBe(201);
    expect(fake.received).toHaveLength(1);
    const req = fake.received[0] as ReceivedRequest;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body.model).toBe('gpt-4o');
    expect(req.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    // Strict mode rejects string length keywords; they are checked on our side instead.
    expect(JSON.stringify(req.body.response_format)).not.toMatch(/minLength|maxLength/);
    expect(Object.keys(req.body.response_format.json_schema.schema.properties).sort()).toEqual([
      'content',
      'excerpt',
      'identified',
      'notIdentifiedReason',
      'productName',
      'rating',
      'title',
    ]);
    // The prompt lets the model say it cannot identify the product, and frames the rating as a suggestion.
    expect(fake.userMessage().text).toMatch(/cannot tell which product this is[\s\S]*do not guess/);
    const { text, imageUrl } = fake.userMessage();
    expect(text).toContain('Category: home decor');
    expect(text).toContain('Price range: under £50');
    expect(imageUrl).toMatch(/^data:image\/jpeg;base64,/);
    const decoded = await sharp(Buffer.from(imageUrl?.split(',')[1] ?? '', 'base64')).metadata();
    expect(decoded).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
  });

  describe('failures create nothing and answer a mapped error', () => {
    const post = async () =>
      admin.post(
        '/api/admin/analyze-product-image',
        imageForm({ category: 'makeup' }, { bytes: await pngBytes() }),
      );

    it.each([
      ['a rating out of range', { kind: 'answer', json: { ...goodImageReview, rating: 9 } }],
      ['an identified product with no title', { kind: 'answer', json: { ...goodImageReview, title: '' } }],
      [
        'a missing field',
        { kind: 'answer', json: { productName: 'x', rating: 3, title: 't', excerpt: 'e' } },
      ],
      ['text that is not JSON', { kind: 'raw', content: 'Sure! Here is your review: ...' }],
    ] as const)('a malformed answer (%s) gives 502 "unusable answer"', async (_, behaviour) => {
      const before = await articleCount();
      fake.set(behaviour);
      const res = await post();
      expect(res.status).toBe(502);
      expect((await json(res)).message).toMatch(/unusable answer.*Nothing was saved/);
      expect(await articleCount()).toBe(before);
    });

    it('upstream 429 is answered at once (no retry) with its Retry-After, not after waiting it out', async () => {
      const before = await articleCount();
      fake.set({ kind: 'status', status: 429, headers: { 'retry-after': '7' } });
      const started = Date.now();
      const res = await post();
      // The SDK used to wait 7 s twice before saying "try again in 7 seconds".
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.status).toBe(429);
      const body = await json(res);
      expect(body.message).toBe('The AI service is busy (rate limited). Please try again in 7 seconds.');
      expect(body.retryAfter).toBe(7);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(fake.received).toHaveLength(1);
      expect(await articleCount()).toBe(before);
    });

    it('a failure is logged with the AI service request id and the upstream text only redacted', async () => {
      const warn = vi.spyOn(booted.deps.logger, 'warn');
      fake.set({ kind: 'status', status: 401, message: `Incorrect API key provided: ${KEY}.` });
      expect((await post()).status).toBe(502);
      const line = warn.mock.calls.find((c) => c[1] === '[ai] call failed')?.[0] as Body;
      expect(line).toMatchObject({
        call: 'product_image_review',
        status: 502,
        upstream: 401,
        requestId: 'req_test_1',
        upstreamMessage: '401 Incorrect API key provided: [redacted].',
      });
      expect(JSON.stringify(warn.mock.calls)).not.toContain(KEY);
    });

    it('upstream 500 gives 502 without the upstream text, the key or a stack', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const before = await articleCount();
      fake.set({ kind: 'status', status: 500 });
      const res = await post();
      expect(res.status).toBe(502);
      const text = await res.text();
      expect(JSON.parse(text).message).toBe('The AI service failed (status 500). Please try again later.');
      expect(text).not.toContain(KEY);
      expect(text).not.toContain('upstream says');
      expect(fake.received).toHaveLength(3);
      const logged = JSON.stringify([...warn.mock.calls, ...error.mock.calls]);
      expect(logged).not.toContain(KEY);
      expect(logged).not.toMatch(/\n\s+at /);
      expect(await articleCount()).toBe(before);
    });

    it('the model cannot identify the product: 422 with its reason, and nothing is saved', async () => {
      const before = await articleCount();
      fake.set({
        kind: 'answer',
        json: {
          identified: false,
          notIdentifiedReason: 'A plain white bottle with no label or brand visible',
          productName: '',
          rating: 0,
          title: '',
          excerpt: '',
          content: '',
        },
      });
      const res = await post();
      expect(res.status).toBe(422);
      expect((await json(res)).message).toBe(
        'The AI could not identify the product in this photo: A plain white bottle with no label or brand visible. Nothing was saved. Try a clearer photo that shows the brand or label.',
      );
      expect(await articleCount()).toBe(before);
    });

    it('a hanging upstream gives 504 within the timeout (3 attempts) and creates nothing', async () => {
      const before = await articleCount();
      fake.set({ kind: 'hang' });
      const started = Date.now();
      const res = await post();
      const elapsed = Date.now() - started;
      expect(res.status).toBe(504);
      expect((await json(res)).message).toMatch(/did not answer in time/);
      expect(fake.received).toHaveLength(3);
      // 3 × timeout plus the SDK's back-off (≈0.5 s + 1 s); the 30 s default would take 90 s.
      expect(elapsed).toBeGreaterThanOrEqual(3 * TIMEOUT_MS);
      expect(elapsed).toBeLessThan(3 * TIMEOUT_MS + 10_000);
      expect(await articleCount()).toBe(before);
    });
  });

  describe('input checks before any AI call', () => {
    it.each([
      ['no category', {}, 'Please select a category'],
      ['an unknown category', { category: 'gardening' }, 'Please select a category'],
    ])('%s gives 400 "%s"', async (_, fields, message) => {
      fake.set({ kind: 'answer', json: goodImageReview });
      const res = await admin.post(
        '/api/admin/analyze-product-image',
        imageForm(fields, { bytes: await pngBytes() }),
      );
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe(message);
      expect(fake.received).toHaveLength(0);
    });

    it('no image gives 400 "Please select an image file"', async () => {
      fake.set({ kind: 'answer', json: goodReview });
      const res = await admin.post('/api/admin/analyze-product-image', imageForm({ category: 'fitness' }));
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe('Please select an image file');
      expect(fake.received).toHaveLength(0);
    });

    it('a file that is not an image (whatever its name) gives 415 and a file over 5 MB gives 413', async () => {
      fake.set({ kind: 'answer', json: goodReview });
      const fakePng = new TextEncoder().encode('<?php echo "hi"; ?>');
      const bad = await admin.post(
        '/api/admin/analyze-product-image',
        imageForm({ category: 'fitness' }, { bytes: fakePng, name: 'x.png' }),
      );
      expect(bad.status).toBe(415);
      expect((await json(bad)).message).toMatch(/Invalid file type/);
      const big = await admin.post(
        '/api/admin/analyze-product-image',
        imageForm({ category: 'fitness' }, { bytes: new Uint8Array(5 * 1024 * 1024 + 1) }),
      );
      expect(big.status).toBe(413);
      expect((await json(big)).message).toMatch(/File too large/);
      expect(fake.received).toHaveLength(0);
    });

    it('a 1,000-frame GIF is refused as /api/upload refuses it, before any AI call (issue 27 §6)', async () => {
      fake.set({ kind: 'answer', json: goodImageReview });
      const before = await articleCount();
      const gif = manyFrameGif();
      const review = await admin.post(
        '/api/admin/analyze-product-image',
        imageForm({ category: 'fitness' }, { bytes: gif, type: 'image/gif', name: 'frames.gif' }),
      );
      const upload = new FormData();
      upload.append('image', new Blob([gif], { type: 'image/gif' }), 'frames.gif');
      const uploaded = await admin.post('/api/upload', upload);
      expect(uploaded.status).toBe(415);
      expect(review.status).toBe(uploaded.status);
      expect(await json(review)).toEqual(await json(uploaded));
      // It cost nothing: the model was never asked, nothing was saved.
      expect(fake.received).toHaveLength(0);
      expect(await articleCount()).toBe(before);
    });

    it('a JSON body instead of multipart gives 415', async () => {
      const res = await admin.post('/api/admin/analyze-product-image', { category: 'fitness' });
      expect(res.status).toBe(415);
    });
  });

  it('an answer wrapped in a ```json code fence is accepted', async () => {
    fake.set({ kind: 'raw', content: `\`\`\`json\n${JSON.stringify({ ...goodReview, rating: 4 })}\n\`\`\`` });
    const res = await admin.post('/api/admin/ai/review', {
      productName: 'Cloud Yoga Mat',
      category: 'fitness',
    });
    expect(res.status).toBe(201);
    expect((await json(res)).rating).toBe(4);
  });

  it('the review generator sends the form to the model and saves a review draft', async () => {
    fake.set({ kind: 'answer', json: { ...goodReview, rating: 3 } });
    const res = await admin.post('/api/admin/ai/review', {
      productName: 'Cloud Yoga Mat',
      category: 'fitness',
      priceRange: '£30-£60',
      targetAudience: 'beginners',
      keyFeatures: 'non-slip, 6mm ,, recycled',
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({ rating: 3, article: { status: 'draft' } });
    const prompt = fake.userMessage().text;
    expect(prompt).toContain('Product: Cloud Yoga Mat');
    expect(prompt).toContain('Target audience: beginners');
    expect(prompt).toContain('Key features: non-slip, 6mm, recycled');
    const [row] = await booted.deps.db.select().from(articles).where(eq(articles.id, body.article.id));
    expect(row).toMatchObject({
      status: 'draft',
      category: 'wellness',
      author: 'Tess User',
      suggestedRating: 3,
    });
    expect(row?.tags).toEqual(['product review', 'fitness']);
  });

  it('the comparison generator saves a draft with a comparison table built from the answer', async () => {
    fake.set({
      kind: 'answer',
      json: {
        title: 'Vitamin C Serums Compared',
        excerpt: 'Three serums, one winner.',
        introduction: '<p>We tried three.</p>',
        table: {
          criteria: ['Price', 'Texture'],
          rows: [
            { product: 'Serum A', values: ['£12', 'Watery'] },
            { product: 'Serum <B>', values: ['£30', 'Gel'] },
          ],
        },
        verdict: '<p>Serum A for value.</p>',
      },
    });
    const res = await admin.post('/api/admin/ai/comparison', {
      category: 'skincare',
      products: 'Serum A\n\nSerum <B>\n',
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.content).toContain('<table>');
    expect(body.content).toContain('<th scope="col">Texture</th>');
    expect(body.content).toContain('<th scope="row">Serum &lt;B&gt;</th><td>£30</td><td>Gel</td>');
    expect(fake.userMessage().text).toContain('- Serum A\n- Serum <B>');
    const [row] = await booted.deps.db.select().from(articles).where(eq(articles.id, body.article.id));
    expect(row).toMatchObject({ status: 'draft', category: 'style', title: 'Vitamin C Serums Compared' });
  });

  it('the generators validate with the shared schemas: one product or no product name gives 400', async () => {
    fake.set({ kind: 'answer', json: goodReview });
    const one = await admin.post('/api/admin/ai/comparison', { category: 'skincare', products: 'Only one' });
    expect(one.status).toBe(400);
    expect((await json(one)).message).toMatch(/at least two products/);
    const noName = await admin.post('/api/admin/ai/review', { productName: ' ', category: 'skincare' });
    expect(noName.status).toBe(400);
    expect((await json(noName)).message).toMatch(/Please enter a product name/);
    expect(fake.received).toHaveLength(0);
  });

  it('status says Active with the model, the AI cap and JSON output', async () => {
    const res = await admin.get('/api/admin/ai/status');
    expect(await res.json()).toEqual({
      configured: true,
      status: 'Active',
      model: 'gpt-4o',
      capMs: 45_000,
      style: 'product',
      outputFormat: 'JSON',
    });
  });

  it('anonymous callers get 401 and non-admins 403 on every AI endpoint', async () => {
    const anon = new Agent(booted.app);
    const { agent: reader } = await signUp(booted.app);
    const calls: Array<[string, string, unknown]> = [
      [
        'POST',
        '/api/admin/analyze-product-image',
        imageForm({ category: 'makeup' }, { bytes: await pngBytes() }),
      ],
      ['POST', '/api/admin/ai/review', { productName: 'x', category: 'makeup' }],
      ['POST', '/api/admin/ai/comparison', { category: 'makeup', products: 'a\nb' }],
      ['GET', '/api/admin/ai/status', undefined],
    ];
    fake.set({ kind: 'answer', json: goodReview });
    for (const [method, path, body] of calls) {
      expect((await anon.request(method, path, body)).status).toBe(401);
      expect((await reader.request(method, path, body)).status).toBe(403);
    }
    expect(fake.received).toHaveLength(0);
  });
});

describe.each(dbTargets)('AI without OPENAI_API_KEY on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  beforeAll(async () => {
    booted = await testApp(kind);
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => booted?.close());

  it('every AI endpoint answers 503 "AI is not configured" and status says Not configured', async () => {
    const form = imageForm({ category: 'makeup' }, { bytes: await pngBytes() });
    for (const [path, body] of [
      ['/api/admin/analyze-product-image', form],
      ['/api/admin/ai/review', { productName: 'x', category: 'makeup' }],
      ['/api/admin/ai/comparison', { category: 'makeup', products: 'a\nb' }],
    ] as const) {
      const res = await admin.post(path, body);
      expect(res.status).toBe(503);
      expect((await json(res)).message).toMatch(/AI is not configured/);
    }
    const status = await (await admin.get('/api/admin/ai/status')).json();
    expect(status).toMatchObject({ configured: false, status: 'Not configured', model: 'gpt-4o' });
    expect(await booted.deps.db.select({ n: count() }).from(articles)).toEqual([{ n: 0 }]);
  });
});

describe('one cap for every AI action (AI_CAP_MS, 45 s in production)', () => {
  it('a slow upstream is stopped at the cap, before the 3 attempts run out: 504 and nothing saved, for the image review, the review and the comparison', {
    timeout: 90_000,
  }, async () => {
    const fake = await startFakeOpenAI();
    const CAP = 900;
    const booted = await testApp('pglite', {
      env: {
        OPENAI_API_KEY: KEY,
        OPENAI_BASE_URL: fake.baseURL,
        OPENAI_TIMEOUT_MS: '600',
        AI_CAP_MS: String(CAP),
      },
    });
    try {
      const admin = (await signUpAdmin(booted)).agent;
      expect((await json(await admin.get('/api/admin/ai/status'))).capMs).toBe(CAP);
      const calls: Array<[string, () => Promise<Response>]> = [
        [
          'image review',
          async () =>
            admin.post(
              '/api/admin/analyze-product-image',
              imageForm({ category: 'makeup' }, { bytes: await pngBytes() }),
            ),
        ],
        ['review', () => admin.post('/api/admin/ai/review', { productName: 'Mat', category: 'fitness' })],
        [
          'comparison',
          () => admin.post('/api/admin/ai/comparison', { category: 'makeup', products: 'a\nb' }),
        ],
      ];
      // The picture encoder is a child process started on first use (about a second under tsx, on a
      // loaded machine more): started before the clock, so the image review's time is the AI's.
      await reencodeInEncoder(await pngBytes(), false);
      for (const [what, call] of calls) {
        fake.set({ kind: 'hang' });
        const started = Date.now();
        const res = await call();
        const elapsed = Date.now() - started;
        expect(res.status, what).toBe(504);
        expect((await json(res)).message, what).toMatch(
          /took longer than 1 s, so we stopped waiting. Nothing was saved/,
        );
        // Without the cap: 3 × 600 ms plus back-off (the review and comparison waited ~92 s in production).
        expect(elapsed, what).toBeGreaterThanOrEqual(CAP);
        expect(elapsed, what).toBeLessThan(3 * 600);
        expect(fake.received.length, what).toBeLessThan(3);
      }
      expect((await booted.deps.db.select({ n: count() }).from(articles))[0]?.n).toBe(0);
    } finally {
      await booted.close();
      await fake.close();
    }
  });

  it('AI_IMAGE_REVIEW_CAP_MS, the older name, still sets the cap', async () => {
    const { loadEnv } = await import('../src/env');
    expect(loadEnv({ AI_IMAGE_REVIEW_CAP_MS: '1200' }).AI_CAP_MS).toBe(1200);
  });
});
