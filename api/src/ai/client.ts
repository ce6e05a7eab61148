import { AI_CAP_MS } from '@site/shared';
import OpenAI from 'openai';
import type { Env } from '../env';
import { ApiError } from '../lib/http/errors';

export const AI_NOT_CONFIGURED_MESSAGE = 'AI is not configured on this server (OPENAI_API_KEY is not set).';

/** AI needs only the key; the base URL defaults to OpenAI's (or OPENAI_BASE_URL). */
export const aiConfigured = (env: Env) => Boolean(env.OPENAI_API_KEY);

/** The cap on one AI action, every attempt included (the admin's countdown shows it). */
export const aiCapMs = (env: Pick<Env, 'AI_CAP_MS'>) => env.AI_CAP_MS ?? AI_CAP_MS;

/**
 * The SDK retries a 429 after its Retry-After, so an editor waited 14 s only to read "try again in
 * 7 seconds". A rate limit is answered at once instead: the SDK obeys `x-should-retry: false`, which
 * this fetch adds to 429 answers. Timeouts and 5xx are still retried.
 */
export const noRateLimitRetries: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (res.status !== 429) return res;
  const headers = new Headers(res.headers);
  headers.set('x-should-retry', 'false');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
};

/** An OpenAI client for this app's env: the one place its options are set. */
export function openAiClient(
  env: Pick<Env, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL'>,
  opts: { timeout: number; maxRetries: number },
): OpenAI {
  return new OpenAI({
    apiKey: env.OPENAI_API_KEY,
    // undefined lets the SDK fall back to OPENAI_BASE_URL / api.openai.com as usual.
    baseURL: env.OPENAI_BASE_URL,
    fetch: noRateLimitRetries,
    ...opts,
  });
}

/**
 * A client for one request, built from this app's env (no module-level singleton, so tests can
 * point each app at their own server). Throws 503 when no key is set.
 */
export function aiClient(env: Env): OpenAI {
  if (!env.OPENAI_API_KEY) throw new ApiError(503, AI_NOT_CONFIGURED_MESSAGE);
  return openAiClient(env, { timeout: env.OPENAI_TIMEOUT_MS, maxRetries: 2 });
}
