import OpenAI from 'openai';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';

export const AI_NOT_CONFIGURED_MESSAGE = 'AI is not configured on this server (OPENAI_API_KEY is not set).';

/** AI needs only the key; the base URL defaults to OpenAI's (or OPENAI_BASE_URL). */
export const aiConfigured = (env: Env) => Boolean(env.OPENAI_API_KEY);

/**
 * A client for one request, built from this app's env (no module-level singleton, so tests can
 * point each app at their own server). Throws 503 when no key is set.
 */
export function aiClient(env: Env): OpenAI {
  if (!env.OPENAI_API_KEY) throw new ApiError(503, AI_NOT_CONFIGURED_MESSAGE);
  return new OpenAI({
    apiKey: env.OPENAI_API_KEY,
    // undefined lets the SDK fall back to OPENAI_BASE_URL / api.openai.com as usual.
    baseURL: env.OPENAI_BASE_URL,
    timeout: env.OPENAI_TIMEOUT_MS,
    maxRetries: 2,
  });
}
