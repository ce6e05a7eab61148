import type { Logger } from '../observe/logger';
import OpenAI from 'openai';
import { ApiError } from '../lib/errors';

/** The model answered, but not in the shape we asked for: nothing is saved. */
export class AiAnswerError extends Error {}

const seconds = (headers: Headers | undefined): number | undefined => {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return Math.ceil(ms / 1000);
  const raw = headers?.get('retry-after');
  if (!raw) return undefined;
  const s = Number(raw);
  if (Number.isFinite(s) && s >= 0) return Math.ceil(s);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
};

/**
 * Upstream failures as our own errors (issue 7): 429 → 429 with a retry hint, timeout → 504,
 * everything else → 502. Messages are ours: the upstream text can echo part of the key.
 */
export function mapAiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    return new ApiError(504, 'The AI service did not answer in time. Please try again.');
  }
  if (err instanceof OpenAI.RateLimitError) {
    const retryAfter = seconds(err.headers) ?? 30;
    return new ApiError(
      429,
      `The AI service is busy (rate limited). Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      { retryAfter },
    );
  }
  if (err instanceof AiAnswerError) {
    return new ApiError(
      502,
      `The AI service returned an unusable answer (${err.message}). Nothing was saved.`,
    );
  }
  if (err instanceof OpenAI.AuthenticationError || err instanceof OpenAI.PermissionDeniedError) {
    return new ApiError(502, 'The AI service refused our credentials. Check the OpenAI API key.');
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return new ApiError(502, 'Could not reach the AI service. Please try again later.');
  }
  if (err instanceof OpenAI.APIError) {
    return new ApiError(
      502,
      `The AI service failed (status ${err.status ?? 'unknown'}). Please try again later.`,
    );
  }
  return new ApiError(502, 'The AI request failed. Please try again later.');
}

/** One log line without the error object: no stack, no upstream text, no key. */
export function logAiFailure(logger: Logger, what: string, err: unknown, mapped: ApiError) {
  logger.warn(
    {
      call: what,
      status: mapped.status,
      upstream: err instanceof OpenAI.APIError ? (err.status ?? err.constructor.name) : undefined,
      error: (err as Error)?.constructor?.name ?? 'unknown',
    },
    '[ai] call failed',
  );
}
