import { RunFeedsTable } from './RunFeedsTable';
import type { RssRun } from './types';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One sentence for a finished run; a failed run never reads like a success. */
export function runOutcome(run: RssRun): { tone: 'ok' | 'warn' | 'fail'; text: string } {
  const failed = run.feeds.filter((f) => f.error).length;
  const made = `${plural(run.articlesCreated, 'new article')}, ${plural(run.recipesCreated, 'recipe')}`;
  if (run.status === 'failed')
    return {
      tone: 'fail',
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
      text: `RSS processing finished with errors: ${failed} of ${plural(run.feeds.length, 'feed')} failed. ${made}.`,
    };
  return { tone: 'ok', text: `RSS processing finished: ${made}.` };
}

const TONE = {
  ok: 'border-green-200 bg-green-50 text-green-900',
  warn: 'border-amber-200 bg-amber-50 text-amber-900',
  fail: 'border-red-200 bg-red-50 text-red-900',
};

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
      {run.feeds.length > 0 && <RunFeedsTable feeds={run.feeds} />}
    </section>
  );
}
