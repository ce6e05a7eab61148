import { z } from 'zod';
import { parseAnswerJson } from '../ai/answer-json';
import { openAiClient } from '../ai/client';
import { AiAnswerError } from '../ai/errors';
import type { Env } from '../env';
import { builtInRecipeWriter, type RecipeWriter, themedRecipeSchema } from './recipe-writer';

const RECIPE_JSON_SCHEMA = z.toJSONSchema(themedRecipeSchema, { io: 'output' }) as Record<string, unknown>;
const DEFAULT_TIMEOUT_MS = 30_000;
/** The AiAnswerError message of a refusal (OpenAI's `refusal` field); ai-budget.ts words it. */
export const AI_REFUSED = 'refused';

type AiEnv = Pick<Env, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>;

/**
 * The recipe writer used by the import: the AI model when OPENAI_API_KEY is set, otherwise the
 * built-in generator (so themed recipes work without a key).
 */
export function defaultRecipeWriter(env: AiEnv) {
  return env.OPENAI_API_KEY ? openAiRecipeWriter(env) : builtInRecipeWriter;
}

/**
 * Asks the model for a recipe as structured output (JSON schema from the zod schema) and checks the
 * answer with the same zod schema. Throws the SDK's or zod's error on any failure; the run's writer
 * (ai-budget.ts) records why and uses the built-in writer.
 */
export function openAiRecipeWriter(env: AiEnv): RecipeWriter {
  // The same client setup as the AI tools: a 429 is answered at once, never waited out.
  const client = openAiClient(env, { timeout: DEFAULT_TIMEOUT_MS, maxRetries: 1 });
  return {
    name: 'ai',
    async write(item, opts = {}) {
      const timeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const completion = await client.chat.completions.create(
        {
          model: env.OPENAI_MODEL,
          temperature: 0.8,
          max_completion_tokens: 1200,
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'themed_recipe', schema: RECIPE_JSON_SCHEMA, strict: false },
          },
          messages: [
            {
              role: 'system',
              content:
                'You write fun, cookable recipes for a lifestyle site. Theme the recipe on the wrestling news item ' +
                'you are given (name and story), but keep ingredients, quantities and steps realistic and safe. ' +
                'Answer with JSON matching the schema. Times are in minutes.',
            },
            {
              role: 'user',
              // The item is data, not instructions: it is quoted as JSON.
              content: `News item: ${JSON.stringify({ title: item.title, summary: item.excerpt, source: item.source })}`,
            },
          ],
        },
        // Under a run's budget a call gets no retry: a timed-out service is not asked twice.
        { timeout, maxRetries: opts.timeoutMs ? 0 : 1, signal: AbortSignal.timeout(timeout + 1000) },
      );
      const requestId = completion._request_id ?? null;
      const message = completion.choices[0]?.message;
      // A refusal is the model declining, not a broken answer: said as such (its words stay upstream).
      if (message?.refusal) throw new AiAnswerError(AI_REFUSED, requestId);
      const text = message?.content;
      if (!text) throw new AiAnswerError('empty answer', requestId);
      let json: unknown;
      try {
        json = parseAnswerJson(text);
      } catch {
        throw new AiAnswerError('not JSON', requestId);
      }
      const recipe = themedRecipeSchema.safeParse(json);
      if (!recipe.success) throw new AiAnswerError('not a recipe', requestId);
      return recipe.data;
    },
  };
}
