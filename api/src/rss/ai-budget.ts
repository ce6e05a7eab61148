import { AiAnswerError, aiFailureFields, aiFailureWords, aiRequestId } from '../ai/errors';
import type { AppDeps } from '../context';
import type { RunAiOutcome } from '@site/shared';
import { AI_REFUSED } from './openai-writer';
import {
  builtInRecipeWriter,
  type RecipeWriter,
  type ThemedRecipe,
  type ThemeItem,
  themedRecipeSchema,
} from './recipe-writer';

/** The AI time one run may spend on recipes, all calls together (the same cap as every AI action). */
export const AI_RUN_BUDGET_MS = 45_000;
/** One AI call's limit (no retries: a dead service gets one chance per run). */
export const AI_CALL_TIMEOUT_MS = 20_000;

export type WrittenBy = 'ai' | 'built-in';

export interface BudgetedWriter extends RecipeWriter {
  /** A recipe and which writer made it. */
  writeTracked(item: ThemeItem): Promise<{ recipe: ThemedRecipe; by: WrittenBy }>;
  /** Count a recipe that was stored. */
  stored(by: WrittenBy): void;
  /** Who wrote the run's stored recipes, and why the built-in writer took over (if it did). */
  outcome(): RunAiOutcome;
  /** Why the run stopped asking the AI, once it has. */
  readonly stoppedBecause: string | null;
}

/**
 * One run's recipe writer: the given writer while its time budget lasts, the built-in one after.
 * Once a call fails (a timeout, an error, an answer off the schema) the rest of the run uses the
 * built-in writer, so a dead AI service costs one call's timeout per run, not one per item. The
 * failure is counted and said in the run ("AI: 429 rate limited, 24 recipes by the built-in writer").
 */
export function budgetedWriter(
  writer: RecipeWriter,
  { budgetMs = AI_RUN_BUDGET_MS, callTimeoutMs = AI_CALL_TIMEOUT_MS } = {},
  observe?: Pick<AppDeps, 'logger' | 'metrics'>,
): BudgetedWriter {
  const deadline = Date.now() + budgetMs;
  const usesAi = writer !== builtInRecipeWriter;
  let stoppedBecause: string | null = null;
  let requestId: string | null = null;
  const counts = { ai: 0, 'built-in': 0 };
  // Feeds import side by side, but AI calls go one at a time, so the first timeout is seen by all.
  let queue: Promise<unknown> = Promise.resolve();

  async function writeOne(item: ThemeItem): Promise<{ recipe: ThemedRecipe; by: WrittenBy }> {
    const builtIn = async () => ({ recipe: await builtInRecipeWriter.write(item), by: 'built-in' as const });
    if (!usesAi || stoppedBecause) return builtIn();
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      stoppedBecause = `the run used up its AI time (${Math.round(budgetMs / 1000)} s)`;
      return builtIn();
    }
    try {
      const recipe = themedRecipeSchema.parse(
        await writer.write(item, { timeoutMs: Math.min(callTimeoutMs, remaining) }),
      );
      observe?.metrics.aiCalls.inc({ call: 'rss_recipe', outcome: 'ok' });
      return { recipe, by: 'ai' };
    } catch (err) {
      stoppedBecause =
        err instanceof AiAnswerError && err.message === AI_REFUSED
          ? 'the AI refused to write a recipe for this item'
          : aiFailureWords(err);
      requestId = aiRequestId(err);
      const invalid = err instanceof AiAnswerError || (err as Error)?.name === 'ZodError';
      observe?.metrics.aiCalls.inc({ call: 'rss_recipe', outcome: invalid ? 'invalid' : 'failed' });
      observe?.logger.warn(
        { call: 'rss_recipe', why: stoppedBecause, ...aiFailureFields(err) },
        '[rss] AI recipe writer failed; the built-in writer writes the rest of the run',
      );
      return builtIn();
    }
  }

  return {
    name: writer.name,
    get stoppedBecause() {
      return stoppedBecause;
    },
    writeTracked(item) {
      const turn = queue.then(() => writeOne(item));
      queue = turn.catch(() => undefined);
      return turn;
    },
    async write(item) {
      return (await this.writeTracked(item)).recipe;
    },
    stored(by) {
      counts[by]++;
    },
    outcome: () => ({
      writer: usesAi ? 'ai' : 'built-in',
      aiRecipes: counts.ai,
      builtInRecipes: counts['built-in'],
      failure: stoppedBecause,
      requestId,
    }),
  };
}
