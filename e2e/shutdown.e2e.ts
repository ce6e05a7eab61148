import { afterEach, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../api/test/ai-fake-openai';
import { type RunningSite, startSite } from './harness';
import { acceptsConnections, demoAdmin, signInCookie } from './site-client';

const review = {
  productName: 'Calm Yoga Mat',
  rating: 4,
  title: 'Calm Yoga Mat Review',
  excerpt: 'A grippy, quiet mat.',
  content: '<p>Good grip.</p>',
};

/** SIGTERM is how a load balancer or orchestrator stops an instance in a rolling restart. */
// Each test starts (and stops) its own server process, so each gets the start-up hook's budget.
describe('SIGTERM on the real server', () => {
  let site: RunningSite | undefined;
  let fake: FakeOpenAI | undefined;
  afterEach(async () => {
    await site?.stop();
    await fake?.close();
    site = undefined;
    fake = undefined;
  });

  /** A site whose AI calls go to the local fake, and one AI review in flight there (answered as told). */
  async function slowRequestInFlight(env: Record<string, string>, answer: Parameters<FakeOpenAI['set']>[0]) {
    const ai = await startFakeOpenAI();
    fake = ai;
    const s = await startSite({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: ai.baseURL, ...env });
    site = s;
    const admin = demoAdmin(s.output());
    const cookie = await signInCookie(s.url, admin.email, admin.password);
    ai.set(answer);
    const pending = fetch(`${s.url}/api/admin/ai/review`, {
      method: 'POST',
      headers: { cookie, origin: s.url, 'content-type': 'application/json' },
      body: JSON.stringify({ productName: 'Calm Yoga Mat', category: 'fitness' }),
    });
    await expect.poll(() => ai.received.length, { timeout: 10_000 }).toBe(1);
    return { pending, s };
  }

  it('finishes the request in flight, refuses new connections at once, closes and exits 0', async () => {
    const { pending, s } = await slowRequestInFlight(
      { SHUTDOWN_TIMEOUT_MS: '10000' },
      { kind: 'answer', json: review, delayMs: 1500 },
    );
    const sentAt = Date.now();
    s.kill('SIGTERM');
    await expect.poll(() => s.output()).toContain('SIGTERM: shutting down');
    expect(await acceptsConnections(s.port)).toBe(false);

    const res = await pending;
    expect(res.status).toBe(201);
    expect(((await res.json()) as { article: { status: string } }).article.status).toBe('draft');
    expect(await s.exited).toBe(0);
    // It waited for the answer (1.5 s at the model), and not for the whole 10 s bound.
    expect(Date.now() - sentAt).toBeGreaterThan(1000);
    expect(Date.now() - sentAt).toBeLessThan(8000);
  }, 120_000);

  it('a request that outlasts SHUTDOWN_TIMEOUT_MS is cut, and the process still exits within the bound', async () => {
    const { pending, s } = await slowRequestInFlight({ SHUTDOWN_TIMEOUT_MS: '500' }, { kind: 'hang' });
    const sentAt = Date.now();
    s.kill('SIGTERM');
    const outcome = await pending.then(
      (r) => `status ${r.status}`,
      () => 'connection closed',
    );
    expect(outcome).toBe('connection closed');
    expect(await s.exited).toBe(1);
    expect(Date.now() - sentAt).toBeLessThan(4000);
    expect(s.output()).toContain('requests still open after 500 ms were cut');
  }, 120_000);
});
