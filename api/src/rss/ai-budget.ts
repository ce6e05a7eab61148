import { ZodError } from 'zod';
import type { AppDeps } from '../context';
import { builtInRecipeWriter, type RecipeWriter, type ThemeItem, themedRecipeSchema } from './recipe-writer';

/** The AI time one run may spend on recipes, all calls together. */
export const AI_RUN_BUDGET_MS = 45_000;
/** One AI call's limit (no retries: a dead service gets one chance per run). */
export const AI_CALL_TIMEOUT_MS = 20_000;

export interface BudgetedWriter extends RecipeWriter {
  /** Why the run stopped asking the AI, once it has. */
  readonly stoppedBecause: string | null;
}

/**
 * One run's recipe writer: the given writer while its time budget lasts, the built-in one after.
 * Once a call fails (a timeout, an error, an answer off the schema) the rest of the run uses the
 * built-in writer, so a dead AI service costs one call's timeout per run, not one per item.
 */
export function budgetedWriter(
  writer: RecipeWriter,
  { budgetMs = AI_RUN_BUDGET_MS, callTimeoutMs = AI_CALL_TIMEOUT_MS } = {},
  observe?: Pick<AppDeps, 'logger' | 'metrics'>,
): BudgetedWriter {
  const deadline = Date.now() + budgetMs;
  let stoppedBecause: string | null = null;
  // Feeds import side by side, but AI calls go one at a time, so the first timeout is seen by all.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    name: writer.name,
    get stoppedBecause() {
      return stoppedBecause;
    },
    write(item) {
      const turn = queue.then(() => writeOne(item));
      queue = turn.catch(() => undefined);
      return turn;
    },
  };

  async function writeOne(item: ThemeItem) {
    const remaining = deadline - Date.now();
    if (writer === builtInRecipeWriter || stoppedBecause) return builtInRecipeWriter.write(item);
    if (remaining <= 0) {
      stoppedBecause = 'the run used up its AI time budget';
      return builtInRecipeWriter.write(item);
    }
    try {
      const recipe = themedRecipeSchema.parse(
        await writer.write(item, { timeoutMs: Math.min(callTimeoutMs, remaining) }),
      );
      observe?.metrics.aiCalls.inc({ call: 'rss_recipe', outcome: 'ok' });
      return recipe;
    } catch (err) {
      const invalid = err instanceof ZodError;
      stoppedBecause = invalid ? 'its answer did not match the recipe schema' : (err as Error).message;
      observe?.metrics.aiCalls.inc({ call: 'rss_recipe', outcome: invalid ? 'invalid' : 'failed' });
      const why = `${writer.name} recipe writer failed (${stoppedBecause}); built-in from now on`;
      if (observe) observe.logger.warn(`[rss] ${why}`);
      else console.warn(`[rss] ${why}`);
      return builtInRecipeWriter.write(item);
    }
  }
}
