import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import type { AppDeps } from '../context';
import { ApiError } from '../lib/http/errors';
import { parseAnswerJson } from './answer-json';
import { aiCapMs, aiClient } from './client';
import { AiAnswerError, logAiFailure, mapAiError } from './errors';

// Strict structured outputs reject some JSON Schema keywords (string lengths); the zod schema
// still enforces them on the answer.
const UNSUPPORTED = new Set(['minLength', 'maxLength']);

function strictSubset(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictSubset);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !UNSUPPORTED.has(k))
      .map(([k, v]) => [
        k,
        k === 'properties'
          ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, strictSubset(s)]))
          : strictSubset(v),
      ]),
  );
}

/** The response_format for a zod schema, within what strict mode accepts. */
export function responseFormat(schema: z.ZodObject, name: string) {
  const format = zodResponseFormat(schema, name);
  return {
    ...format,
    json_schema: {
      ...format.json_schema,
      schema: strictSubset(format.json_schema.schema) as Record<string, unknown>,
    },
  };
}

/**
 * One structured-output chat completion: the schema goes to the model as a strict JSON schema,
 * and the answer is parsed and validated against the same zod schema before anyone uses it.
 * Throws ApiError (503/429/502/504) on any failure.
 */
export async function completeStructured<S extends z.ZodObject>(
  deps: Pick<AppDeps, 'env' | 'logger' | 'metrics'>,
  opts: {
    name: string;
    schema: S;
    messages: ChatCompletionMessageParam[];
    maxTokens?: number;
    /** Stop the whole call (every retry included) after this long: 504. Default: the one AI cap. */
    capMs?: number;
  },
): Promise<z.infer<S>> {
  const { env } = deps;
  const client = aiClient(env);
  const capMs = opts.capMs ?? aiCapMs(env);
  try {
    const completion = await client.chat.completions.create(
      {
        model: env.OPENAI_MODEL,
        messages: opts.messages,
        response_format: responseFormat(opts.schema, opts.name),
        max_completion_tokens: opts.maxTokens ?? 4000,
        temperature: 0.7,
      },
      { signal: AbortSignal.timeout(capMs) },
    );
    // The id the AI service gave this answer: logged if the answer is unusable.
    const requestId = completion._request_id ?? null;
    const unusable = (why: string) => new AiAnswerError(why, requestId);
    const choice = completion.choices?.[0];
    if (!choice) throw unusable('no choices');
    if (choice.message?.refusal) throw unusable('the model declined the request');
    if (choice.finish_reason === 'length') throw unusable('the answer was cut off');
    const text = choice.message?.content;
    if (!text) throw unusable('empty answer');
    let json: unknown;
    try {
      json = parseAnswerJson(text);
    } catch {
      throw unusable('not JSON');
    }
    const parsed = opts.schema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw unusable(`${first?.path.join('.') || 'answer'}: ${first?.message ?? 'invalid'}`);
    }
    deps.metrics.aiCalls.inc({ call: opts.name, outcome: 'ok' });
    return parsed.data;
  } catch (err) {
    const mapped =
      err instanceof OpenAI.APIUserAbortError
        ? new ApiError(
            504,
            `The AI service took longer than ${Math.round(capMs / 1000)} s, so we stopped waiting. Nothing was saved. Please try again.`,
          )
        : mapAiError(err);
    deps.metrics.aiCalls.inc({ call: opts.name, outcome: String(mapped.status) });
    logAiFailure(deps.logger, opts.name, err, mapped);
    throw mapped;
  }
}
