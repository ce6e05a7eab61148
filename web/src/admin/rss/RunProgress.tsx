import { describeAiOutcome } from '@site/shared';
import { RunFeedsTable } from './RunFeedsTable';
import type { RssRun } from './types';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export type RunTone = 'ok' | 'warn' | 'fail';

/** One sentence for a finished run; a failed run never reads like a success. */
export function runOutcome(run: RssRun): { tone: RunTone; title: string; text: string } {
  const failed = run.feeds.filter((f) => f.error).length;
  const made = `${plural(run.articlesCreated, 'new article')}, ${plural(run.recipesCreated, 'recipe')}`;
  if (run.status === 'failed')
    return {
      tone: 'fail',
      title: 'RSS processing failed',
      text:
        run.feeds.length > 1
          ? `RSS processing failed: none of the ${run.feeds.length} feeds could be imported.`
          : run.feeds.length === 1
            ? 'RSS processing failed: the feed could not be imported.'
            : `RSS processing failed${run.error ? `: ${run.error}` : '.'}`,
    };
  if (run.status === 'partial')
    return {
      tone: 'warn',
      title: 'RSS processing partly failed',
      text: `RSS processing finished with errors: ${failed} of ${plural(run.feeds.length, 'feed')} failed. ${made}.`,
    };
  if (run.status === 'warnings') {
    const warned = run.feeds.filter((f) => f.warnings?.length).length;
    const why = [
      run.ai?.failure ? 'the AI failed' : '',
      warned ? `${plural(warned, 'feed')} had problems` : '',
    ].filter(Boolean);
    return {
      tone: 'warn',
      title: 'RSS processing succeeded with warnings',
      text: `RSS processing succeeded with warnings (${why.join(' and ') || 'see below'}): ${made}.`,
    };
  }
  return { tone: 'ok', title: 'RSS processing finished', text: `RSS processing finished: ${made}.` };
}

const TONE = {
  ok: 'border-green-200 bg-green-50 text-green-900',
  warn: 'border-amber-200 bg-amber-50 text-amber-900',
  fail: 'border-red-200 bg-red-50 text-red-900',
};

/** "AI: 429 rate limited, 24 recipes by the built-in writer", with the AI service's request id. */
export function AiOutcomeLine({ run }: { run: RssRun }) {
  const words = describeAiOutcome(run.ai);
  if (!words) return null;
  return (
    <p className={`mt-1 text-sm ${run.ai?.failure ? 'font-medium text-amber-900' : 'text-stone-700'}`}>
      {words}
      {run.ai?.requestId && (
        <span className="ml-1 break-all text-xs font-normal text-stone-600">
          (request {run.ai.requestId})
        </span>
      )}
    </p>
  );
}

/** The run started from this tab, followed on screen to its end, feed by feed. */
export function RunProgress({ run }: { run: RssRun | undefined }) {
  if (!run || run.status === 'running') {
    const done = run?.feeds.length ?? 0;
    return (
      <section aria-label="Current RSS run" className="rounded-lg border border-blue-200 bg-blue-50 p-4">
        <p role="status" className="font-medium text-blue-900">
          Processing RSS feeds...{run ? ` ${done} of ${plural(run.feedsTotal, 'feed')} done.` : ''}
        </p>
        {run && run.feeds.length > 0 && <RunFeedsTable feeds={run.feeds} />}
      </section>
    );
  }
  const outcome = runOutcome(run);
  return (
    <section aria-label="Current RSS run" className={`rounded-lg border p-4 ${TONE[outcome.tone]}`}>
      <p role={outcome.tone === 'ok' ? 'status' : 'alert'} className="font-medium">
        {outcome.text}
      </p>
      <AiOutcomeLine run={run} />
      {run.feeds.length > 0 && <RunFeedsTable feeds={run.feeds} />}
    </section>
  );
}
