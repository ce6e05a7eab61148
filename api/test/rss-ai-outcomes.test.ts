import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles, recipes, rssRuns } from '../src/db/schema';
import { runRssNow, startRssRun } from '../src/rss/run';
import type { FeedSource } from '../src/rss/sources';
import { type FakeOpenAI, startFakeOpenAI } from './ai-fake-openai';
import { dbTargets, testApp } from './helpers';
import { type FeedServer, startFeedServer } from './rss-feed-server';

/**
 * Issue 28 item 8 and issue 25 item 9: when the AI fails during a run, the run says so (how many
 * recipes each writer wrote, and why), is "succeeded with warnings", and the log line carries the
 * AI service's request id and never its unredacted text.
 */
const KEY = 'sk-test-secret-key-1234567890';
const aiRecipe = {
  title: 'Steel Cage Chicken Skewers',
  description: 'Charred skewers for a championship night in.',
  prepTime: 20,
  cookTime: 12,
  servings: 4,
  cuisine: 'american',
  difficulty: 'easy',
  ingredients: ['600 g chicken thigh', '2 tbsp barbecue sauce', '1 red onion', '1 green pepper'],
  instructions: ['Thread the chicken and vegetables onto skewers.', 'Grill for 12 minutes, basting.'],
  tags: ['Grill'],
};

let feeds: FeedServer;
let fake: FakeOpenAI;
beforeAll(async () => {
  [feeds, fake] = await Promise.all([startFeedServer(), startFakeOpenAI()]);
});
afterAll(async () => {
  await feeds.close();
  await fake.close();
});

const ring = (): FeedSource => ({
  name: 'Turnbuckle Times',
  url: `${feeds.base}/files/ring-news.xml`,
  category: 'sports',
  makeRecipes: true,
});

type Call = [Record<string, unknown>, string];
const logged = (spy: { mock: { calls: unknown[][] } }, message: string) =>
  (spy.mock.calls as Call[]).filter((c) => c[1] === message).map((c) => c[0]);

describe.each(dbTargets)('AI failures in an RSS run on %s', (kind) => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp(kind, {
      env: { RSS_ALLOW_PRIVATE: 'true', OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.baseURL },
    });
  });
  afterAll(async () => booted?.close());
  beforeEach(async () => {
    await booted.deps.db.delete(recipes);
    await booted.deps.db.delete(articles);
    vi.restoreAllMocks();
  });

  it.each([
    [
      '401',
      {
        kind: 'status',
        status: 401,
        message: `Incorrect API key provided: ${KEY}. You can find your API key in your account.`,
      },
      '401 unauthorised: check the OpenAI API key',
      'req_test_1',
    ],
    [
      '429',
      { kind: 'status', status: 429, headers: { 'retry-after': '7' } },
      '429 rate limited (retry after 7 s)',
      'req_test_1',
    ],
    ['500', { kind: 'status', status: 500 }, '500 error from the AI service', 'req_test_1'],
    ['a hang', { kind: 'hang' }, 'no answer in time', null],
    [
      'malformed JSON',
      { kind: 'raw', content: 'Sure! Here is a recipe: {"title": ' },
      'an unusable answer (not JSON)',
      'req_test_1',
    ],
    // Issue 44: a refusal is said as one, not as "an unusable answer (empty answer)".
    [
      'a refusal',
      { kind: 'refusal', refusal: 'I am sorry, I will not write that recipe.' },
      'the AI refused to write a recipe for this item',
      'req_test_1',
    ],
  ] as const)(
    'the AI answering %s: the run is "succeeded with warnings" and says who wrote the 6 recipes and why',
    async (_, behaviour, failure, requestId) => {
      fake.set(behaviour);
      const warn = vi.spyOn(booted.deps.logger, 'warn');
      const summary = await runRssNow(booted.deps, 'manual', {
        sources: [ring()],
        ai: { callTimeoutMs: 400 },
      });
      expect(summary?.status).toBe('warnings');
      const ai = { writer: 'ai', aiRecipes: 0, builtInRecipes: 6, failure, requestId };
      expect(summary?.ai).toEqual(ai);
      const row = await booted.deps.db.query.rssRuns.findFirst({
        where: eq(rssRuns.id, summary?.runId ?? 0),
      });
      expect(row).toMatchObject({ status: 'warnings', recipesCreated: 6, ai });
      // One call, then the built-in writer for the rest of the run: a 429 is not waited out.
      expect(fake.received).toHaveLength(1);
      for (const r of await booted.deps.db.select({ title: recipes.title }).from(recipes))
        expect(r.title).toMatch(/, inspired by “/);

      const [failed] = logged(
        warn,
        '[rss] AI recipe writer failed; the built-in writer writes the rest of the run',
      );
      expect(failed).toMatchObject({ call: 'rss_recipe', why: failure, requestId: requestId ?? undefined });
      const [finished] = logged(warn, '[rss] run finished');
      expect(finished).toMatchObject({
        runId: summary?.runId,
        trigger: 'manual',
        status: 'warnings',
        recipesCreated: 6,
        ai: `AI: ${failure}, 6 recipes by the built-in writer`,
      });
      // The upstream text went through the redactor: the key it quoted is not in any log line.
      const everything = JSON.stringify(warn.mock.calls);
      expect(everything).not.toContain(KEY);
      // The model's own words of refusal are upstream text: never logged.
      if (behaviour.kind === 'refusal') expect(everything).not.toContain(behaviour.refusal);
      if (behaviour.kind === 'status' && 'message' in behaviour)
        expect(failed?.upstreamMessage).toMatch(/Incorrect API key provided: \[redacted\]/);
    },
  );

  it('an answer wrapped in a ```json code fence is accepted: 6 recipes by the AI, the run succeeds', async () => {
    fake.set({ kind: 'raw', content: `\`\`\`json\n${JSON.stringify(aiRecipe, null, 2)}\n\`\`\`` });
    const summary = await runRssNow(booted.deps, 'manual', { sources: [ring()] });
    expect(summary?.status).toBe('succeeded');
    expect(summary?.ai).toEqual({
      writer: 'ai',
      aiRecipes: 6,
      builtInRecipes: 0,
      failure: null,
      requestId: null,
    });
    const titles = await booted.deps.db.select({ title: recipes.title }).from(recipes);
    expect(titles.map((t) => t.title)).toEqual(Array(6).fill(aiRecipe.title));
  });

  it('every run logs one line with its outcome: a scheduled success and a manual failure', async () => {
    fake.set({ kind: 'answer', json: aiRecipe });
    const info = vi.spyOn(booted.deps.logger, 'info');
    const error = vi.spyOn(booted.deps.logger, 'error');
    const scheduled = await startRssRun(booted.deps, 'schedule', { sources: [ring()] });
    await scheduled?.done;
    const failing = await runRssNow(booted.deps, 'manual', {
      sources: [{ ...ring(), name: 'Gone', url: `${feeds.base}/500?token=secret-token-value` }],
    });
    expect(logged(info, '[rss] run finished')).toEqual([
      expect.objectContaining({
        runId: scheduled?.runId,
        trigger: 'schedule',
        status: 'succeeded',
        feeds: 1,
      }),
    ]);
    expect(logged(error, '[rss] run finished')).toEqual([
      expect.objectContaining({
        runId: failing?.runId,
        trigger: 'manual',
        status: 'failed',
        failedFeeds: [{ name: 'Gone', problem: 'The server answered 500' }],
      }),
    ]);
    // No URL (and so no query string) in a run's log line.
    expect(JSON.stringify([...info.mock.calls, ...error.mock.calls])).not.toContain('secret-token-value');
  });
});
