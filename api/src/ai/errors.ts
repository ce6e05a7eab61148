import OpenAI from 'openai';
import { ApiError } from '../lib/http/errors';
import type { Logger } from '../observe/logger';
import { outsideText } from '../observe/redact';

/** The model answered, but not in the shape we asked for: nothing is saved. */
export class AiAnswerError extends Error {
  constructor(
    message: string,
    /** The AI service's id of the request that answered (`x-request-id`). */
    readonly requestId: string | null = null,
  ) {
    super(message);
  }
}

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

/** The AI service's id of a failed request (`x-request-id`): what its support asks for. */
export const aiRequestId = (err: unknown): string | null =>
  err instanceof OpenAI.APIError
    ? (err.requestID ?? null)
    : err instanceof AiAnswerError
      ? err.requestId
      : null;

/**
 * What a log line may say about an AI failure: our kind, the upstream status, its request id, and
 * the upstream message only through the redactor (it can quote part of a key). Never the error object.
 */
export function aiFailureFields(err: unknown) {
  return {
    upstream: err instanceof OpenAI.APIError ? (err.status ?? err.constructor.name) : undefined,
    requestId: aiRequestId(err) ?? undefined,
    error: (err as Error)?.constructor?.name ?? 'unknown',
    upstreamMessage: err instanceof Error ? outsideText(err.message, 200) : undefined,
  };
}

/** One log line without the error object: no stack, no unredacted upstream text, no key. */
export function logAiFailure(logger: Logger, what: string, err: unknown, mapped: ApiError) {
  logger.warn({ call: what, status: mapped.status, ...aiFailureFields(err) }, '[ai] call failed');
}

/**
 * Why an AI call failed, in the few words a run shows an editor ("429 rate limited"); the same
 * words whichever writer or route asked. Upstream texts never appear here.
 */
export function aiFailureWords(err: unknown): string {
  if (err instanceof OpenAI.APIUserAbortError || err instanceof OpenAI.APIConnectionTimeoutError)
    return 'no answer in time';
  if ((err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError')
    return 'no answer in time';
  if (err instanceof OpenAI.RateLimitError) {
    const retryAfter = seconds(err.headers);
    return `429 rate limited${retryAfter !== undefined ? ` (retry after ${retryAfter} s)` : ''}`;
  }
  if (err instanceof OpenAI.AuthenticationError) return '401 unauthorised: check the OpenAI API key';
  if (err instanceof OpenAI.PermissionDeniedError) return '403 refused: check the OpenAI API key and model';
  if (err instanceof OpenAI.NotFoundError) return '404 not found: check OPENAI_MODEL and OPENAI_BASE_URL';
  if (err instanceof OpenAI.APIConnectionError) return 'the AI service could not be reached';
  if (err instanceof OpenAI.APIError) return `${err.status ?? 'unknown'} error from the AI service`;
  if (err instanceof AiAnswerError) return `an unusable answer (${err.message})`;
  if (err instanceof SyntaxError) return 'an unusable answer (not JSON)';
  if ((err as Error)?.name === 'ZodError') return 'an unusable answer (not a recipe)';
  return 'the AI request failed';
}
