import { timeAgo, formatDateTime } from '@site/shared';
import { RunFeedsTable } from './RunFeedsTable';
import { AiOutcomeLine } from './RunProgress';
import type { RssRun } from './types';

const STATUS_LABEL: Record<RssRun['status'], string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  warnings: 'Succeeded with warnings',
  partial: 'Partly failed',
  failed: 'Failed',
};
const STATUS_CLASS: Record<RssRun['status'], string> = {
  running: 'bg-blue-100 text-blue-800',
  succeeded: 'bg-green-100 text-green-800',
  warnings: 'bg-amber-100 text-amber-900',
  partial: 'bg-amber-100 text-amber-800',
  failed: 'bg-red-100 text-red-800',
};

/** The last runs with each feed's counts and error, so an admin can see which feed is broken. */
export function RunHistory({ runs }: { runs: RssRun[] }) {
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-6">
      <h3 className="text-lg font-semibold text-stone-900">Recent Runs</h3>
      {runs.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No runs yet.</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {runs.map((run) => (
            <li key={run.id} className="rounded-md border border-stone-100 p-3">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[run.status]}`}>
                  {STATUS_LABEL[run.status]}
                </span>
                <span className="text-stone-700" title={formatDateTime(run.startedAt)}>
                  {run.trigger === 'schedule' ? 'Scheduled' : 'Manual'} run, started {timeAgo(run.startedAt)}
                </span>
                {run.finishedAt && (
                  <span className="text-stone-500">
                    · {run.articlesCreated} new articles, {run.recipesCreated} recipes
                  </span>
                )}
              </div>
              {run.error && <p className="mt-1 text-sm text-red-700">{run.error}</p>}
              <AiOutcomeLine run={run} />
              {run.feeds.length > 0 && <RunFeedsTable feeds={run.feeds} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
