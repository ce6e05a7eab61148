import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Booted, boot } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { runRssNow } from '../src/rss/run';
import { type FakeOpenAI, startFakeOpenAI } from './ai-fake-openai';
import { capturedLogger, dbTargets, freshDatabase, signUp, signUpAdmin, testEnv } from './helpers';
import { type FeedServer, startFeedServer } from './rss-feed-server';

const TOKEN = 'metrics-token-0123456789';

describe.each(dbTargets)('observable in production on %s', (kind) => {
  let booted: Booted;
  let log: ReturnType<typeof capturedLogger>;
  let fake: FakeOpenAI;
  let feeds: FeedServer;
  beforeAll(async () => {
    log = capturedLogger();
    fake = await startFakeOpenAI();
    feeds = await startFeedServer();
    const env = testEnv({
      LOG_REQUESTS: 'true',
      METRICS_TOKEN: TOKEN,
      PUBLIC_CACHE_MS: '5000',
      RSS_ALLOW_PRIVATE: 'true',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_TIMEOUT_MS: '2000',
    });
    booted = await boot(env, { database: await freshDatabase(kind), logger: log.logger });
    await booted.deps.db.insert(s.articles).values({
      slug: 'observed',
      title: 'Observed',
      excerpt: 'e',
      content: 'c',
      category: 'wellness',
      status: 'published',
      publishedAt: new Date(),
    });
  });
  afterAll(async () => {
    await booted?.close();
    await fake?.close();
    await feeds?.close();
  });

  const requestLines = () => log.lines.filter((l) => l.msg === 'request' || l.msg === 'request failed');

  it('one JSON line per request: id, method, route pattern, status, duration; the id is echoed back', async () => {
    const before = requestLines().length;
    const res = await booted.app.request('/api/content/observed');
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = requestLines().slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      reqId: id,
      method: 'GET',
      route: '/api/content/:identifier',
      path: '/api/content/observed',
      status: 200,
      level: 30,
    });
    expect(typeof lines[0]!.ms).toBe('number');
  });

  it('a cache hit answered before routing is still logged under its route pattern', async () => {
    await booted.app.request('/api/content/observed');
    const hit = await booted.app.request('/api/content/observed');
    expect(requestLines().at(-1)).toMatchObject({
      reqId: hit.headers.get('x-request-id'),
      route: '/api/content/:identifier',
      status: 200,
    });
  });

  it('a server-rendered page is one line: the API reads made while rendering it are not requests of their own', async () => {
    const before = requestLines().length;
    const res = await booted.app.request('/content/observed');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Observed');
    const lines = requestLines().slice(before);
    expect(lines.map((l) => l.path)).toEqual(['/content/observed']);
    expect(lines[0]).toMatchObject({ reqId: res.headers.get('x-request-id'), status: 200 });
  });

  it("keeps a load balancer's X-Request-Id, and replaces one that is not an id", async () => {
    const kept = await booted.app.request('/api/health', { headers: { 'x-request-id': 'lb-42.abc' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-42.abc');
    expect(requestLines().at(-1)).toMatchObject({ reqId: 'lb-42.abc', route: '/api/health' });
    const hostile = await booted.app.request('/api/health', {
      headers: { 'x-request-id': 'a "fake" {line}' },
    });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Only a short, safe form is kept: no long ids, none of a few characters, none starting with punctuation.
    const balancers = [
      '0f8fad5b-d9cb-469f-a165-70867728950e',
      'c2b4a1e9f0d34c7d9e8f7a6b5c4d3e2f',
      'req_01HZX:7',
    ];
    for (const id of balancers) {
      const res = await booted.app.request('/api/health', { headers: { 'x-request-id': id } });
      expect(res.headers.get('x-request-id'), id).toBe(id);
    }
    for (const id of [
      'x'.repeat(65),
      'a'.repeat(128),
      '-rf-0123456',
      '.........',
      'ab',
      'ümlaut-id-1',
      'id\tid-123',
    ]) {
      const res = await booted.app.request('/api/health', { headers: { 'x-request-id': id } });
      const given = res.headers.get('x-request-id');
      expect(given, id).toMatch(/^[0-9a-f-]{36}$/);
      expect(requestLines().at(-1)?.reqId, id).toBe(given);
    }
  });

  it('logs no cookies, tokens, passwords or bodies', async () => {
    const { agent, password } = await signUp(booted.app);
    await agent.get('/api/auth/user');
    await booted.app.request('/api/health', { headers: { authorization: 'Bearer secret-bearer-xyz' } });
    const all = log.raw.join('\n');
    expect(all).not.toContain(password);
    expect(all).not.toContain('secret-bearer-xyz');
    expect(all).not.toMatch(/session_token/);
    expect(all).not.toMatch(/cookie/i);
  });

  it('/metrics needs the Bearer token: 401 without it or with a wrong one', async () => {
    const none = await booted.app.request('/metrics');
    expect(none.status).toBe(401);
    expect((await none.json()) as object).toEqual({ message: 'A valid metrics token is required.' });
    const wrong = await booted.app.request('/metrics', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
  });

  it('/metrics: requests and latency by route pattern, cache hits and misses, pool use, RSS and AI outcomes', async () => {
    await booted.app.request('/api/content?limit=3');
    await booted.app.request('/api/content?limit=3');
    await booted.app.request('/api/content/observed');
    // One AI call that the service fails (500 → we answer 502), one RSS run against a loopback feed.
    fake.set({ kind: 'status', status: 500 });
    const admin = (await signUpAdmin(booted)).agent;
    const review = await admin.post('/api/admin/ai/review', { productName: 'Mat', category: 'fitness' });
    expect(review.status).toBe(502);
    const summary = await runRssNow(booted.deps, 'manual', {
      sources: [{ name: 'Local', url: `${feeds.base}/rss.xml`, category: 'community', makeRecipes: false }],
    });
    expect(summary?.status).toBe('succeeded');

    const res = await booted.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/content\/:identifier",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/content"\} [1-9]/,
    );
    expect(text).toMatch(/public_cache_lookups_total\{result="hit"\} [1-9]/);
    expect(text).toMatch(/public_cache_lookups_total\{result="miss"\} [1-9]/);
    expect(text).toMatch(/ai_calls_total\{call="[a-z_]+",outcome="502"\} 1/);
    expect(text).toMatch(/rss_runs_total\{outcome="succeeded"\} 1/);
    if (kind === 'postgres') expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
    else expect(text).not.toContain('db_pool_connections{');
    expect(text).toContain('process_resident_memory_bytes');
    // Route patterns, never raw ids or slugs: a bounded set of series.
    expect(text).not.toContain('/api/content/observed');
  });
});

describe('/metrics off by default', () => {
  it('answers 404 when METRICS_TOKEN is unset, even with a token', async () => {
    const booted = await boot(testEnv(), { database: await freshDatabase('pglite') });
    try {
      expect((await booted.app.request('/metrics')).status).toBe(404);
      expect(
        (await booted.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status,
      ).toBe(404);
    } finally {
      await booted.close();
    }
  });
});
