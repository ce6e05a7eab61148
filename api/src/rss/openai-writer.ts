import OpenAI from 'openai';
import { z } from 'zod';
import type { Env } from '../env';
import { builtInRecipeWriter, type RecipeWriter, themedRecipeSchema } from './recipe-writer';

const RECIPE_JSON_SCHEMA = z.toJSONSchema(themedRecipeSchema, { io: 'output' }) as Record<string, unknown>;

/**
 * The recipe writer used by the import: the AI model when OPENAI_API_KEY is set, otherwise the
 * built-in generator (so themed recipes work without a key).
 */
export function defaultRecipeWriter(env: Pick<Env, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>) {
  return env.OPENAI_API_KEY ? openAiRecipeWriter(env) : builtInRecipeWriter;
}

/**
 * Asks the model for a recipe as structured output (JSON schema from the zod schema) and checks the
 * answer with the same zod schema. Throws on any failure; the import then uses the built-in writer.
 * When the AI service (api/src/ai) lands, this can delegate to its structured-completion helper.
 */
export function openAiRecipeWriter(
  env: Pick<Env, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>,
): RecipeWriter {
  const client = new OpenAI({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    timeout: 30_000,
    maxRetries: 1,
  });
  return {
    name: 'ai',
    async write(item, opts = {}) {
      const timeout = opts.timeoutMs ?? 30_000;
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
      const text = completion.choices[0]?.message?.content;
      if (!text) throw new Error('The AI answered without a recipe');
      return themedRecipeSchema.parse(JSON.parse(text));
    },
  };
}
